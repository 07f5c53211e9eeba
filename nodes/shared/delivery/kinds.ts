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
 * contentKindOf in items.ts).
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
	 * shared contacts and places, payments). `{ each, field }` reads a list instead: the
	 * `field` of every entry of `each`, joined by ", " (the options chosen in a poll vote).
	 */
	text?: string | { each: string; field: string };
	/**
	 * Where the file's address is, for kinds that carry a file: dotted paths into the content
	 * object, the first that holds an address wins. The object holding it also gives the
	 * file's mimeType and fileName (Download Media reads them there).
	 */
	mediaUrl?: string[];
}

const PAYMENT_INFO: FieldType = 'object';

const ORDER_PRODUCT_FIELDS: Record<string, FieldType> = { value: 'number', isCustomItem: 'boolean' };

/** An order to review and pay, and its updates (reviewAndPay, reviewOrder). */
const ORDER_FIELDS: Record<string, FieldType> = {
	currency: 'string',
	referenceId: 'string',
	orderRequestId: 'string',
	orderStatus: 'string',
	paymentStatus: 'string',
	total: 'number',
	subTotal: 'number',
	discount: 'number',
	shipping: 'number',
	tax: 'number',
	products: 'objects',
};

export const CONTENT_KINDS: ContentKind[] = [
	{ kind: 'text', key: 'text', label: 'Text', fields: { message: 'string' }, text: 'message' },
	{
		kind: 'image',
		key: 'image',
		label: 'Image',
		fields: { caption: 'string', imageUrl: 'string', thumbnailUrl: 'string', mimeType: 'string' },
		text: 'caption',
		mediaUrl: ['imageUrl'],
	},
	{
		kind: 'audio',
		key: 'audio',
		label: 'Audio',
		fields: { mimeType: 'string', audioUrl: 'string' },
		mediaUrl: ['audioUrl'],
	},
	{
		// GIFs and round video notes (PTV) come as `video` too (docs/webhooks/on-message-received.md,
		// "retorno de GIF", "retorno de PTV"): the same object, nothing marks them apart.
		kind: 'video',
		key: 'video',
		label: 'Video (Also GIF and Video Note)',
		fields: { caption: 'string', videoUrl: 'string', mimeType: 'string' },
		text: 'caption',
		mediaUrl: ['videoUrl'],
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
		mediaUrl: ['documentUrl'],
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
		mediaUrl: ['stickerUrl'],
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
	{
		kind: 'poll',
		key: 'poll',
		label: 'Poll',
		fields: { question: 'string', pollMaxOptions: 'integer', options: 'objects' },
		text: 'question',
	},
	{
		// A vote names its poll and the options now chosen; an empty list is a vote taken back.
		kind: 'pollVote',
		key: 'pollVote',
		label: 'Poll Vote',
		fields: { pollMessageId: 'string', options: 'objects' },
		text: { each: 'options', field: 'name' },
	},
	{
		// Text, image, video, document and location templates, and the OTP "copy code" button
		// (a urlButton in hydratedButtons) all come as hydratedTemplate; the media is in header.
		kind: 'template',
		key: 'hydratedTemplate',
		label: 'Template (Also OTP Code Button)',
		fields: {
			header: 'object',
			message: 'string',
			footer: 'string',
			title: 'string',
			templateId: 'string',
			hydratedButtons: 'objects',
		},
		text: 'message',
		mediaUrl: ['header.image.imageUrl', 'header.video.videoUrl', 'header.document.documentUrl'],
	},
	{
		kind: 'buttons',
		key: 'buttonsMessage',
		label: 'Buttons With Image or Video',
		fields: { imageUrl: 'string', videoUrl: 'string', message: 'string', buttons: 'objects' },
		text: 'message',
		mediaUrl: ['imageUrl', 'videoUrl'],
	},
	{
		kind: 'pixKey',
		key: 'pixKeyMessage',
		label: 'PIX Key Button',
		fields: { currency: 'string', referenceId: 'string', key: 'string', keyType: 'string', merchantName: 'string' },
	},
	{
		// Each card has its own image (cards[].header.image.imageUrl): several files, so
		// Download Media leaves them to the workflow.
		kind: 'carousel',
		key: 'carouselMessage',
		label: 'Carousel',
		fields: { text: 'string', cards: 'objects' },
		text: 'text',
	},
	{
		kind: 'reviewAndPay',
		key: 'reviewAndPay',
		label: 'Order to Review and Pay',
		fields: { type: 'string', ...ORDER_FIELDS },
	},
	{
		kind: 'orderUpdate',
		key: 'reviewOrder',
		label: 'Order Update',
		fields: ORDER_FIELDS,
	},
	{
		kind: 'channelAdminInvite',
		key: 'newsletterAdminInvite',
		label: 'Channel Admin Invite',
		fields: { newsletterId: 'string', newsletterName: 'string', text: 'string', inviteExpiration: 'integer' },
		text: 'text',
	},
	{
		kind: 'pin',
		key: 'pinMessage',
		label: 'Message Pinned or Unpinned',
		fields: { action: 'string', pinDurationInSecs: 'integer', referencedMessage: 'object' },
	},
	{
		kind: 'event',
		key: 'event',
		label: 'Event',
		fields: {
			name: 'string',
			description: 'string',
			canceled: 'boolean',
			joinLink: 'string',
			scheduleTime: 'integer',
			location: 'object',
		},
		text: 'name',
	},
	{
		kind: 'eventResponse',
		key: 'eventResponse',
		label: 'Event Response',
		fields: { response: 'string', responseFrom: 'string', time: 'integer', referencedMessage: 'object' },
		text: 'response',
	},
];

/**
 * Kinds a message has by a flag, not by a content object: only when it carries none of
 * the table's content objects. "Waiting for this message" is WhatsApp's placeholder for a
 * message it could not decrypt yet (docs/webhooks/on-message-received.md, `waitingMessage`).
 */
export interface FlagKind {
	kind: string;
	/** The top-level field that is true on such a message. */
	flag: string;
	label: string;
	/** Top-level fields of the delivery that make the item's content. */
	fields: Record<string, FieldType>;
}

export const FLAG_KINDS: FlagKind[] = [
	{ kind: 'waitingMessage', flag: 'waitingMessage', label: 'Waiting for This Message', fields: { viewOnce: 'boolean' } },
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
	// A cart's products carry price and currencyCode; an order's, value and isCustomItem.
	products: {
		quantity: 'integer',
		name: 'string',
		productId: 'string',
		retailerId: 'string',
		price: 'number',
		currencyCode: 'string',
		...ORDER_PRODUCT_FIELDS,
	},
	options: { name: 'string' },
	header: { image: 'object', video: 'object', document: 'object', location: 'object' },
	image: { width: 'integer', height: 'integer', viewOnce: 'boolean' },
	video: { width: 'integer', height: 'integer', seconds: 'integer', viewOnce: 'boolean' },
	document: { pageCount: 'integer' },
	location: { longitude: 'number', latitude: 'number' },
};

/**
 * A system notice: a received/sent callback that carries `notification`
 * (docs/webhooks/on-message-received.md, its examples and "Notification Response").
 */
export interface NotificationKind {
	code: string;
	label: string;
	/** Names given to the entries of notificationParameters, in order (the item's `details`). */
	parameters: string[];
	/** Top-level fields of the delivery this code carries, typed into `details`. */
	fields?: Record<string, FieldType>;
	/**
	 * For codes whose notificationParameters are objects rather than text: the name the
	 * typed list gets in `details`, and the fields of each entry.
	 */
	parameterObjects?: { name: string; fields: Record<string, FieldType> };
}

const CALL: Record<string, FieldType> = { callId: 'string' };

export const NOTIFICATION_KINDS: NotificationKind[] = [
	{ code: 'GROUP_CREATE', label: 'Group Created', parameters: ['groupName'] },
	{ code: 'GROUP_PARTICIPANT_ADD', label: 'Participant Added', parameters: ['participant'] },
	{ code: 'GROUP_PARTICIPANT_REMOVE', label: 'Participant Removed', parameters: ['participant'] },
	{ code: 'GROUP_PARTICIPANT_LEAVE', label: 'Participant Left', parameters: ['participant'] },
	{
		// The first parameter is who asks to join (alone when by invite link). When a member
		// adds someone (requestMethod non_admin_add) a second number follows, which the docs
		// do not name: it stays in `parameters`.
		code: 'MEMBERSHIP_APPROVAL_REQUEST',
		label: 'Request to Join Group',
		parameters: ['requester'],
		fields: { requestMethod: 'string' },
	},
	{ code: 'REVOKED_MEMBERSHIP_REQUESTS', label: 'Request to Join Withdrawn', parameters: ['requester'] },
	{
		code: 'GROUP_MEMBER_LINK_PROPERTY_UPDATE',
		label: 'Group Invite Link Access Changed',
		parameters: [],
		fields: { linkMode: 'string' },
	},
	{ code: 'E2E_ENCRYPTED', label: 'End-to-End Encrypted', parameters: [] },
	{ code: 'CIPHERTEXT', label: 'Encrypted Message', parameters: [] },
	{ code: 'CALL_VOICE', label: 'Incoming Voice Call', parameters: [], fields: CALL },
	// Not in the docs' examples, which show CALL_VOICE and both missed calls: the video
	// counterpart of CALL_VOICE, named the way CALL_MISSED_VIDEO pairs with CALL_MISSED_VOICE.
	{ code: 'CALL_VIDEO', label: 'Incoming Video Call', parameters: [], fields: CALL },
	{ code: 'CALL_MISSED_VOICE', label: 'Missed Voice Call', parameters: [], fields: CALL },
	{ code: 'CALL_MISSED_VIDEO', label: 'Missed Video Call', parameters: [], fields: CALL },
	{ code: 'PROFILE_NAME_UPDATED', label: 'My Profile Name Changed', parameters: [], fields: { profileName: 'string' } },
	{
		code: 'PROFILE_PICTURE_UPDATED',
		label: 'My Profile Picture Changed',
		parameters: [],
		fields: { updatedPhoto: 'string' },
	},
	{
		code: 'CHAT_LABEL_ASSOCIATION',
		label: 'Chat Labels Changed',
		parameters: [],
		parameterObjects: { name: 'labels', fields: { phone: 'string', label: 'string', assigned: 'boolean' } },
	},
	{ code: 'NEWSLETTER_ADMIN_PROMOTE', label: 'Channel Admin Added', parameters: ['participant', 'role'] },
	{ code: 'NEWSLETTER_ADMIN_DEMOTE', label: 'Channel Admin Removed', parameters: ['participant', 'role'] },
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

/** Message status values as the item gives them, with the other spellings accepted. */
export interface StatusKind {
	status: string;
	label: string;
	aliases: string[];
}

export const STATUS_KINDS: StatusKind[] = [
	{ status: 'SENT', label: 'Sent', aliases: [] },
	{ status: 'RECEIVED', label: 'Delivered', aliases: [] },
	{ status: 'READ', label: 'Read', aliases: [] },
	// docs/webhooks/on-whatsapp-message-status-changes.md names it READ_BY_ME; older pages
	// (until 2025) wrote READ-SELF, which deliveries may still carry.
	{ status: 'READ_BY_ME', label: 'Read by Me', aliases: ['READ-SELF', 'READ_SELF'] },
	{ status: 'PLAYED', label: 'Played', aliases: [] },
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
	// Flags of docs/webhooks/on-message-received.md (field table and examples).
	isEdit: 'boolean',
	isStatusReply: 'boolean',
	isNewsletter: 'boolean',
	fromApi: 'boolean',
	connectedPhone: 'string',
	chatLid: 'string',
	senderLid: 'string',
	participantLid: 'string',
	messageExpirationSeconds: 'integer',
};

/**
 * Who wrote a message, as the item's `sentBy` says it. A message sent by the instance's
 * number comes with `fromApi` (docs/webhooks/on-message-received.md examples): false when a
 * person typed it on the phone or WhatsApp Web, true when it went through the API. The
 * field table does not list fromApi and older deliveries lack it: then `me`, as nothing
 * tells the two apart.
 */
export interface Sender {
	value: 'contact' | 'myPhone' | 'api' | 'me';
	name: string;
	description: string;
	fromMe: boolean;
	/** fromApi as delivered; undefined: absent or not a boolean. */
	fromApi?: boolean;
}

export const SENDERS: Sender[] = [
	{ value: 'contact', name: 'The Contact', description: 'Someone else wrote it', fromMe: false },
	{
		value: 'myPhone',
		name: 'Me on My Phone or WhatsApp Web',
		description: 'A person typed it on the instance’s phone or in WhatsApp Web (fromApi false)',
		fromMe: true,
		fromApi: false,
	},
	{
		value: 'api',
		name: 'The API',
		description: 'Sent through Z-API’s API: this or another workflow, or any program using the instance (fromApi true)',
		fromMe: true,
		fromApi: true,
	},
	{
		value: 'me',
		name: 'Me, Not Said From Where',
		description: 'Sent by the instance’s number in a delivery without fromApi',
		fromMe: true,
	},
];

/** Fields of a message status callback (docs/webhooks/on-whatsapp-message-status-changes.md); absent ones come out as null. */
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
export const CHAT_PRESENCE_STATUSES = ['AVAILABLE', 'UNAVAILABLE', 'COMPOSING', 'RECORDING', 'PAUSED'];

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
		event: 'chatPresence',
		fields: { instanceId: 'string', phone: 'string', status: 'string', lastSeen: 'integer' },
		kind: { field: 'status', values: CHAT_PRESENCE_STATUSES },
		aboutChat: true,
	},
];
