import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, isGroupId, listEntries, normalizeChatId } from '../shared/input';
import { INSTANCE_CALLBACKS, STATUS_KINDS } from '../shared/delivery/kinds';
import { UNKNOWN_KIND } from '../shared/delivery/items';
import { fieldOf, flagOf, isObject, textOf } from '../shared/delivery/readers';
import { isPersonReply } from '../shared/combineLink';
import { chosenEvents } from './eventChoices';

/*
 * Which items start the workflow: the events, message kinds, notification kinds, statuses, who
 * wrote my messages, message flags and chats the user chose. A delivery the user did not ask
 * for is still answered 200 by the trigger, so the service does not send it again.
 */

/** The user's choices, as the trigger's parameters hold them. */
export interface FilterChoices {
	events: string[];
	contentKinds: string[];
	notificationKinds: string[];
	/** Statuses of Message Status Changed; empty or absent: every status. */
	statusKinds?: string[];
	/** Who wrote the messages of Message Sent by Me (SENDERS values); empty or absent: anyone. */
	sentByMe?: string[];
	/**
	 * Whether Message Received also lets through the messages a person sends from the
	 * instance's phone (never the API's): true when the trigger feeds Combine Quick Messages,
	 * which pauses the bot on them.
	 */
	personReplies?: boolean;
	options: IDataObject;
}

/**
 * Message flags the user filters on, each with its option in Options. Most flagged
 * messages start the workflow unless their option is on; channel posts only when it is
 * on, as a bot in a channel has no one to answer (docs/webhooks/on-message-received.md:
 * isEdit, isStatusReply, isNewsletter, broadcast).
 */
export interface MessageFlagFilter {
	option: string;
	/** Whether the item is a flagged message. */
	flagged: (item: IDataObject) => boolean;
	/** true: flagged messages start only with the option on; false: the option on drops them. */
	onlyWhenOn: boolean;
}

export const MESSAGE_FLAG_FILTERS: MessageFlagFilter[] = [
	{ option: 'ignoreEdits', flagged: (item) => item.isEdit === true, onlyWhenOn: false },
	{ option: 'ignoreStatusReplies', flagged: (item) => item.isStatusReply === true, onlyWhenOn: false },
	{ option: 'ignoreBroadcasts', flagged: (item) => item.broadcast === true, onlyWhenOn: false },
	{
		// The chat id of a channel ends in @newsletter; a delivery may say one without the other.
		option: 'includeChannelPosts',
		flagged: (item) => item.isNewsletter === true || (typeof item.phone === 'string' && item.phone.endsWith('@newsletter')),
		onlyWhenOn: true,
	},
];

/**
 * Only These Phones as chat ids, by the shared rules (phones to digits, group and LID ids as
 * they are). Empty means every chat. An entry that is not a phone, group id or LID id is
 * refused with an InputError naming it, never kept as typed.
 */
export function parseChatList(raw: unknown): string[] {
	const entries = listEntries(raw, 'Only These Phones', 'Give phones, group IDs or LID IDs separated by commas, or an expression returning a list of them.');
	return [...new Set(entries.map((entry) => normalizeChatId(entry)))];
}

/**
 * Refuses, at activation, filter options that would make every delivery fail: today the
 * chat list of Only These Phones.
 */
export function checkFilterOptions(node: INode, options: IDataObject): void {
	try {
		parseChatList(fieldOf(options, 'phones'));
	} catch (error) {
		// parseChatList refuses only with InputError, which says what is wrong and how to write it.
		const { message, description } = error as InputError;
		throw new NodeOperationError(node, `Only These Phones: ${message}`, {
			description: `${description} Fix the list in Options > Only These Phones, then activate the workflow again.`,
		});
	}
}

/**
 * The user's choices as one test on an item. Throws an InputError when Only These Phones
 * cannot be read (activation refuses such a list; an expression may still produce one).
 */
export function acceptor({ events, contentKinds, notificationKinds, statusKinds = [], sentByMe = [], personReplies = false, options }: FilterChoices) {
	const choices = chosenEvents(events);
	const takesPersonReplies = personReplies && events.includes('messageReceived');
	const statuses = new Set(statusKinds.map(statusOf));
	// The flag filters that drop their messages under these options.
	const flagFilters = MESSAGE_FLAG_FILTERS.filter(({ option, onlyWhenOn }) => (fieldOf(options, option) === true) !== onlyWhenOn);
	const chatType = fieldOf(options, 'chatType') ?? 'all';
	const phones = new Set(parseChatList(fieldOf(options, 'phones')));
	const dropUnknown = fieldOf(options, 'unknownEvents') === 'drop';

	return (item: IDataObject): boolean => {
		// Covers deliveries of unknown type and unknown kinds of known events alike.
		if (item.kind === UNKNOWN_KIND && dropUnknown) return false;
		// The events chosen decide known deliveries; Unknown Events decides the others.
		if (item.event !== 'unknown' && !choices.some((choice) => choice.accepts(item)) && !(takesPersonReplies && isPersonReply(item))) return false;
		if (item.event === 'message') {
			if (contentKinds.length && !contentKinds.includes(item.kind as string)) return false;
			if (flagFilters.some(({ flagged }) => flagged(item))) return false;
			// Who wrote it narrows Message Sent by Me only; Message Received has its own rule.
			if (item.fromMe === true && sentByMe.length && !sentByMe.includes(item.sentBy as string)) return false;
		}
		if (item.event === 'status' && statuses.size && !statuses.has(item.kind as string)) return false;
		if (item.event === 'notification' && notificationKinds.length && !notificationKinds.includes(item.notification as string)) return false;
		// The chat filters hold for every delivery, known or not, except events that are
		// about the instance and no chat (connected, disconnected).
		if (!isAboutChat(item)) return true;
		const chat = chatOf(item);
		if (chatType === 'groups' && !isGroupChat(chat)) return false;
		if (chatType === 'private' && isGroupChat(chat)) return false;
		if (phones.size && !phonesOf(chat).some((phone) => phones.has(phone))) return false;
		return true;
	};
}

/** A status as the items name it, from any spelling STATUS_KINDS accepts. */
function statusOf(value: string): string {
	const spelling = value.toUpperCase();
	return STATUS_KINDS.find(({ status, aliases }) => status === spelling || aliases.includes(spelling))?.status ?? value;
}

function isAboutChat(item: IDataObject): boolean {
	return INSTANCE_CALLBACKS.find((callback) => callback.event === item.event)?.aboutChat ?? true;
}

/** Where an item's chat fields are: the item, or the payload of a delivery the node does not know. */
function chatOf(item: IDataObject): IDataObject {
	return item.event === 'unknown' && isObject(item.payload) ? item.payload : item;
}

/** The chat and the group member, when they are text; other values match no entry. */
function phonesOf(chat: IDataObject): string[] {
	return [textOf(fieldOf(chat, 'phone')), textOf(fieldOf(chat, 'participantPhone'))].filter((phone): phone is string => phone !== null);
}

/** By isGroup when the delivery says so; by the form of the chat id when it does not (status changes). */
function isGroupChat(chat: IDataObject): boolean {
	const isGroup = flagOf(fieldOf(chat, 'isGroup'));
	if (isGroup !== undefined) return isGroup;
	const phone = fieldOf(chat, 'phone');
	return typeof phone === 'string' && isGroupId(phone);
}
