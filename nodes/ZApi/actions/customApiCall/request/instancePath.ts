import { InputError } from '../../../../shared/input';

const HINT =
	"Give the path after the instance address, as Z-API's docs write it after …/token/YOUR_TOKEN, for example /send-catalog or /chats/5511999999999/notes. Put query parameters in Query Parameters, not in the path.";

/**
 * The characters of a Z-API path: every path in Z-API's docs (and every path this node
 * calls) is made of letters, digits, '-', '_' and '/', with '@' in the IDs of channels and
 * LIDs (/newsletter/settings/999999999999999999@newsletter). None holds a dot. Anything else
 * (';', a dot, a non-ASCII look-alike of a dot, a space…) is refused: a server that reads paths
 * loosely could take it as a step out of the instance (`..;`, `．．`, `%c0%ae`).
 */
const PATH_CHARACTER = /[A-Za-z0-9\-_/@]/;

/** A percent escape the path may hold: one that stands for a character of PATH_CHARACTER ('%40' for '@'). */
const allowedEscape = (escape: string) => PATH_CHARACTER.test(String.fromCharCode(parseInt(escape.slice(1), 16)));

/**
 * A path relative to the instance (`/instances/{id}/token/{token}` goes before it), refused
 * before any request unless it is made only of a Z-API path's characters (PATH_CHARACTER), so
 * that no reading of it leads anywhere else. The commonest wrong forms are named: an absolute
 * address, a backslash, a query, an empty segment (`//host`), a dot segment, an encoded dot,
 * slash, backslash or percent sign, the instance prefix itself. Returned as typed, with a
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
	const path = text.startsWith('/') ? text : `/${text}`;
	if (path.includes('//')) refuse('holds an empty segment (//), which could name another host');
	if (path.split('/').some((segment) => segment === '.' || segment === '..')) refuse('holds a . or .. segment');
	if (/%(?![0-9a-f]{2})/i.test(path)) refuse('holds a % that is not a percent escape');
	if (/%(2e|2f|5c|25)/i.test(path)) refuse('holds an encoded dot, slash, backslash or percent sign');
	const escapes = path.match(/%[0-9a-f]{2}/gi) ?? [];
	const needless = escapes.find((escape) => !allowedEscape(escape));
	if (needless) refuse(`holds a percent escape (${needless}) that no Z-API path has`);
	const others = [...new Set([...path.replace(/%[0-9a-f]{2}/gi, '')].filter((character) => !PATH_CHARACTER.test(character)))];
	if (others.length) {
		refuse(`holds characters a path cannot: ${others.slice(0, 5).map((character) => JSON.stringify(character)).join(' ')} (a Z-API path has only letters, digits, - _ @ and /)`);
	}
	if (/^\/instances(\/|$)/i.test(path)) refuse('starts with the instance address');
	return path;
}
