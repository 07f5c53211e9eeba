import type { ZApiResource } from '../types';
import { deleteMessage } from './deleteMessage.operation';
import { forwardMessage } from './forwardMessage.operation';
import { markAsRead } from './markAsRead.operation';
import { removeReaction } from './removeReaction.operation';
import { sendAndWait } from './sendAndWait.operation';
import { sendAudio } from './sendAudio.operation';
import { sendButtonActions } from './sendButtonActions.operation';
import { sendButtonList } from './sendButtonList.operation';
import { sendContact } from './sendContact.operation';
import { sendDocument } from './sendDocument.operation';
import { sendImage } from './sendImage.operation';
import { sendLink } from './sendLink.operation';
import { sendLocation } from './sendLocation.operation';
import { sendOptionList } from './sendOptionList.operation';
import { sendPoll } from './sendPoll.operation';
import { sendReaction } from './sendReaction.operation';
import { sendSticker } from './sendSticker.operation';
import { sendText } from './sendText.operation';
import { sendVideo } from './sendVideo.operation';

export const message: ZApiResource = {
	value: 'message',
	name: 'Message',
	description: 'Send texts, media, locations, contacts, polls and buttons; react to, forward, read or delete messages',
	operations: [
		sendText,
		sendImage,
		sendAudio,
		sendVideo,
		sendDocument,
		sendSticker,
		sendLocation,
		sendContact,
		sendLink,
		sendReaction,
		removeReaction,
		sendPoll,
		sendOptionList,
		sendButtonList,
		sendButtonActions,
		forwardMessage,
		markAsRead,
		deleteMessage,
		sendAndWait,
	],
};
