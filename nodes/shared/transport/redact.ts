/**
 * Secrets are the instance token (it sits in every URL path), the client token and the
 * trigger's delivery secrets. Anything that may come from a request (a URL, a body echoed
 * by a server, an error text) passes through here before it can reach a message, a log
 * line or execution data.
 *
 * A server that echoes a request may carry a secret in another form than it was sent:
 * %-encoded (upper- or lower-case hex, every character or only some, once or twice),
 * form-encoded ('+' for a space), JSON-escaped (PHP's way too: `\/` for `/`, `\u00e9` for
 * any non-ASCII character), or base64 (standard or url-safe, whole or inside a longer base64
 * text at any byte alignment, its `/` possibly JSON-escaped). Each secret becomes one pattern
 * that matches all of these.
 */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: they would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** A base64 run shorter than this could be chance inside an unrelated base64 text. */
const MIN_BASE64_RUN = 6;

export type Redactor = (text: string) => string;

/**
 * A function that redacts `secrets` from any text. Building the patterns costs more than
 * applying them: a caller with several texts builds it once (a request builds one for its
 * answer and its error). Nothing is kept between calls: no secret stays in module memory.
 */
export function redactorFor(secrets: Array<string | undefined>): Redactor {
	const usable = [...new Set(secrets)].filter(
		(secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH,
	);
	if (!usable.length) return (text) => text;
	// Longest first, so that a secret containing another is redacted whole.
	usable.sort((a, b) => b.length - a.length);
	// Text forms are matched ignoring case (%2b and %2B; a server that upper-cases a token);
	// base64 forms are case-sensitive, as base64 is.
	const textForms = new RegExp(usable.map(textPattern).join('|'), 'gi');
	const base64Runs = usable.flatMap(base64Patterns);
	const base64Forms = base64Runs.length ? new RegExp(base64Runs.join('|'), 'g') : undefined;
	return (text) => {
		const out = text.replace(textForms, REDACTED);
		return base64Forms ? out.replace(base64Forms, REDACTED) : out;
	};
}

export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	return redactorFor(secrets)(text);
}

/** Deep copy of a JSON-like value with every string, keys included, redacted. */
export function redactValue<T>(value: T, secrets: Array<string | undefined>): T {
	return redactWith(value, redactorFor(secrets));
}

/** Deep copy of a JSON-like value with every string, keys included, passed through `redact`. */
export function redactWith<T>(value: T, redact: Redactor): T {
	if (typeof value === 'string') return redact(value) as T;
	if (Array.isArray(value)) return value.map((entry) => redactWith(entry, redact)) as T;
	if (value && typeof value === 'object') {
		const copy: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value)) {
			let safeKey = redact(key);
			// Two keys that redact to the same text both stay.
			for (let n = 2; safeKey in copy; n++) safeKey = `${redact(key)} ${n}`;
			copy[safeKey] = redactWith(entry, redact);
		}
		return copy as T;
	}
	return value;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** One character: raw, %-encoded (once or twice), '+' for a space, JSON-escaped. */
function charPattern(char: string): string {
	const forms = new Set([escapeRegExp(char)]);
	const percent = [...Buffer.from(char, 'utf8')]
		.map((byte) => `%(?:25)?${byte.toString(16).padStart(2, '0')}`)
		.join('');
	forms.add(percent);
	if (char === ' ') forms.add('\\+');
	const json = JSON.stringify(char).slice(1, -1);
	if (json !== char) forms.add(escapeRegExp(json));
	// PHP's json_encode escapes '/' and writes every non-ASCII character as \uXXXX (a pair
	// of them beyond the BMP); hex digits in either case, as the pattern ignores case.
	if (char === '/') forms.add('\\\\\\/');
	if (char.charCodeAt(0) > 0x7e) {
		forms.add(
			Array.from({ length: char.length }, (_, i) => `\\\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
		);
	}
	return forms.size === 1 ? [...forms][0] : `(?:${[...forms].join('|')})`;
}

function textPattern(secret: string): string {
	return Array.from(secret).map(charPattern).join('');
}

/**
 * The secret's base64 alone, then the part of a base64 text that depends on the secret's
 * bytes alone, for each of the three
 * byte alignments the secret may have inside a longer text: the characters that mix a
 * secret byte with a neighbour are left out at both ends.
 */
function base64Patterns(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	// The secret encoded alone, last characters and padding included.
	const whole = bytes.toString('base64').replace(/=+$/, '');
	const patterns = [`${Array.from(whole).map(base64CharPattern).join('')}(?:=|%3[Dd]){0,2}`];
	for (const offset of [0, 1, 2]) {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
		const total = offset + bytes.length;
		const rest = total % 3;
		const end = Math.floor(total / 3) * 4 + (rest === 0 ? 0 : rest);
		const start = offset === 0 ? 0 : offset + 1;
		const run = encoded.slice(start, end);
		if (run.length >= MIN_BASE64_RUN) patterns.push(Array.from(run).map(base64CharPattern).join(''));
	}
	return patterns;
}

/** Standard and url-safe alphabets, and the two symbols %-encoded as in a query string. */
function base64CharPattern(char: string): string {
	if (char === '+') return '(?:\\+|-|%2[Bb])';
	if (char === '/') return '(?:\\/|\\\\\\/|_|%2[Ff])';
	return char;
}

/**
 * Redacts, in place, the texts of an error that may quote what a user typed: its message,
 * description and stack, and those of its causes (n8n keeps the first message as the cause
 * of an error built from a text).
 */
export function redactError<E>(error: E, secrets: Array<string | undefined>): E {
	const redact = redactorFor(secrets);
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const record = current as Record<string, unknown>;
		for (const key of ['message', 'description', 'stack']) {
			if (typeof record[key] === 'string') record[key] = redact(record[key] as string);
		}
		current = record.cause;
	}
	return error;
}
