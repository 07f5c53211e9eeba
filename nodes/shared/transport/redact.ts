/**
 * Secrets are the instance token (it sits in every URL path), the client token and the
 * trigger's webhook secret. Anything that may come from a request (a URL, a body echoed
 * by a server, an error text) passes through here before it can reach a message, a log
 * line or execution data.
 */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: they would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	let out = text;
	for (const secret of secrets) {
		if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)])) {
			out = out.split(form).join(REDACTED);
		}
	}
	return out;
}

/** Deep copy of a JSON-like value with every string redacted. */
export function redactValue<T>(value: T, secrets: Array<string | undefined>): T {
	if (typeof value === 'string') return redactSecrets(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry) => redactValue(entry, secrets)) as T;
	if (value && typeof value === 'object') {
		const copy: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value)) copy[key] = redactValue(entry, secrets);
		return copy as T;
	}
	return value;
}
