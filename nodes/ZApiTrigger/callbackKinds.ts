/**
 * Every kind of delivery the trigger knows, as data: how each is recognised and which
 * fields it carries (with their types, so values the service sends as strings come out
 * as numbers where the contract says so). The trigger and its tests read these tables.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'strings' | 'object' | 'objects';

/**
 * A content kind of a received/sent message: the object of the payload that carries it.
 * The order of the table is the order of the editor's Message Kinds list and nothing else:
 * a message carrying two content objects is kind unknown whatever the order (see
 * contentKindOf in deliveryItems.ts).
 */
export interface ContentKind {
	kind: string;
	/** Key of the content object in the payload. */
	key: string;
	label: string;
	fields: Record<string, FieldType>;
	/**
	 * The field of the content object holding what the person wrote or chose (the item's
	 * `text`); absent when the kind carries no words of the person's own (audio, stickers,
	 * shared contacts and places, payments).
	 */
	text?: string;
	/** The field of the content object holding the file's address, for kinds that are a file. */
	mediaUrl?: string;
}

const PAYMENT_INFO: FieldType = 'object';

export const CONTENT_KINDS: ContentKind[] = [
	{ kind: 'text', key: 'text', label: 'Text', fields: { message: 'string' }, text: 'message' },
	{
		kind: 'image',
		key: 'image',
		label: 'Image',
		fields: { caption: 'string', imageUrl: 'string', thumbnailUrl: 'string', mimeType: 'string' },
		text: 'caption',
		mediaUrl: 'imageUrl',
	},
	{
		kind: 'audio',
		key: 'audio',
		label: 'Audio',
		fields: { mimeType: 'string', audioUrl: 'string' },
		mediaUrl: 'audioUrl',
	},
	{
		kind: 'video',
		key: 'video',
		label: 'Video',
		fields: { caption: 'string', videoUrl: 'string', mimeType: 'string' },
		text: 'caption',
		mediaUrl: 'videoUrl',
	},
	{
		kind: 'contact',
		key: 'contact',
		label: 'Contact',
		fields: { displayName: 'string', vCard: 'string', phones: 'strings' },
	},
	{
		kind: 'document',
		key: 'document',
		label: 'Document',
		fields: {
			mimeType: 'string',
			fileName: 'string',
			title: 'string',
			thumbnailUrl: 'string',
			documentUrl: 'string',
			// A string in the field table, an integer in the example.
			pageCount: 'integer',
		},
		text: 'caption',
		mediaUrl: 'documentUrl',
	},
	{
		kind: 'location',
		key: 'location',
		label: 'Location',
		fields: {
			thumbnailUrl: 'string',
			url: 'string',
			name: 'string',
			address: 'string',
			longitude: 'number',
			latitude: 'number',
		},
	},
	{
		kind: 'sticker',
		key: 'sticker',
		label: 'Sticker',
		fields: { mimeType: 'string', stickerUrl: 'string' },
		mediaUrl: 'stickerUrl',
	},
	{
		kind: 'reaction',
		key: 'reaction',
		label: 'Reaction',
		fields: { value: 'string', time: 'integer', referencedMessage: 'object' },
		text: 'value',
	},
	{
		kind: 'buttonsResponse',
		key: 'buttonsResponseMessage',
		label: 'Button Reply',
		fields: { buttonId: 'string', message: 'string' },
		text: 'message',
	},
	{
		kind: 'listResponse',
		key: 'listResponseMessage',
		label: 'List Reply',
		fields: { message: 'string', title: 'string', selectedRowId: 'string' },
		text: 'message',
	},
	{
		kind: 'requestPayment',
		key: 'requestPayment',
		label: 'Payment Request',
		fields: {
			value: 'number',
			currencyCode: 'string',
			expiration: 'integer',
			requestPhone: 'string',
			paymentInfo: PAYMENT_INFO,
		},
	},
	{ kind: 'sendPayment', key: 'sendPayment', label: 'Payment Received', fields: { paymentInfo: PAYMENT_INFO } },
	{
		kind: 'product',
		key: 'product',
		label: 'Product',
		fields: {
			productImage: 'string',
			businessOwnerJid: 'string',
			currencyCode: 'string',
			productId: 'string',
			description: 'string',
			productImageCount: 'integer',
			price: 'number',
			url: 'string',
			retailerId: 'string',
			firstImageId: 'string',
			title: 'string',
		},
	},
	{
		kind: 'order',
		key: 'order',
		label: 'Cart Order',
		fields: {
			itemCount: 'integer',
			orderId: 'string',
			message: 'string',
			orderTitle: 'string',
			sellerJid: 'string',
			thumbnailUrl: 'string',
			token: 'string',
			currency: 'string',
			total: 'number',
			subTotal: 'number',
			products: 'objects',
		},
		text: 'message',
	},
];

