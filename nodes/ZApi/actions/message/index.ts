import type { ZApiResource } from '../types';
import { deleteMessage } from './deleteMessage.operation';
import { editDocumentCaption } from './editDocumentCaption.operation';
import { forwardMessage } from './forwardMessage.operation';
import { markAsRead } from './markAsRead.operation';
import { mentionGroups } from './mentionGroups.operation';
import { pinMessage } from './pinMessage.operation';
import { removeReaction } from './removeReaction.operation';
import { sendAndWait } from './sendAndWait.operation';
import { sendAndWaitForReply } from './sendAndWaitForReply.operation';
import { sendAudio } from './sendAudio.operation';
import { sendCall } from './sendCall.operation';
import { sendCatalog } from './sendCatalog.operation';
import { sendChannelAdminInvite } from './sendChannelAdminInvite.operation';
import { sendProduct } from './sendProduct.operation';
import { sendOrder } from './sendOrder.operation';
import { updateOrderStatus } from './updateOrderStatus.operation';
import { updateOrderPayment } from './updateOrderPayment.operation';
import { sendEvent } from './sendEvent.operation';
import { editEvent } from './editEvent.operation';
import { answerEvent } from './answerEvent.operation';
import { sendButtonActions } from './sendButtonActions.operation';
import { sendButtonList } from './sendButtonList.operation';
import { sendCarousel } from './sendCarousel.operation';
import { sendContact } from './sendContact.operation';
import { sendContacts } from './sendContacts.operation';
import { sendCopyCodeButton } from './sendCopyCodeButton.operation';
import { sendDocument } from './sendDocument.operation';
import { sendGif } from './sendGif.operation';
import { sendImage } from './sendImage.operation';
import { sendLink } from './sendLink.operation';
import { sendLocation } from './sendLocation.operation';
import { sendOptionList } from './sendOptionList.operation';
import { sendPixButton } from './sendPixButton.operation';
import { sendPoll } from './sendPoll.operation';
import { sendReaction } from './sendReaction.operation';
import { sendSticker } from './sendSticker.operation';
import { sendText } from './sendText.operation';
import { sendVideo } from './sendVideo.operation';
import { sendVideoNote } from './sendVideoNote.operation';
import { unpinMessage } from './unpinMessage.operation';
import { votePoll } from './votePoll.operation';

export const message: ZApiResource = {
	value: 'message',
	name: 'Message',
	description: 'Send texts, media, locations, contacts, polls, buttons, carousels, catalogs, products, orders and events; call a phone; react to, vote in, forward, pin, read or delete messages',
	operations: [
		sendText,
		mentionGroups,
		sendImage,
		sendAudio,
		sendVideo,
		sendVideoNote,
		sendGif,
		sendDocument,
		editDocumentCaption,
		sendSticker,
		sendLocation,
		sendContact,
		sendContacts,
		sendLink,
		sendReaction,
		removeReaction,
		sendPoll,
		votePoll,
		sendOptionList,
		sendButtonList,
		sendButtonActions,
		sendCarousel,
		sendCopyCodeButton,
		sendPixButton,
		sendCatalog,
		sendProduct,
		sendOrder,
		updateOrderStatus,
		updateOrderPayment,
		sendEvent,
		editEvent,
		answerEvent,
		sendCall,
		sendChannelAdminInvite,
		forwardMessage,
		pinMessage,
		unpinMessage,
		markAsRead,
		deleteMessage,
		sendAndWait,
		sendAndWaitForReply,
	],
};
