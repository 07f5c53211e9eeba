/**
 * The paths of one chat's metadata. docs/chats/get-metadata-chat.md gives /chats/{phone} in its URL
 * line, /chat/{phone} in its heading (and the English page's sample): the plural is asked
 * first, the singular on a 404 (a GET, safe to ask again).
 */
export function chatPaths(phone: string): readonly [string, string] {
	const segment = encodeURIComponent(phone);
	return [`/chats/${segment}`, `/chat/${segment}`];
}
