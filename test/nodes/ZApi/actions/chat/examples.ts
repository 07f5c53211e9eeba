/** One valid call per Chat operation (see test/helpers/operationExamples.ts). */
import type { IDataObject } from 'n8n-workflow';

import type { OperationExample } from '../../../../helpers/operationExamples';

export const PHONE = '5511999999999';
export const GROUP = '120363019502650977-group';

/** A chat as GET /chats lists it, with the string flags the examples show. */
export const chatRecord = (phone: string, extra: IDataObject = {}): IDataObject => ({
	name: `Chat ${phone}`,
	phone,
	unread: '0',
	lastMessageTime: '1700000000',
	isMuted: '0',
	isMarkedSpam: 'false',
	archived: 'false',
	pinned: 'false',
	profileThumbnail: null,
	isGroup: false,
	...extra,
});

/**
 * chatRecord(phone) as Get Many and Get Metadata output it: flags as booleans, the unread
 * count as a number, 1700000000 seconds also as an ISO date, the picture as `photo`.
 */
export const chatOutput = (phone: string, extra: IDataObject = {}): IDataObject => ({
	phone,
	name: `Chat ${phone}`,
	isGroup: false,
	unread: 0,
	lastMessageAt: '2023-11-14T22:13:20.000Z',
	lastMessageTime: 1700000000,
	isMuted: false,
	mutedUntil: null,
	muteEndTime: null,
	archived: false,
	pinned: false,
	isMarkedSpam: false,
	isGroupAnnouncement: null,
	photo: null,
	...extra,
});

/** A text message as GET /chat-messages lists it (docs/chats/get-message-chats.md). */
const storedText = (messageId: string, momment: number): IDataObject => ({
	instanceId: '399793F5C962B0F227576EA28507E212',
	messageId,
	phone: PHONE,
	fromMe: false,
	momment,
	status: 'RECEIVED',
	chatName: 'Z-API Suporte',
	senderName: 'Z-API Suporte',
	participantPhone: null,
	broadcast: false,
	text: { message: `Text ${messageId}` },
});

/** storedText as a Z-API Trigger item of a received text: the same fields, the record as payload. */
const storedTextItem = (messageId: string, momment: number, timestamp: string): IDataObject => ({
	event: 'message',
	kind: 'text',
	text: `Text ${messageId}`,
	chatId: PHONE,
	senderId: PHONE,
	instanceId: '399793F5C962B0F227576EA28507E212',
	messageId,
	phone: PHONE,
	fromMe: false,
	isGroup: false,
	momment,
	status: 'RECEIVED',
	chatName: 'Z-API Suporte',
	senderName: 'Z-API Suporte',
	senderPhoto: null,
	participantPhone: null,
	photo: null,
	broadcast: false,
	forwarded: null,
	waitingMessage: null,
	referenceMessageId: null,
	// The flags and LIDs a stored record does not carry read as unknown; who wrote it as a delivery says.
	fromApi: null,
	sentBy: 'contact',
	isEdit: null,
	isStatusReply: null,
	isNewsletter: null,
	connectedPhone: null,
	chatLid: null,
	senderLid: null,
	participantLid: null,
	messageExpirationSeconds: null,
	timestamp,
	content: { message: `Text ${messageId}` },
	payload: storedText(messageId, momment),
});

/** POST /modify-chat with the `action` its docs page names (docs/chats/<page>.md). */
function modifyChat(chatAction: string): OperationExample {
	return {
		parameters: { phone: '+55 (11) 99999-9999' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/modify-chat',
		body: { phone: PHONE, action: chatAction },
		answer: { value: true },
		output: [{ success: true, phone: PHONE, action: chatAction }],
	};
}

export const EXAMPLES: Record<string, OperationExample> = {
	getMessages: {
		parameters: { phone: PHONE, returnAll: false, limit: 2 },
		phoneParameter: 'phone',
		method: 'GET',
		path: `/chat-messages/${PHONE}`,
		query: { amount: '2' },
		answer: [storedText('m1', 1623008318000), storedText('m2', 1623008355000)],
		output: [storedTextItem('m1', 1623008318000, '2021-06-06T19:38:38.000Z'), storedTextItem('m2', 1623008355000, '2021-06-06T19:39:15.000Z')],
	},
	getChats: {
		parameters: { returnAll: false, limit: 2 },
		method: 'GET',
		path: '/chats',
		query: { page: '1', pageSize: '2' },
		answer: [chatRecord(PHONE), chatRecord(GROUP, { isGroup: true })],
		output: [chatOutput(PHONE), chatOutput(GROUP, { isGroup: true })],
	},
	getChatMetadata: {
		parameters: { phone: GROUP },
		phoneParameter: 'phone',
		method: 'GET',
		path: `/chats/${GROUP}`,
		answer: { ...chatRecord(GROUP, { isGroup: true }), about: 'Team' },
		output: [{ ...chatOutput(GROUP, { isGroup: true }), about: 'Team' }],
	},
	setDisappearingMessages: {
		parameters: { phone: '+55 (11) 99999-9999', chatExpiration: '90_DAYS' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/send-chat-expiration',
		body: { phone: PHONE, chatExpiration: '90_DAYS' },
		answer: { value: true },
		output: [{ success: true, phone: PHONE, chatExpiration: '90_DAYS' }],
	},
	getChatNotes: {
		parameters: { phone: PHONE },
		phoneParameter: 'phone',
		method: 'GET',
		path: `/chats/${PHONE}`,
		answer: { ...chatRecord(PHONE), notes: { id: 'KlesU6f4f/Qd5d6VuAbvOMi31rg=', content: 'Wants the blue one', createdAt: 1655953774000, lastUpdateAt: 1655953775000 } },
		output: [
			{
				phone: PHONE,
				content: 'Wants the blue one',
				notes: { id: 'KlesU6f4f/Qd5d6VuAbvOMi31rg=', content: 'Wants the blue one', createdAt: 1655953774000, lastUpdateAt: 1655953775000 },
			},
		],
	},
	setChatNotes: {
		parameters: { phone: '+55 11 99999-9999', notes: 'Wants the blue one' },
		phoneParameter: 'phone',
		method: 'POST',
		path: `/chats/${PHONE}/notes`,
		body: { notes: 'Wants the blue one' },
		answer: { success: true },
		output: [{ success: true, phone: PHONE, notes: 'Wants the blue one' }],
	},
	markChatAsRead: modifyChat('read'), // docs/chats/read-chat.md
	markChatAsUnread: modifyChat('unread'),
	archiveChat: modifyChat('archive'), // docs/chats/archive-chat.md
	unarchiveChat: modifyChat('unarchive'),
	pinChat: modifyChat('pin'), // docs/chats/pin-chat.md
	unpinChat: modifyChat('unpin'),
	muteChat: modifyChat('mute'), // docs/chats/mute-chat.md
	unmuteChat: modifyChat('unmute'),
	clearChat: modifyChat('clear'), // docs/chats/clear-chat.md
	deleteChat: modifyChat('delete'), // docs/chats/delete-chat.md
};
