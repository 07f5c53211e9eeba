import { InputError } from '../../../shared/input';

const HINT =
	"Give the path after the instance address, as Z-API's docs write it after …/token/YOUR_TOKEN, for example /send-catalog or /chats/5511999999999/notes. Put query parameters in Query Parameters, not in the path.";

/** Characters a path may hold as typed: unreserved, sub-delimiters, ':' '@' '/' and percent escapes. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]+$/;

/**
 * A path relative to the instance (`/instances/{id}/token/{token}` goes before it), refused
 * before any request when it could lead anywhere else: an absolute address, a host
 * (`//host`), backslashes, dot segments (`..`, `.`, also percent-encoded), an encoded slash or
 * backslash, a double encoding, or the instance prefix itself. Returned as typed, with a
 * leading '/'.
 */
export function instancePath(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (!text) throw new InputError('Path is empty', HINT);
	const refuse = (why: string): never => {
		throw new InputError(`Path '${text.slice(0, 100)}' ${why}`, HINT);
	};
	if (/^[a-z][a-z0-9+.-]*:/i.test(text)) refuse('is an absolute address, not a path of the instance');
	if (text.includes('\\')) refuse('holds a backslash');
	if (/[?#]/.test(text)) refuse('holds a query or fragment');
	if (!PATH_CHARACTERS.test(text)) refuse('holds characters a path cannot (spaces, quotes, non-ASCII letters): percent-encode them');
	const path = text.startsWith('/') ? text : `/${text}`;
	if (path.startsWith('//') || path.includes('//')) refuse('holds an empty segment (//), which could name another host');
	// Encoded '.', '/', '\' and '%' could become dot segments or new segments once decoded.
	if (/%(2e|2f|5c|25)/i.test(path)) refuse('holds an encoded dot, slash, backslash or percent sign');
	if (/%(?![0-9a-f]{2})/i.test(path)) refuse('holds a % that is not a percent escape');
	if (path.split('/').some((segment) => segment === '.' || segment === '..')) refuse('holds a . or .. segment');
	if (/^\/instances(\/|$)/i.test(path)) refuse('starts with the instance address');
	return path;
}