/** Typed fields of nested objects, applied wherever they appear in a content object. */
export const NESTED_FIELDS: Record<string, Record<string, FieldType>> = {
	paymentInfo: {
		receiverPhone: 'string',
		value: 'number',
		currencyCode: 'string',
		status: 'string',
		transactionStatus: 'string',
	},
	referencedMessage: { messageId: 'string', fromMe: 'boolean', phone: 'string', participant: 'string' },
	products: {
		quantity: 'integer',
		name: 'string',
		productId: 'string',
		retailerId: 'string',
		price: 'number',
		currencyCode: 'string',
	},
};

/** A system notice: a received/sent callback that carries `notification`. */
export interface NotificationKind {
	code: string;
	label: string;
	/** Names given to the entries of notificationParameters, in order. */
	parameters: string[];
}

export const NOTIFICATION_KINDS: NotificationKind[] = [
	{ code: 'GROUP_CREATE', label: 'Group Created', parameters: ['groupName'] },
	{ code: 'GROUP_PARTICIPANT_ADD', label: 'Participant Added', parameters: ['participant'] },
	{ code: 'GROUP_PARTICIPANT_REMOVE', label: 'Participant Removed', parameters: ['participant'] },
	{ code: 'GROUP_PARTICIPANT_LEAVE', label: 'Participant Left', parameters: ['participant'] },
	{ code: 'E2E_ENCRYPTED', label: 'End-to-End Encrypted', parameters: [] },
	{ code: 'CIPHERTEXT', label: 'Encrypted Message', parameters: [] },
	{ code: 'CALL_MISSED_VOICE', label: 'Missed Voice Call', parameters: [] },
	{ code: 'CALL_MISSED_VIDEO', label: 'Missed Video Call', parameters: [] },
	{ code: 'BLUE_MSG_SELF_PREMISE_UNVERIFIED', label: 'Unverified Business Chat', parameters: [] },
	{ code: 'BLUE_MSG_SELF_PREMISE_VERIFIED', label: 'Verified Business Chat', parameters: [] },
	{ code: 'BIZ_MOVE_TO_CONSUMER_APP', label: 'Business Became Personal', parameters: [] },
	{ code: 'REVOKE', label: 'Message Deleted', parameters: [] },
	{
		code: 'PAYMENT_ACTION_REQUEST_DECLINED',
		label: 'Payment Request Declined',
		parameters: ['phone', 'currencyCode', 'amount'],
	},
];

/** Message status values, as the contract spells them, with the spellings seen in the wild. */
export interface StatusKind {
	status: string;
	aliases: string[];
}

export const STATUS_KINDS: StatusKind[] = [
	{ status: 'SENT', aliases: [] },
	{ status: 'RECEIVED', aliases: [] },
	{ status: 'READ', aliases: [] },
	{ status: 'READ-SELF', aliases: ['READ_BY_ME', 'READ_SELF'] },
	{ status: 'PLAYED', aliases: [] },
];

/**
 * Where a message's chat and sender are, for keys that stay the same from one message to
 * the next (an AI agent's session, a CRM record). The first field of the list that holds
 * text wins. WhatsApp is moving contacts from phone numbers to LIDs ("<digits>@lid"): the
 * same person may come as a number today and as a LID tomorrow, and `chatLid`, when the
 * service sends it, is the id that does not change, so it comes first. In a group `phone`
 * is the group and the participant fields name the member who wrote.
 */
