/**
 * Finds a secret in a text whatever form it took on the way: raw or upper-cased,
 * %-encoded (any hex case, once or twice), form-encoded, or base64 (standard or url-safe,
 * at any alignment inside a longer base64 run). A piece of 8 characters is already a leak.
 * Written apart from the redaction it checks: it decodes instead of encoding.
 */
const PIECE = 8;

function percentDecode(text: string): string {
	return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
		try {
			return decodeURIComponent(run);
		} catch {
			return run;
		}
	});
}

function pieces(secret: string): string[] {
	const found: string[] = [];
	for (let index = 0; index + PIECE <= secret.length; index++) found.push(secret.slice(index, index + PIECE));
	return found;
}

function inBase64(text: string, secret: string): boolean {
	const secretPieces = pieces(secret).map((piece) => Buffer.from(piece));
	for (const run of text.match(/[A-Za-z0-9+/_-]{8,}/g) ?? []) {
		for (let shift = 0; shift < 4; shift++) {
			const chars = run.slice(shift).replace(/-/g, '+').replace(/_/g, '/');
			const decoded = Buffer.from(chars.slice(0, chars.length - (chars.length % 4)), 'base64');
			if (secretPieces.some((piece) => decoded.includes(piece))) return true;
		}
	}
	return false;
}

/** True when `text` holds `secret`, or a piece of it, in any of the forms above. */
export function holdsSecret(text: string | undefined, secret: string): boolean {
	if (!text) return false;
	const once = percentDecode(text);
	const views = [text, once, percentDecode(once), once.replace(/\+/g, ' '), phpUnescaped(text)];
	const lowerPieces = pieces(secret).map((piece) => piece.toLowerCase());
	if (views.some((view) => lowerPieces.some((piece) => view.toLowerCase().includes(piece)))) return true;
	return inBase64(text, secret) || inBase64(once, secret) || inBase64(phpUnescaped(text), secret);
}

/** The forms a server echoing a request might give a secret, for tests to send back. */
export function echoedForms(secret: string, instanceId = 'INSTANCE123'): string[] {
	const b64 = (text: string) => Buffer.from(text).toString('base64');
	const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
	const component = encodeURIComponent(secret);
	return [
		secret,
		component,
		component.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
		encodeURI(secret),
		new URLSearchParams({ t: secret }).toString().slice(2),
		b64(secret),
		`Basic ${b64(`${instanceId}:${secret}`)}`,
		b64(`{"token":"${secret}","at":1}`),
		urlSafe(b64(`xy${secret}`)),
		phpJson(secret),
		phpJson(b64(`xy${secret}`)),
	];
}

/** A text as PHP's json_encode writes it inside a string: `\/` for `/`, `\u00e9` for non-ASCII. */
export function phpJson(text: string): string {
	return JSON.stringify(text)
		.slice(1, -1)
		.replace(/\//g, '\\/')
		.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Undoes phpJson's escapes. */
function phpUnescaped(text: string): string {
	return text
		.replace(/\\\//g, '/')
		.replace(/\\u([0-9a-f]{4})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
