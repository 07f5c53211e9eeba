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
		answer: [{ messageId: 'm1' }, { messageId: 'm2' }],
		output: [{ messageId: 'm1' }, { messageId: 'm2' }],
	},
	getChats: {
		parameters: { returnAll: false, limit: 2 },
		method: 'GET',
		path: '/chats',
		query: { page: '1', pageSize: '2' },
		answer: [chatRecord(PHONE), chatRecord(GROUP, { isGroup: true })],
		output: [chatRecord(PHONE), chatRecord(GROUP, { isGroup: true })],
	},
	getChatMetadata: {
		parameters: { phone: GROUP },
		phoneParameter: 'phone',
		method: 'GET',
		path: `/chats/${GROUP}`,
		answer: { ...chatRecord(GROUP, { isGroup: true }), about: 'Team' },
		output: [{ ...chatRecord(GROUP, { isGroup: true }), about: 'Team' }],
	},
	markChatAsRead: modifyChat('read'), // docs/chats/read-chat.md
	archiveChat: modifyChat('archive'), // docs/chats/archive-chat.md
	unarchiveChat: modifyChat('unarchive'),
	pinChat: modifyChat('pin'), // docs/chats/pin-chat.md
	unpinChat: modifyChat('unpin'),
	muteChat: modifyChat('mute'), // docs/chats/mute-chat.md
	unmuteChat: modifyChat('unmute'),
	clearChat: modifyChat('clear'), // docs/chats/clear-chat.md
	deleteChat: modifyChat('delete'), // docs/chats/delete-chat.md
};
