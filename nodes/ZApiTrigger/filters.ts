import type { IDataObject } from 'n8n-workflow';

import { isGroupId, normalizeChatId } from '../shared/input';
import { chosenEvents } from './eventChoices';
import { isObject, UNKNOWN_KIND } from './events';

/**
 * Which items start the workflow. A delivery the user did not ask for is still answered
 * 200 by the trigger, so the service does not retry it.
 */
/** The user's choices (events, kinds, chats) as one test on an item. */
export function acceptor(
	events: string[],
	kinds: { contentKinds: string[]; notificationKinds: string[] },
	options: IDataObject,
) {
	const { contentKinds, notificationKinds } = kinds;
	const choices = chosenEvents(events);
	const chatType = (options.chatType as string) ?? 'all';
	const phones = new Set(
		String(options.phones ?? '')
			.split(/[,;\n]/)
			.map((entry) => entry.trim())
			.filter(Boolean)
			.map((entry) => {
				try {
					return normalizeChatId(entry);
				} catch {
					return entry;
				}
			}),
	);
	const dropUnknown = options.unknownEvents === 'drop';

	return (item: IDataObject): boolean => {
		// Covers deliveries of unknown type and unknown kinds of known events alike.
		if (item.kind === UNKNOWN_KIND && dropUnknown) return false;
		// The events chosen decide known deliveries; Unknown Events decides the others.
		if (item.event !== 'unknown' && !choices.some((choice) => choice.accepts(item))) return false;
		if (item.event === 'message' && contentKinds.length && !contentKinds.includes(item.kind as string)) {
			return false;
		}
		if (
			item.event === 'notification' &&
			notificationKinds.length &&
			!notificationKinds.includes(item.notification as string)
		) {
			return false;
		}
		// The chat filters hold for every delivery, known or not.
		const chat = chatOf(item);
		if (chatType === 'groups' && !isGroupChat(chat)) return false;
		if (chatType === 'private' && isGroupChat(chat)) return false;
		if (phones.size && !phones.has(String(chat.phone)) && !phones.has(String(chat.participantPhone))) {
			return false;
		}
		return true;
	};
}

/** Where an item's chat fields are: the item, or the payload of a delivery the node does not know. */
function chatOf(item: IDataObject): IDataObject {
	return item.event === 'unknown' && isObject(item.payload) ? item.payload : item;
}

/** By isGroup when the delivery says so; by the form of the chat id when it does not (status changes). */
function isGroupChat(chat: IDataObject): boolean {
	if (chat.isGroup === true || chat.isGroup === 'true') return true;
	if (chat.isGroup === false || chat.isGroup === 'false') return false;
	return typeof chat.phone === 'string' && isGroupId(chat.phone);
}
