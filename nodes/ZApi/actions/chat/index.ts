import type { ZApiResource } from '../types';
import { archiveChat } from './archiveChat.operation';
import { clearChat } from './clearChat.operation';
import { deleteChat } from './deleteChat.operation';
import { getChatMetadata } from './getChatMetadata.operation';
import { getChatNotes } from './getChatNotes.operation';
import { getChats } from './getChats.operation';
import { getMessages } from './getMessages.operation';
import { markChatAsRead } from './markChatAsRead.operation';
import { markChatAsUnread } from './markChatAsUnread.operation';
import { muteChat } from './muteChat.operation';
import { pinChat } from './pinChat.operation';
import { setChatNotes } from './setChatNotes.operation';
import { setDisappearingMessages } from './setDisappearingMessages.operation';
import { unarchiveChat } from './unarchiveChat.operation';
import { unmuteChat } from './unmuteChat.operation';
import { unpinChat } from './unpinChat.operation';

export const chat: ZApiResource = {
	value: 'chat',
	name: 'Chat',
	description: 'List chats, read their messages and notes; mark read or unread, archive, pin, mute, set disappearing messages, clear or delete a chat',
	operations: [
		getMessages,
		getChats,
		getChatMetadata,
		getChatNotes,
		setChatNotes,
		markChatAsRead,
		markChatAsUnread,
		archiveChat,
		unarchiveChat,
		pinChat,
		unpinChat,
		muteChat,
		unmuteChat,
		setDisappearingMessages,
		clearChat,
		deleteChat,
	],
};