export interface ChatKeyRule {
	/** Which messages the rule is for. */
	when: 'group' | 'sentByMe' | 'private';
	chatId: string[];
	senderId: string[];
}

/** Tried in order; the first rule whose `when` holds decides. */
export const CHAT_KEY_RULES: ChatKeyRule[] = [
	{ when: 'group', chatId: ['phone'], senderId: ['participantLid', 'participantPhone'] },
	{ when: 'sentByMe', chatId: ['chatLid', 'phone'], senderId: ['connectedPhone'] },
	{ when: 'private', chatId: ['chatLid', 'phone'], senderId: ['chatLid', 'phone'] },
];

/** Fields every received/sent callback has (2.3); absent ones come out as null. */
export const MESSAGE_FIELDS: Record<string, FieldType> = {
	instanceId: 'string',
	messageId: 'string',
	phone: 'string',
	fromMe: 'boolean',
	isGroup: 'boolean',
	momment: 'integer',
	status: 'string',
	chatName: 'string',
	senderName: 'string',
	senderPhoto: 'string',
	participantPhone: 'string',
	photo: 'string',
	broadcast: 'boolean',
	forwarded: 'boolean',
	waitingMessage: 'boolean',
	referenceMessageId: 'string',
};

/** Fields of a message status callback (2.4); absent ones come out as null. */
export const STATUS_FIELDS: Record<string, FieldType> = {
	instanceId: 'string',
	phone: 'string',
	momment: 'integer',
	isGroup: 'boolean',
	phoneDevice: 'integer',
};

/** The two callback types of the contract; `type` is matched without regard to case. */
export const CALLBACK_TYPES = {
	message: 'receivedcallback',
	status: 'messagestatuscallback',
} as const;

/**
 * Callbacks of the service's further webhooks (beyond-contract 3.3 to 3.6): each is its own
 * event, recognised by `type` (without regard to case), with typed fields and a kind read
 * from the delivery.
 */
export interface InstanceCallback {
	/** `type` as the service sends it, in lower case. */
	type: string;
	/** The item's `event`. */
	event: string;
	fields: Record<string, FieldType>;
	/** How the item's kind is read: one kind always, a field's value, or whether a field is set. */
	kind:
		| { always: string }
		| { field: string; values: string[] }
		| { whenSet: string; then: string; otherwise: string };
	/** Whether the event is about a chat, so the chat filters (Chats, Only These Phones) apply. */
	aboutChat: boolean;
}

/** What a contact is doing in a chat (3.4); PAUSED follows COMPOSING or RECORDING. */
export const PRESENCE_STATUSES = ['AVAILABLE', 'UNAVAILABLE', 'COMPOSING', 'RECORDING', 'PAUSED'];

export const INSTANCE_CALLBACKS: InstanceCallback[] = [
	{
		// A send's outcome: handed to WhatsApp, or refused with `error`.
		type: 'deliverycallback',
		event: 'sendResult',
		fields: { instanceId: 'string', phone: 'string', zaapId: 'string', messageId: 'string', error: 'string' },
		kind: { whenSet: 'error', then: 'failed', otherwise: 'sent' },
		aboutChat: true,
	},
	{
		type: 'connectedcallback',
		event: 'connected',
		fields: { instanceId: 'string', phone: 'string', connected: 'boolean' },
		kind: { always: 'connected' },
		aboutChat: false,
	},
	{
		type: 'disconnectedcallback',
		event: 'disconnected',
		fields: { instanceId: 'string', error: 'string', disconnected: 'boolean' },
		kind: { always: 'disconnected' },
		aboutChat: false,
	},
	{
		type: 'presencechatcallback',
		event: 'presence',
		fields: { instanceId: 'string', phone: 'string', status: 'string', lastSeen: 'integer' },
		kind: { field: 'status', values: PRESENCE_STATUSES },
		aboutChat: true,
	},
];
