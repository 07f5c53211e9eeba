/**
 * One valid call per Message operation: the parameters a user sets, the request the node
 * must send and an answer as the service documents it. The shared spec checks that this
 * table covers every operation of the resource.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationExample as BaseExample } from '../../../../helpers/operationExamples';

export const PHONE = '5511999999999';
export const GROUP = '120363019502650977-group';
export const SENT = { zaapId: '39BB1684570F00E91090F6BBC7EE7646', messageId: '3EB0A2F0B4A3D5C8F1E2', id: '3EB0A2F0B4A3D5C8F1E2' };
export const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A Message operation outputs one item: its JSON. */
export type OperationExample = BaseExample<IDataObject>;

/** SENT as a send outputs it: `id`, the page's copy of messageId, left out. */
const SENT_OUTPUT = { zaapId: '39BB1684570F00E91090F6BBC7EE7646', messageId: '3EB0A2F0B4A3D5C8F1E2' };
const sent = (extra: IDataObject = {}) => ({ ...SENT_OUTPUT, phone: PHONE, ...extra });

/** The answer of docs/message/send-order.md and of the event pages, and how a send outputs it. */
export const DOCS_SENT = { zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68', id: 'D241XXXX732339502B68' };
const DOCS_SENT_OUTPUT = { zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68' };
export const ORDER_PHONE = '554499999999';

/** An order update's parameters and body, as docs/message/update-order-status.md writes them (the payment page's differ in paymentStatus). */
export const ORDER_UPDATE = {
	phone: ORDER_PHONE,
	messageId: '3EB0F91BBA791BB0A787FC',
	referenceId: '4N8FCTW1WM6',
	orderRequestId: '4N8FCTW22W4',
	currency: 'BRL',
	products: {
		product: [
			{ value: 150, quantity: 2, name: 'order 1', productId: 'custom-item-4N8FCTW23N7' },
			{ productId: '23940797548900636', value: 150, quantity: 2, name: 'order 2' },
		],
	},
	options: { message: 'Mensagem de texto da atualização do pedido', discount: 10, tax: 10, shipping: 5 },
};
const ORDER_UPDATE_BODY = {
	phone: ORDER_PHONE,
	messageId: '3EB0F91BBA791BB0A787FC',
	message: 'Mensagem de texto da atualização do pedido',
	referenceId: '4N8FCTW1WM6',
	orderRequestId: '4N8FCTW22W4',
	order: {
		currency: 'BRL',
		discount: 10,
		tax: 10,
		shipping: 5,
		products: [
			{ value: 150, quantity: 2, name: 'order 1', isCustomItem: true, productId: 'custom-item-4N8FCTW23N7' },
			{ productId: '23940797548900636', value: 150, quantity: 2, name: 'order 2', isCustomItem: false },
		],
	},
};

export const EXAMPLES: Record<string, OperationExample> = {
	sendText: {
		parameters: { phone: '+55 (11) 99999-9999', message: 'Hello' },
		method: 'POST',
		path: '/send-text',
		body: { phone: PHONE, message: 'Hello' },
		answer: SENT,
		output: sent(),
	},
	sendImage: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/cat.png', options: { caption: 'A cat' } },
		method: 'POST',
		path: '/send-image',
		body: { phone: PHONE, image: 'https://cdn.example.com/cat.png', caption: 'A cat' },
		answer: SENT,
		output: sent(),
	},
	sendAudio: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/hello.ogg' },
		method: 'POST',
		path: '/send-audio',
		body: { phone: PHONE, audio: 'https://cdn.example.com/hello.ogg', waveform: true },
		answer: SENT,
		output: sent(),
	},
	sendVideo: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/clip.mp4' },
		method: 'POST',
		path: '/send-video',
		body: { phone: PHONE, video: 'https://cdn.example.com/clip.mp4' },
		answer: SENT,
		output: sent(),
	},
	sendDocument: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/files/Report.PDF' },
		method: 'POST',
		path: '/send-document/pdf',
		body: { phone: PHONE, document: 'https://cdn.example.com/files/Report.PDF', fileName: 'Report.PDF' },
		answer: SENT,
		output: sent(),
	},
	sendSticker: {
		parameters: { phone: PHONE, mediaSource: 'base64', mediaBase64: PNG_BASE64 },
		method: 'POST',
		path: '/send-sticker',
		body: { phone: PHONE, sticker: `data:image/png;base64,${PNG_BASE64}` },
		answer: SENT,
		output: sent(),
	},
	sendLocation: {
		parameters: { phone: PHONE, title: 'Office', address: 'Av. Paulista, 1578, São Paulo', latitude: '-23.5613', longitude: '-46,6565' },
		method: 'POST',
		path: '/send-location',
		body: { phone: PHONE, title: 'Office', address: 'Av. Paulista, 1578, São Paulo', latitude: '-23.5613', longitude: '-46.6565' },
		answer: SENT,
		output: sent(),
	},
	sendContact: {
		parameters: { phone: PHONE, contactName: 'Ana', contactPhone: '+55 21 98888-7777', options: { businessDescription: 'Sales' } },
		method: 'POST',
		path: '/send-contact',
		body: { phone: PHONE, contactName: 'Ana', contactPhone: '5521988887777', contactBusinessDescription: 'Sales' },
		answer: SENT,
		output: sent(),
	},
	sendLink: {
		parameters: {
			phone: PHONE,
			linkUrl: 'https://example.com/offer',
			message: 'See our offer',
			title: 'Offer',
			linkDescription: 'Half price',
			image: 'https://example.com/p.jpg',
		},
		method: 'POST',
		path: '/send-link',
		body: {
			phone: PHONE,
			message: 'See our offer https://example.com/offer',
			image: 'https://example.com/p.jpg',
			linkUrl: 'https://example.com/offer',
			title: 'Offer',
			linkDescription: 'Half price',
		},
		answer: SENT,
		output: sent(),
	},
	sendReaction: {
		parameters: { phone: PHONE, messageId: 'ABC123', reaction: '❤️' },
		method: 'POST',
		path: '/send-reaction',
		body: { phone: PHONE, reaction: '❤️', messageId: 'ABC123' },
		answer: SENT,
		output: sent({ reactedTo: 'ABC123', reaction: '❤️' }),
	},
	removeReaction: {
		parameters: { phone: PHONE, messageId: 'ABC123' },
		method: 'POST',
		path: '/send-remove-reaction',
		body: { phone: PHONE, messageId: 'ABC123' },
		answer: SENT,
		output: sent({ reactedTo: 'ABC123' }),
	},
	sendPoll: {
		parameters: { phone: GROUP, message: 'Lunch?', answers: 'Pizza\nSushi\n\nPizza', singleChoice: true },
		method: 'POST',
		path: '/send-poll',
		body: { phone: GROUP, message: 'Lunch?', poll: [{ name: 'Pizza' }, { name: 'Sushi' }], pollMaxOptions: 1 },
		answer: SENT,
		output: { ...SENT_OUTPUT, phone: GROUP },
	},
	sendOptionList: {
		parameters: {
			phone: PHONE,
			message: 'Pick a plan',
			listTitle: 'Plans',
			buttonLabel: 'See plans',
			listOptions: { option: [{ title: 'Basic', description: '10/month', id: 'basic' }, { title: 'Pro', description: '20/month' }] },
		},
		method: 'POST',
		path: '/send-option-list',
		body: {
			phone: PHONE,
			message: 'Pick a plan',
			optionList: {
				title: 'Plans',
				buttonLabel: 'See plans',
				options: [{ title: 'Basic', description: '10/month', id: 'basic' }, { title: 'Pro', description: '20/month' }],
			},
		},
		answer: SENT,
		output: sent(),
	},
	sendButtonList: {
		parameters: {
			phone: PHONE,
			message: 'Did it help?',
			buttons: { button: [{ label: 'Yes', id: 'y' }, { label: 'No' }] },
			options: { image: 'https://example.com/b.png' },
		},
		method: 'POST',
		path: '/send-button-list',
		body: {
			phone: PHONE,
			message: 'Did it help?',
			buttonList: { buttons: [{ label: 'Yes', id: 'y' }, { label: 'No' }], image: 'https://example.com/b.png' },
		},
		answer: SENT,
		output: sent(),
	},
	sendButtonActions: {
		parameters: {
			phone: PHONE,
			message: 'Talk to us',
			buttonActions: {
				button: [
					{ type: 'CALL', label: 'Call', phone: '+55 11 3333-4444' },
					{ type: 'URL', label: 'Site', url: 'https://example.com', id: 'site' },
				],
			},
			options: { footer: 'Open 9-18' },
		},
		method: 'POST',
		path: '/send-button-actions',
		body: {
			phone: PHONE,
			message: 'Talk to us',
			buttonActions: [
				{ type: 'CALL', label: 'Call', phone: '551133334444' },
				{ type: 'URL', label: 'Site', url: 'https://example.com/', id: 'site' },
			],
			footer: 'Open 9-18',
		},
		answer: SENT,
		output: sent(),
	},
	forwardMessage: {
		parameters: { phone: PHONE, messageId: 'ABC123', messagePhone: GROUP },
		method: 'POST',
		path: '/forward-message',
		body: { phone: PHONE, messageId: 'ABC123', messagePhone: GROUP },
		// The only send whose answer is {zaapId} alone.
		answer: { zaapId: SENT.zaapId },
		output: { zaapId: SENT.zaapId, phone: PHONE, forwardedMessageId: 'ABC123' },
	},
	sendGif: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/dance.mp4', options: { caption: 'Friday!' } },
		method: 'POST',
		path: '/send-gif',
		body: { phone: PHONE, gif: 'https://cdn.example.com/dance.mp4', caption: 'Friday!' },
		answer: SENT,
		output: sent(),
	},
	sendVideoNote: {
		parameters: { phone: PHONE, mediaSource: 'url', mediaUrl: 'https://cdn.example.com/hello.mp4', options: { replyTo: 'ABC123' } },
		method: 'POST',
		path: '/send-ptv',
		body: { phone: PHONE, ptv: 'https://cdn.example.com/hello.mp4', messageId: 'ABC123' },
		answer: SENT,
		output: sent(),
	},
	editDocumentCaption: {
		parameters: {
			phone: PHONE,
			mediaSource: 'url',
			mediaUrl: 'https://cdn.example.com/files/Report.pdf',
			documentMessageId: '3EB0A2F0B4A3D5C8F1E2',
			caption: 'Report, corrected',
		},
		method: 'POST',
		path: '/send-document/pdf',
		body: {
			phone: PHONE,
			document: 'https://cdn.example.com/files/Report.pdf',
			fileName: 'Report.pdf',
			caption: 'Report, corrected',
			editDocumentMessageId: '3EB0A2F0B4A3D5C8F1E2',
		},
		answer: SENT,
		output: sent(),
	},
	sendContacts: {
		parameters: {
			phone: PHONE,
			contacts: {
				contact: [
					{ name: 'Ana', phones: '+55 21 98888-7777, 5521977776666' },
					{ name: 'Shop', phones: '551133334444', businessDescription: 'Open 9-18' },
				],
			},
		},
		method: 'POST',
		path: '/send-contacts',
		body: {
			phone: PHONE,
			contacts: [
				{ name: 'Ana', phones: ['5521988887777', '5521977776666'] },
				{ name: 'Shop', businessDescription: 'Open 9-18', phones: ['551133334444'] },
			],
		},
		answer: SENT,
		output: sent(),
	},
	votePoll: {
		parameters: { phone: GROUP, pollMessageId: 'POLL123', votes: 'Pizza\nSushi' },
		method: 'POST',
		path: '/send-poll-vote',
		body: { phone: GROUP, pollMessageId: 'POLL123', pollVote: [{ name: 'Pizza' }, { name: 'Sushi' }] },
		answer: { zaapId: SENT.zaapId, messageId: SENT.messageId },
		output: { zaapId: SENT.zaapId, messageId: SENT.messageId, phone: GROUP, pollMessageId: 'POLL123', votes: ['Pizza', 'Sushi'] },
	},
	mentionGroups: {
		parameters: {
			phone: GROUP,
			message: 'Welcome! News in @120363019502650978-group',
			groupsMentioned: {
				group: [
					{ groupId: '120363019502650978-group', subject: 'News' },
					{ groupId: '120363019502650979-group', subject: 'Help' },
				],
			},
		},
		method: 'POST',
		path: '/send-text',
		body: {
			phone: GROUP,
			message: 'Welcome! News in @120363019502650978-group @120363019502650979-group',
			groupMentioned: [
				{ phone: '120363019502650978-group', subject: 'News' },
				{ phone: '120363019502650979-group', subject: 'Help' },
			],
		},
		answer: SENT,
		output: sent({ phone: GROUP }),
	},
	sendPixButton: {
		parameters: { phone: PHONE, pixKey: 'pix@example.com', keyType: 'EMAIL', options: { merchantName: 'Pay the shop' } },
		method: 'POST',
		path: '/send-button-pix',
		body: { phone: PHONE, pixKey: 'pix@example.com', type: 'EMAIL', merchantName: 'Pay the shop' },
		answer: SENT,
		output: sent(),
	},
	// docs/message/send-message-catalog.md: its request body, word for word.
	sendCatalog: {
		parameters: {
			phone: PHONE,
			catalogPhone: '+55 11 99999-9999',
			options: {
				translation: 'EN',
				message: 'Access this link to view our catalog on WhatsApp:',
				title: 'See the product catalog on WhatsApp.',
				catalogDescription: "Learn more about this company's products and services.",
			},
		},
		method: 'POST',
		path: '/send-catalog',
		body: {
			phone: '5511999999999',
			catalogPhone: '5511999999999',
			translation: 'EN',
			message: 'Access this link to view our catalog on WhatsApp:',
			title: 'See the product catalog on WhatsApp.',
			catalogDescription: "Learn more about this company's products and services.",
		},
		answer: SENT,
		output: sent(),
	},
	// docs/message/send-message-product.md
	sendProduct: {
		parameters: { phone: PHONE, catalogPhone: '5511999999999', productId: ' 7190654897637620 ' },
		method: 'POST',
		path: '/send-product',
		body: { phone: '5511999999999', catalogPhone: '5511999999999', productId: '7190654897637620' },
		answer: SENT,
		output: sent(),
	},
	// docs/calls/send-call.md
	sendCall: {
		parameters: { phone: PHONE, options: { callDuration: 5 } },
		method: 'POST',
		path: '/send-call',
		body: { phone: '5511999999999', callDuration: 5 },
		answer: SENT,
		output: sent(),
	},
	// docs/message/send-newsletter-admin-invite.md
	sendChannelAdminInvite: {
		parameters: {
			phone: '+55 11 99999-9999',
			channelId: '120363166555745933@newsletter',
			caption: 'I want to invite you to be an admin of my channel on WhatsApp.',
		},
		method: 'POST',
		path: '/send-newsletter-admin-invite',
		body: {
			phone: PHONE,
			adminInviteMessage: { newsletterId: '120363166555745933@newsletter', caption: 'I want to invite you to be an admin of my channel on WhatsApp.' },
		},
		answer: SENT,
		output: sent(),
	},
	sendCopyCodeButton: {
		parameters: { phone: PHONE, message: 'Your code', code: '482913', options: { buttonText: 'Copy', image: 'https://example.com/logo.png' } },
		method: 'POST',
		path: '/send-button-otp',
		body: { phone: PHONE, message: 'Your code', code: '482913', image: 'https://example.com/logo.png', buttonText: 'Copy' },
		answer: SENT,
		output: sent(),
	},
	sendCarousel: {
		parameters: {
			phone: PHONE,
			message: 'Our plans',
			cards: {
				card: [
					{
						text: 'Basic',
						image: 'https://example.com/basic.png',
						buttons: { button: [{ type: 'URL', label: 'Buy', url: 'https://example.com/buy', id: '1' }, { type: 'REPLY', label: 'Ask' }] },
					},
					{ text: 'Pro', image: 'https://example.com/pro.png' },
				],
			},
		},
		method: 'POST',
		path: '/send-carousel',
		body: {
			phone: PHONE,
			message: 'Our plans',
			carousel: [
				{
					text: 'Basic',
					image: 'https://example.com/basic.png',
					buttons: [{ type: 'URL', label: 'Buy', url: 'https://example.com/buy', id: '1' }, { type: 'REPLY', label: 'Ask' }],
				},
				{ text: 'Pro', image: 'https://example.com/pro.png' },
			],
		},
		answer: SENT,
		output: sent(),
	},
	pinMessage: {
		parameters: { phone: PHONE, messageId: 'ABC123', pinDuration: '24_hours' },
		method: 'POST',
		path: '/pin-message',
		body: { phone: PHONE, messageId: 'ABC123', messageAction: 'pin', pinMessageDuration: '24_hours' },
		answer: { zaapId: SENT.zaapId, messageId: SENT.messageId },
		output: { zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE, pinnedMessageId: 'ABC123', pinned: true, pinDuration: '24_hours' },
	},
	unpinMessage: {
		parameters: { phone: PHONE, messageId: 'ABC123' },
		method: 'POST',
		path: '/pin-message',
		body: { phone: PHONE, messageId: 'ABC123', messageAction: 'unpin', pinMessageDuration: '24_hours' },
		answer: { zaapId: SENT.zaapId, messageId: SENT.messageId },
		output: { zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE, pinnedMessageId: 'ABC123', pinned: false },
	},
	// docs/message/send-order.md, "Incluindo parâmetros opcionais" (the page's keyType is a
	// placeholder listing the types: one of them is set).
	sendOrder: {
		parameters: {
			phone: ORDER_PHONE,
			currency: 'brl',
			products: { product: [{ productId: '23940797548900636', name: 'Nome do produto', value: 10, quantity: 2 }] },
			options: { discount: 10, tax: 10, shipping: 5, pixKey: 'Chave PIX', pixKeyType: 'randomKey', pixName: 'Nome da chave', cardEnabled: true },
		},
		method: 'POST',
		path: '/send-order',
		body: {
			phone: ORDER_PHONE,
			order: {
				currency: 'BRL',
				discount: 10,
				tax: 10,
				shipping: 5,
				products: [{ productId: '23940797548900636', name: 'Nome do produto', value: 10, quantity: 2 }],
			},
			paymentSettings: { pix: { key: 'Chave PIX', keyType: 'randomKey', name: 'Nome da chave' }, card: { enabled: true } },
		},
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: ORDER_PHONE },
	},
	// docs/message/update-order-status.md
	updateOrderStatus: {
		parameters: { ...ORDER_UPDATE, orderStatus: 'processing', paymentStatus: 'pending' },
		method: 'POST',
		path: '/order-status-update',
		body: { ...ORDER_UPDATE_BODY, orderStatus: 'processing', paymentStatus: 'pending' },
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: ORDER_PHONE, referenceId: '4N8FCTW1WM6', orderStatus: 'processing', paymentStatus: 'pending' },
	},
	// docs/message/update-order-payment.md
	updateOrderPayment: {
		parameters: { ...ORDER_UPDATE, orderStatus: 'processing', paymentStatus: 'paid' },
		method: 'POST',
		path: '/order-payment-update',
		body: { ...ORDER_UPDATE_BODY, orderStatus: 'processing', paymentStatus: 'paid' },
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: ORDER_PHONE, referenceId: '4N8FCTW1WM6', orderStatus: 'processing', paymentStatus: 'paid' },
	},
	// docs/message/send-event.md (callLinkType: the page writes "voice | video", one is set)
	sendEvent: {
		parameters: {
			phone: GROUP,
			eventName: 'Nome do evento',
			dateTime: '2024-04-29T09:30:53.309Z',
			options: { description: 'Descrição do evento', timeZone: 'UTC-3', locationName: 'Nome do lugar', callLinkType: 'voice', canceled: false },
		},
		method: 'POST',
		path: '/send-event',
		body: {
			phone: GROUP,
			event: {
				name: 'Nome do evento',
				description: 'Descrição do evento',
				dateTime: '2024-04-29T09:30:53.309Z',
				timeZone: 'UTC-3',
				location: { name: 'Nome do lugar' },
				callLinkType: 'voice',
				canceled: false,
			},
		},
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: GROUP },
	},
	// docs/message/send-edit-event.md
	editEvent: {
		parameters: {
			phone: GROUP,
			eventMessageId: '3EB058359730B7C2895C55',
			eventName: 'Novo nome do evento',
			dateTime: '2024-04-29T09:30:53.309Z',
			options: { description: 'Descrição do evento', locationName: 'Nome do lugar', callLinkType: 'video' },
		},
		method: 'POST',
		path: '/send-edit-event',
		body: {
			phone: GROUP,
			eventMessageId: '3EB058359730B7C2895C55',
			event: {
				name: 'Novo nome do evento',
				description: 'Descrição do evento',
				dateTime: '2024-04-29T09:30:53.309Z',
				location: { name: 'Nome do lugar' },
				callLinkType: 'video',
				canceled: false,
			},
		},
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: GROUP, eventMessageId: '3EB058359730B7C2895C55' },
	},
	// docs/message/send-event-response.md
	answerEvent: {
		parameters: { phone: GROUP, eventMessageId: 'D2D612289D9E8F62307D72409A8D9DC3', eventResponse: 'GOING' },
		method: 'POST',
		path: '/send-event-response',
		body: { phone: GROUP, eventMessageId: 'D2D612289D9E8F62307D72409A8D9DC3', eventResponse: 'GOING' },
		answer: DOCS_SENT,
		output: { ...DOCS_SENT_OUTPUT, phone: GROUP, eventMessageId: 'D2D612289D9E8F62307D72409A8D9DC3', eventResponse: 'GOING' },
	},
	markAsRead: {
		parameters: { phone: PHONE, messageId: 'ABC123' },
		method: 'POST',
		path: '/read-message',
		body: { phone: PHONE, messageId: 'ABC123' },
		status: 204,
		answer: '',
		output: { success: true, phone: PHONE, messageId: 'ABC123' },
	},
	deleteMessage: {
		parameters: { phone: PHONE, messageId: 'ABC123', owner: false },
		method: 'DELETE',
		path: '/messages',
		query: { messageId: 'ABC123', phone: PHONE, owner: 'false' },
		status: 204,
		answer: '',
		output: { success: true, phone: PHONE, messageId: 'ABC123', owner: false },
	},
};

/** Where the instance sends received messages in the examples: a Z-API Trigger of the n8n the runs use. */
export const TRIGGER_ADDRESS = 'https://n8n.example.com/webhook/c0ffee00-0000-4000-8000-000000000001/webhook?activation=0123456789abcdef0123456789abcdef&signature=ffffffffeeeeeeeeddddddddccccccccbbbbbbbbaaaaaaaa9999999988888888';

/**
 * Operations that send and then put the execution to wait: one valid call each. Send and Wait
 * for Reply first reads /me (the same answer serves: it names the trigger's address) and keeps
 * its question in n8n's data table (a FakeDataTables where it runs, in an active workflow).
 */
export const WAITING_EXAMPLES = {
	sendAndWait: { parameters: { phone: PHONE, message: 'Approve the order?' }, answer: SENT },
	sendAndWaitForReply: { parameters: { phone: PHONE, message: 'Which day suits you?' }, answer: { ...SENT, receivedCallbackUrl: TRIGGER_ADDRESS } },
};
