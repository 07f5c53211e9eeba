/** One valid call per Chat operation (see test/helpers/operationExamples.ts). */
import type { IDataObject } from 'n8n-workflow';

import { chat } from '../../../../../nodes/ZApi/actions/chat';
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

const chatChanges: Record<string, OperationExample> = Object.fromEntries(
	chat.operations.flatMap((operation) => {
		const { chatAction } = operation as { chatAction?: string };
		return chatAction ? [[operation.value, example(chatAction)]] : [];
	}),
);

function example(chatAction: string): OperationExample {
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
	...chatChanges,
};
