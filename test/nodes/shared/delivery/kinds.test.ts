/**
 * Every delivery Z-API documents, through n8n's engine: one delivery per example of
 * docs/webhooks/on-message-received.md (Portuguese and English pages, which differ),
 * on-whatsapp-message-status-changes.md and each notification code, written here in the
 * shape the docs show. Each gives the item's kind, content and text the docs imply, and the
 * kind filters let it through when its kind is chosen and not when another is. The lists
 * are checked against the kind tables; the expected values are written out.
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS, FLAG_KINDS, NOTIFICATION_KINDS, STATUS_KINDS } from '../../../../nodes/shared/delivery/kinds';
import { mediaOf } from '../../../../nodes/shared/mediaDownload';
import { deliver } from '../../../helpers/engine';
import { ALL_EVENTS, deliverTo, INSTANCE_ID, listening, type Listening } from '../../ZApiTrigger/fixtures';

const MOMENT = 1708457193876;
const STORAGE = 'https://storage.z-api.io/instances/3C67AB641C8AA0412F6A2242B4E23AC7';

/** The fields every received/sent callback of the docs' newer examples carries. */
function received(fields: IDataObject): IDataObject {
	return {
		isStatusReply: false,
		chatLid: '81896604192873@lid',
		connectedPhone: '554499999999',
		waitingMessage: false,
		isEdit: false,
		isGroup: false,
		isNewsletter: false,
		instanceId: INSTANCE_ID,
		messageId: '702CC5F7E0A6BF4421',
		phone: '5544999999999',
		fromMe: false,
		momment: MOMENT,
		status: 'RECEIVED',
		chatName: 'Maria',
		senderPhoto: null,
		senderName: 'Maria',
		photo: null,
		broadcast: false,
		participantLid: null,
		forwarded: false,
		type: 'ReceivedCallback',
		fromApi: false,
		...fields,
	};
}

interface MessageExample {
	/** The example's heading in the docs. */
	example: string;
	body: IDataObject;
	kind: string;
	text: string | null;
	/** What the item's content holds, typed. */
	content: IDataObject;
	/** The file Download Media would fetch, for kinds that carry one. */
	file?: string;
	/** Other fields of the item. */
	item?: IDataObject;
}

const templateWith = (header: IDataObject, buttons: IDataObject[] = []) => ({
	header,
	message: 'Seu pedido saiu para entrega',
	footer: 'Loja Exemplo',
	title: 'Pedido 4521',
	templateId: '790118069824606',
	hydratedButtons: buttons,
});

const MESSAGE_EXAMPLES: MessageExample[] = [
	{
		example: 'Text return example',
		body: received({ text: { message: 'Qual o horário de hoje?' } }),
		kind: 'text',
		text: 'Qual o horário de hoje?',
		content: { message: 'Qual o horário de hoje?' },
		item: { sentBy: 'contact', isEdit: false },
	},
	{
		example: 'Exemplo de retorno de texto vindos de anúncio (an ad beside the text)',
		body: received({
			externalAdReply: { title: 'Promoção', body: 'texto do anúncio', sourceType: 'ad', sourceId: '23722824350495506' },
			text: { message: 'Vi o anúncio', description: 'texto do anúncio', title: 'Promoção', url: 'https://loja.exemplo.com.br' },
		}),
		kind: 'text',
		text: 'Vi o anúncio',
		content: { message: 'Vi o anúncio', url: 'https://loja.exemplo.com.br' },
	},
	{
		example: 'Status post response example (a text, with the status it answers)',
		body: received({
			isStatusReply: true,
			referenceMessageId: '3EB054C12BAAC70228AAB6',
			text: { message: 'Que foto linda!' },
			statusImage: { imageUrl: `${STORAGE}/status.jpeg`, caption: '', mimetype: 'image/jpeg', width: 1080, height: 1920 },
		}),
		kind: 'text',
		text: 'Que foto linda!',
		content: { message: 'Que foto linda!' },
		item: { isStatusReply: true, referenceMessageId: '3EB054C12BAAC70228AAB6' },
	},
	{
		example: 'Example response when a message is sent to a broadcast list',
		body: received({
			phone: '1774895799-broadcast',
			fromMe: true,
			broadcast: true,
			broadcastRecipients: ['126104585119999', '138955211189999'],
			text: { message: 'Promoção de hoje' },
		}),
		kind: 'text',
		text: 'Promoção de hoje',
		content: { message: 'Promoção de hoje' },
		item: { broadcast: true, fromMe: true, sentBy: 'myPhone' },
	},
	{
		example: 'Reaction return example',
		body: received({
			reaction: {
				value: '❤️',
				time: '1651878681150',
				reactionBy: '554499999999',
				referencedMessage: { messageId: '3EB0796DC6B777C0C7CD', fromMe: true, phone: '5544999999999', participant: null },
			},
		}),
		kind: 'reaction',
		text: '❤️',
		content: { time: 1651878681150, reactionBy: '554499999999', referencedMessage: { messageId: '3EB0796DC6B777C0C7CD', fromMe: true } },
	},
	{
		example: 'Example return text (Button List)',
		body: received({ referenceMessageId: '3EB0A1B2C3D4E5F6', buttonsResponseMessage: { buttonId: '1', message: 'Ótimo' } }),
		kind: 'buttonsResponse',
		text: 'Ótimo',
		content: { buttonId: '1', message: 'Ótimo' },
		item: { referenceMessageId: '3EB0A1B2C3D4E5F6' },
	},
	{
		example: 'Example return text (Picklist)',
		body: received({ listResponseMessage: { message: 'Z-API Asas para sua imaginação', title: 'Z-API', selectedRowId: '1' } }),
		kind: 'listResponse',
		text: 'Z-API Asas para sua imaginação',
		content: { title: 'Z-API', selectedRowId: '1' },
	},
	{
		example: 'Image return example',
		body: received({
			image: { mimeType: 'image/jpeg', imageUrl: `${STORAGE}/i.jpeg`, thumbnailUrl: `${STORAGE}/i-thumb.jpeg`, downloadError: null, caption: 'Comprovante', width: 600, height: 315, viewOnce: true },
		}),
		kind: 'image',
		text: 'Comprovante',
		content: { mimeType: 'image/jpeg', width: 600, viewOnce: true },
		file: `${STORAGE}/i.jpeg`,
	},
	{
		example: 'Audio feedback example',
		body: received({ audio: { ptt: true, seconds: 10, audioUrl: `${STORAGE}/a.ogg`, mimeType: 'audio/ogg; codecs=opus', viewOnce: true } }),
		kind: 'audio',
		text: null,
		content: { ptt: true, seconds: 10, mimeType: 'audio/ogg; codecs=opus' },
		file: `${STORAGE}/a.ogg`,
	},
	{
		example: 'Video return example',
		body: received({ video: { videoUrl: `${STORAGE}/v.mp4`, caption: 'Instalação', mimeType: 'video/mp4', seconds: 13, viewOnce: true } }),
		kind: 'video',
		text: 'Instalação',
		content: { seconds: 13, viewOnce: true },
		file: `${STORAGE}/v.mp4`,
	},
	{
		example: 'Contact feedback example',
		body: received({
			contact: {
				displayName: 'Cesar Baleco',
				vCard: 'BEGIN:VCARD\nVERSION:3.0\nN:;nome;;;\nFN:nome\nTEL;type=CELL;type=VOICE;waid=5544999999999:+55 44 9999-9999\nEND:VCARD',
				phones: ['5544999999999'],
			},
		}),
		kind: 'contact',
		text: null,
		content: { displayName: 'Cesar Baleco', phones: ['5544999999999'] },
	},
	{
		example: 'Document return example',
		body: received({ document: { documentUrl: `${STORAGE}/d.pdf`, mimeType: 'application/pdf', title: 'nome', pageCount: '1', fileName: 'nome.pdf' } }),
		kind: 'document',
		text: null,
		content: { pageCount: 1, fileName: 'nome.pdf' },
		file: `${STORAGE}/d.pdf`,
	},
	{
		example: 'Localization’s feedback example',
		body: received({ location: { longitude: -46.6558819, latitude: '-23.5613991', address: '', url: '' } }),
		kind: 'location',
		text: null,
		content: { longitude: -46.6558819, latitude: -23.5613991 },
	},
	{
		example: 'Sticker feedback example',
		body: received({ sticker: { stickerUrl: `${STORAGE}/s.webp`, mimeType: 'image/webp' } }),
		kind: 'sticker',
		text: null,
		content: { mimeType: 'image/webp' },
		file: `${STORAGE}/s.webp`,
	},
	{
		example: 'Example of return of payment made',
		body: received({
			requestPayment: {
				value: 1,
				currencyCode: 'BRL',
				expiration: 1632834482000,
				requestPhone: '5544999999999',
				paymentInfo: { receiverPhone: '5544999999999', value: '1', currencyCode: 'BRL', status: 'WAITING', transactionStatus: 'COLLECT_SUCCESS' },
			},
		}),
		kind: 'requestPayment',
		text: null,
		content: { value: 1, expiration: 1632834482000, paymentInfo: { value: 1, status: 'WAITING' } },
	},
	{
		example: 'Example of payment receipt return',
		body: received({
			sendPayment: { paymentInfo: { receiverPhone: '5544999999999', value: 1, currencyCode: 'BRL', status: 'COMPLETE', transactionStatus: 'SUCCESS' } },
		}),
		kind: 'sendPayment',
		text: null,
		content: { paymentInfo: { status: 'COMPLETE', transactionStatus: 'SUCCESS' } },
	},
	{
		example: 'Product return example',
		body: received({
			product: {
				productImage: 'https://mmg.whatsapp.net/p.jpg',
				businessOwnerJid: '5544999999999',
				currencyCode: 'BRL',
				productId: '99999999999999999999',
				description: '',
				productImageCount: 1,
				price: '1',
				url: '',
				retailerId: '',
				firstImageId: '',
				title: 'Camiseta',
			},
		}),
		kind: 'product',
		text: null,
		content: { price: 1, title: 'Camiseta' },
	},
	{
		example: 'Cart return example',
		body: received({
			order: {
				itemCount: 1,
				orderId: '422508169684569',
				message: 'Quero estes',
				orderTitle: 'name',
				sellerJid: '5544999999999',
				thumbnailUrl: 'https://',
				token: 'AR5d4yUr+DmSzeCR2kUtPEeMfS+eG0O+S/T/17B+oY1mfA==',
				currency: 'BRL',
				total: 2000,
				subTotal: 2000,
				products: [{ quantity: 1, name: 'nameProduct', productId: '5338924696127051', retailerId: '1242', price: '2000', currencyCode: 'BRL' }],
			},
		}),
		kind: 'order',
		text: 'Quero estes',
		content: { itemCount: 1, products: [{ quantity: 1, price: 2000 }] },
	},
	{
		example: 'Template text return example',
		body: received({ hydratedTemplate: templateWith({}) }),
		kind: 'template',
		text: 'Seu pedido saiu para entrega',
		content: { message: 'Seu pedido saiu para entrega', footer: 'Loja Exemplo', templateId: '790118069824606', header: {} },
		file: undefined,
	},
	{
		example: 'Template image return example',
		body: received({
			hydratedTemplate: templateWith({
				image: { imageUrl: `${STORAGE}/t.jpeg`, thumbnailUrl: `${STORAGE}/t-thumb.jpeg`, caption: '', mimeType: 'image/jpeg', viewOnce: false, width: '1600', height: 926 },
			}),
		}),
		kind: 'template',
		text: 'Seu pedido saiu para entrega',
		content: { header: { image: { mimeType: 'image/jpeg', width: 1600, height: 926 } } },
		file: `${STORAGE}/t.jpeg`,
	},
	{
		example: 'Template video return example',
		body: received({
			hydratedTemplate: templateWith({
				video: { videoUrl: `${STORAGE}/t.mp4`, caption: '', mimeType: 'video/mp4', width: 0, height: 0, seconds: '0', viewOnce: false },
			}),
		}),
		kind: 'template',
		text: 'Seu pedido saiu para entrega',
		content: { header: { video: { videoUrl: `${STORAGE}/t.mp4`, seconds: 0 } } },
		file: `${STORAGE}/t.mp4`,
	},
	{
		example: 'Template document return example',
		body: received({
			hydratedTemplate: templateWith({
				document: { caption: null, documentUrl: `${STORAGE}/t.pdf`, mimeType: 'application/pdf', title: '', pageCount: 0, fileName: '' },
			}),
		}),
		kind: 'template',
		text: 'Seu pedido saiu para entrega',
		content: { header: { document: { documentUrl: `${STORAGE}/t.pdf`, pageCount: 0 } } },
		file: `${STORAGE}/t.pdf`,
	},
	{
		example: 'Template localization return example',
		body: received({
			hydratedTemplate: templateWith({
				location: { longitude: '-46.6388', latitude: -23.5489, name: 'Loja', address: 'Av. Paulista, 1578', url: '' },
			}),
		}),
		kind: 'template',
		text: 'Seu pedido saiu para entrega',
		content: { header: { location: { longitude: -46.6388, latitude: -23.5489, name: 'Loja' } } },
		file: undefined,
	},
	{
		example: 'Template OTP button return example (the copy-code button is a template)',
		body: received({
			hydratedTemplate: {
				header: {},
				message: 'Seu código de acesso',
				footer: '',
				title: '',
				templateId: '',
				hydratedButtons: [
					{ urlButton: { displayText: 'Copiar código', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp123' }, index: 0 },
				],
			},
		}),
		kind: 'template',
		text: 'Seu código de acesso',
		content: {
			hydratedButtons: [
				{ urlButton: { displayText: 'Copiar código', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp123' }, index: 0 },
			],
		},
	},
	{
		example: 'Pix key button return example',
		body: received({
			pixKeyMessage: { currency: 'BRL', referenceId: '4PXRAHSIRDA', key: 'pix@loja.exemplo.com.br', keyType: 'EMAIL', merchantName: 'Loja Exemplo' },
		}),
		kind: 'pixKey',
		text: null,
		content: { key: 'pix@loja.exemplo.com.br', keyType: 'EMAIL', merchantName: 'Loja Exemplo', currency: 'BRL' },
	},
	{
		example: 'Button with image return example',
		body: received({
			buttonsMessage: {
				imageUrl: `${STORAGE}/b.jpeg`,
				videoUrl: null,
				message: 'Escolha uma opção',
				buttons: [{ buttonId: '1', type: 1, buttonText: { displayText: 'Falar com atendente' } }],
			},
		}),
		kind: 'buttons',
		text: 'Escolha uma opção',
		content: { imageUrl: `${STORAGE}/b.jpeg`, videoUrl: null, buttons: [{ buttonId: '1', type: 1, buttonText: { displayText: 'Falar com atendente' } }] },
		file: `${STORAGE}/b.jpeg`,
	},
	{
		example: 'Button with video return example',
		body: received({
			buttonsMessage: { imageUrl: null, videoUrl: `${STORAGE}/b.mp4`, message: 'Veja o vídeo', buttons: [] },
		}),
		kind: 'buttons',
		text: 'Veja o vídeo',
		content: { imageUrl: null, videoUrl: `${STORAGE}/b.mp4` },
		file: `${STORAGE}/b.mp4`,
	},
	{
		example: 'Carousel return example (sent through the API)',
		body: received({
			fromMe: true,
			fromApi: true,
			status: 'SENT',
			carouselMessage: {
				text: 'Novidades da semana',
				cards: [
					{
						header: { image: { imageUrl: `${STORAGE}/c1.jpeg`, mimeType: 'image/jpeg' } },
						message: 'Camiseta',
						footer: '',
						title: '',
						hydratedButtons: [{ index: 0, quickReplyButton: { displayText: 'Quero', id: '2' } }],
					},
				],
			},
		}),
		kind: 'carousel',
		text: 'Novidades da semana',
		content: { cards: [{ message: 'Camiseta' }] },
		item: { sentBy: 'api', fromApi: true },
	},
	{
		example: 'Example of Poll Response (a poll; `moment`, not `momment`, in this example)',
		body: received({
			momment: undefined,
			moment: 1632228638000,
			poll: { question: 'Qual horário prefere?', pollMaxOptions: '0', options: [{ name: 'Manhã' }, { name: 'Tarde' }] },
		}),
		kind: 'poll',
		text: 'Qual horário prefere?',
		content: { question: 'Qual horário prefere?', pollMaxOptions: 0, options: [{ name: 'Manhã' }, { name: 'Tarde' }] },
		item: { momment: 1632228638000, timestamp: '2021-09-21T12:50:38.000Z' },
	},
	{
		example: 'Example of Poll Response Message (a vote)',
		body: received({ pollVote: { pollMessageId: '3EB0C431C26A1916E07E', options: [{ name: 'Tarde' }] } }),
		kind: 'pollVote',
		text: 'Tarde',
		content: { pollMessageId: '3EB0C431C26A1916E07E', options: [{ name: 'Tarde' }] },
	},
	{
		example: 'A vote for two options of a multiple-choice poll',
		body: received({ pollVote: { pollMessageId: '3EB0C431C26A1916E07E', options: [{ name: 'Manhã' }, { name: 'Noite' }] } }),
		kind: 'pollVote',
		text: 'Manhã, Noite',
		content: { options: [{ name: 'Manhã' }, { name: 'Noite' }] },
	},
	{
		example: 'A vote taken back (no option chosen)',
		body: received({ pollVote: { pollMessageId: '3EB0C431C26A1916E07E', options: [] } }),
		kind: 'pollVote',
		text: null,
		content: { options: [] },
	},
	{
		example: 'Send order return example (review and pay)',
		body: received({
			reviewAndPay: {
				type: 'physical-goods',
				currency: 'BRL',
				referenceId: '4N9AVI38VOB',
				orderRequestId: '4N9AVI38VYZ',
				orderStatus: 'pending',
				paymentStatus: 'pending',
				total: '605',
				subTotal: 600,
				discount: 10,
				shipping: 5,
				tax: 10,
				products: [{ name: 'Camiseta', quantity: '2', isCustomItem: 'false', productId: '23940797548900636', value: 150 }],
			},
		}),
		kind: 'reviewAndPay',
		text: null,
		content: {
			type: 'physical-goods',
			total: 605,
			orderStatus: 'pending',
			products: [{ name: 'Camiseta', quantity: 2, isCustomItem: false, productId: '23940797548900636', value: 150 }],
		},
	},
	{
		example: 'Update order return example',
		body: received({
			reviewOrder: { currency: 'BRL', referenceId: '4N9AVI38VOB', orderRequestId: '4N9AVI38VYZ', orderStatus: 'processing', paymentStatus: 'pending', total: 605, products: [] },
		}),
		kind: 'orderUpdate',
		text: null,
		content: { orderStatus: 'processing', paymentStatus: 'pending', total: 605 },
	},
	{
		example: 'Update order return example with a custom product (what Update Order Status and Update Order Payment send)',
		body: received({
			reviewOrder: {
				currency: 'BRL',
				referenceId: '4N9AVI38VOB',
				orderRequestId: '4N9AVI38VYZ',
				orderStatus: 'processing',
				paymentStatus: 'paid',
				total: '605',
				subTotal: '600',
				discount: '10',
				shipping: '5',
				tax: '10',
				products: [{ name: 'order 1', quantity: '2', isCustomItem: 'true', productId: 'custom-item-4N9AVI38WI1', value: '150' }],
			},
		}),
		kind: 'orderUpdate',
		text: null,
		content: {
			paymentStatus: 'paid',
			total: 605,
			subTotal: 600,
			discount: 10,
			shipping: 5,
			tax: 10,
			products: [{ name: 'order 1', quantity: 2, isCustomItem: true, productId: 'custom-item-4N9AVI38WI1', value: 150 }],
		},
	},
	{
		example: 'Newsletter admin invitation return example',
		body: received({
			newsletterAdminInvite: {
				newsletterId: '120363166555745933@newsletter',
				newsletterName: 'Ofertas',
				text: 'Quero convidar você para ser admin do meu canal no WhatsApp.',
				inviteExpiration: '1706809668',
			},
		}),
		kind: 'channelAdminInvite',
		text: 'Quero convidar você para ser admin do meu canal no WhatsApp.',
		content: { newsletterId: '120363166555745933@newsletter', newsletterName: 'Ofertas', inviteExpiration: 1706809668 },
	},
	{
		example: 'Pin message return example',
		body: received({
			fromMe: true,
			pinMessage: {
				action: 'pin',
				pinDurationInSecs: 604800,
				referencedMessage: { messageId: '3EB0796DC6B777C0C7CD', fromMe: 'true', phone: '554499999999', participant: null },
			},
		}),
		kind: 'pin',
		text: null,
		content: { action: 'pin', pinDurationInSecs: 604800, referencedMessage: { messageId: '3EB0796DC6B777C0C7CD', fromMe: true } },
		item: { sentBy: 'myPhone' },
	},
	{
		example: 'Event return example',
		body: received({
			isGroup: true,
			phone: '120363019502650977-group',
			participantPhone: '5544988887777',
			event: {
				name: 'Reunião de vendas',
				description: 'Metas do mês',
				canceled: 'false',
				joinLink: 'https://call.whatsapp.com/video/v9123XNFG50L6iO78ndXNvKQr6b45a',
				scheduleTime: 1716915653,
				location: {},
			},
		}),
		kind: 'event',
		text: 'Reunião de vendas',
		content: { description: 'Metas do mês', canceled: false, scheduleTime: 1716915653 },
		item: { chatId: '120363019502650977-group' },
	},
	{
		example: 'Event with a place and a voice call link (what Send Event sends)',
		body: received({
			isGroup: true,
			phone: '120363019502650977-group',
			participantPhone: '5544988887777',
			event: {
				name: 'Nome do evento',
				description: 'Descrição do evento',
				canceled: false,
				joinLink: 'https://call.whatsapp.com/voice/v9123XNFG50L6iO78ndXNvKQr6b45a',
				scheduleTime: '1714383053',
				location: { name: 'Nome do lugar' },
			},
		}),
		kind: 'event',
		text: 'Nome do evento',
		content: { scheduleTime: 1714383053, location: { name: 'Nome do lugar' }, joinLink: 'https://call.whatsapp.com/voice/v9123XNFG50L6iO78ndXNvKQr6b45a' },
		item: { chatId: '120363019502650977-group' },
	},
	{
		example: 'Event response return example',
		body: received({
			isGroup: true,
			phone: '120363019502650977-group',
			eventResponse: {
				response: 'GOING',
				responseFrom: '554499999999',
				time: 1714423417000,
				referencedMessage: { messageId: 'D2D612289D9E8F62307D72409A8D9DC3', fromMe: false, phone: '120363239161320697-group', participant: '554499999988' },
			},
		}),
		kind: 'eventResponse',
		text: 'GOING',
		content: { responseFrom: '554499999999', time: 1714423417000, referencedMessage: { messageId: 'D2D612289D9E8F62307D72409A8D9DC3' } },
	},
	{
		example: 'Waiting message return example (no content object yet)',
		body: {
			isGroup: false,
			isNewsletter: false,
			instanceId: INSTANCE_ID,
			messageId: 'A20DA9C0183A2D35A260F53F5D2B9244',
			momment: 1736797729000,
			status: 'RECEIVED',
			fromMe: true,
			phone: '5544999999999',
			chatName: 'chat',
			senderName: 'name',
			senderPhoto: null,
			photo: null,
			broadcast: false,
			participantLid: null,
			type: 'ReceivedCallback',
			waitingMessage: true,
			viewOnce: true,
		},
		kind: 'waitingMessage',
		text: null,
		content: { viewOnce: true },
		item: { waitingMessage: true, sentBy: 'me' },
	},
	{
		example: 'Exemplo de retorno de GIF (a video)',
		body: received({ video: { videoUrl: `${STORAGE}/g.mp4`, caption: '', mimeType: 'video/mp4' } }),
		kind: 'video',
		text: null,
		content: { videoUrl: `${STORAGE}/g.mp4`, mimeType: 'video/mp4' },
		file: `${STORAGE}/g.mp4`,
	},
	{
		example: 'Exemplo de retorno de PTV (a round video note: a video)',
		body: received({
			fromMe: true,
			forwarded: true,
			messageExpirationSeconds: 0,
			video: { videoUrl: `${STORAGE}/p.mp4`, caption: '', mimeType: 'video/mp4' },
		}),
		kind: 'video',
		text: null,
		content: { videoUrl: `${STORAGE}/p.mp4` },
		file: `${STORAGE}/p.mp4`,
		item: { forwarded: true, messageExpirationSeconds: 0 },
	},
	{
		example: 'An edited text (isEdit)',
		body: received({ isEdit: true, text: { message: 'Qual o horário de amanhã?' } }),
		kind: 'text',
		text: 'Qual o horário de amanhã?',
		content: { message: 'Qual o horário de amanhã?' },
		item: { isEdit: true, messageId: '702CC5F7E0A6BF4421' },
	},
];

interface NotificationExample {
	body: IDataObject;
	details: IDataObject;
	item?: IDataObject;
}

/** One example per code: the docs' own where they give one, else shaped like its neighbours. */
const NOTIFICATION_EXAMPLES: Record<string, NotificationExample> = {
	GROUP_CREATE: {
		body: received({ isGroup: true, phone: '120363019502650977-group', notification: 'GROUP_CREATE', notificationParameters: ['Equipe Vendas'] }),
		details: { groupName: 'Equipe Vendas' },
	},
	GROUP_PARTICIPANT_ADD: {
		body: received({ isGroup: true, phone: '120363019502650977-group', notification: 'GROUP_PARTICIPANT_ADD', notificationParameters: ['27182818284590@lid'] }),
		details: { participant: '27182818284590@lid' },
	},
	GROUP_PARTICIPANT_REMOVE: {
		body: received({ isGroup: true, phone: '120363019502650977-group', notification: 'GROUP_PARTICIPANT_REMOVE', notificationParameters: ['5544911112222'] }),
		details: { participant: '5544911112222' },
	},
	GROUP_PARTICIPANT_LEAVE: {
		body: received({ isGroup: true, phone: '120363019502650977-group', notification: 'GROUP_PARTICIPANT_LEAVE', notificationParameters: ['5544933334444'] }),
		details: { participant: '5544933334444' },
	},
	MEMBERSHIP_APPROVAL_REQUEST: {
		body: received({
			isGroup: true,
			phone: '5544999999999-group',
			participantPhone: '5544977776666',
			notification: 'MEMBERSHIP_APPROVAL_REQUEST',
			notificationParameters: ['5544977776666'],
			callId: null,
			code: null,
			requestMethod: 'invite_link',
		}),
		details: { requester: '5544977776666', requestMethod: 'invite_link' },
	},
	REVOKED_MEMBERSHIP_REQUESTS: {
		body: received({ isGroup: true, phone: '5544999999999-group', notification: 'REVOKED_MEMBERSHIP_REQUESTS', notificationParameters: ['5544977776666'] }),
		details: { requester: '5544977776666' },
	},
	GROUP_MEMBER_LINK_PROPERTY_UPDATE: {
		body: received({
			isGroup: true,
			phone: '120363423529374305-group',
			notification: 'GROUP_MEMBER_LINK_PROPERTY_UPDATE',
			notificationParameters: [],
			linkMode: 'ADMIN_LINK',
		}),
		details: { linkMode: 'ADMIN_LINK' },
	},
	E2E_ENCRYPTED: { body: received({ notification: 'E2E_ENCRYPTED', notificationParameters: [] }), details: {} },
	CIPHERTEXT: { body: received({ notification: 'CIPHERTEXT', notificationParameters: [] }), details: {} },
	CALL_VOICE: {
		body: received({ messageId: '1679655074-84', notification: 'CALL_VOICE', notificationParameters: [], callId: 'F44E0E2011E7C784BB9A4AC11749C436' }),
		details: { callId: 'F44E0E2011E7C784BB9A4AC11749C436' },
		item: { chatId: '81896604192873@lid', phone: '5544999999999' },
	},
	CALL_VIDEO: {
		body: received({ messageId: '1679655074-85', notification: 'CALL_VIDEO', notificationParameters: [], callId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90' }),
		details: { callId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90' },
	},
	CALL_MISSED_VOICE: {
		body: received({ messageId: '1679655074-103', notification: 'CALL_MISSED_VOICE', notificationParameters: [], callId: 'F44E0E2011E7C784BB9A4AC11749C436' }),
		details: { callId: 'F44E0E2011E7C784BB9A4AC11749C436' },
	},
	CALL_MISSED_VIDEO: {
		body: received({ notification: 'CALL_MISSED_VIDEO', notificationParameters: [] }),
		details: { callId: null },
	},
	PROFILE_NAME_UPDATED: {
		body: received({
			messageId: undefined,
			fromMe: true,
			phone: '5544999999999',
			connectedPhone: '5544999999999',
			notification: 'PROFILE_NAME_UPDATED',
			callId: null,
			code: null,
			profileName: 'Loja Exemplo Oficial',
		}),
		details: { profileName: 'Loja Exemplo Oficial' },
		item: { messageId: null, fromMe: true },
	},
	PROFILE_PICTURE_UPDATED: {
		body: received({
			messageId: undefined,
			fromMe: true,
			notification: 'PROFILE_PICTURE_UPDATED',
			updatedPhoto: 'https://pps.whatsapp.net/v/t61/novo.jpg',
		}),
		details: { updatedPhoto: 'https://pps.whatsapp.net/v/t61/novo.jpg' },
	},
	CHAT_LABEL_ASSOCIATION: {
		body: received({
			fromMe: true,
			notification: 'CHAT_LABEL_ASSOCIATION',
			notificationParameters: [
				{ phone: '5544977777777', label: '1', assigned: true },
				{ phone: '5544988888888', label: 2, assigned: 'false' },
			],
		}),
		details: {
			labels: [
				{ phone: '5544977777777', label: '1', assigned: true },
				{ phone: '5544988888888', label: '2', assigned: false },
			],
		},
	},
	NEWSLETTER_ADMIN_PROMOTE: {
		body: received({
			messageId: '464201093',
			phone: '5544999999999@newsletter',
			participantPhone: '5544999999999',
			notification: 'NEWSLETTER_ADMIN_PROMOTE',
			notificationParameters: ['5544999999999', 'ADMIN'],
		}),
		details: { participant: '5544999999999', role: 'ADMIN' },
	},
	NEWSLETTER_ADMIN_DEMOTE: {
		body: received({
			messageId: '464201094',
			phone: '5544999999999@newsletter',
			notification: 'NEWSLETTER_ADMIN_DEMOTE',
			notificationParameters: ['5544999999999', 'SUBSCRIBER'],
		}),
		details: { participant: '5544999999999', role: 'SUBSCRIBER' },
	},
	BLUE_MSG_SELF_PREMISE_UNVERIFIED: { body: received({ notification: 'BLUE_MSG_SELF_PREMISE_UNVERIFIED', notificationParameters: [] }), details: {} },
	BLUE_MSG_SELF_PREMISE_VERIFIED: { body: received({ notification: 'BLUE_MSG_SELF_PREMISE_VERIFIED', notificationParameters: [] }), details: {} },
	BIZ_MOVE_TO_CONSUMER_APP: { body: received({ notification: 'BIZ_MOVE_TO_CONSUMER_APP', notificationParameters: [] }), details: {} },
	REVOKE: { body: received({ notification: 'REVOKE', notificationParameters: [] }), details: {} },
	PAYMENT_ACTION_REQUEST_DECLINED: {
		body: received({
			fromMe: true,
			status: 'MESSAGE_RECEIVED',
			notification: 'PAYMENT_ACTION_REQUEST_DECLINED',
			notificationParameters: ['5544999999999', 'BRL', '1000'],
		}),
		details: { phone: '5544999999999', currencyCode: 'BRL', amount: '1000' },
	},
};

/** docs/webhooks/on-whatsapp-message-status-changes.md, and the spellings it replaced. */
const STATUS_EXAMPLES: Array<[string, IDataObject, string]> = [
	['SENT', { status: 'SENT', ids: ['999999999999999999991'] }, 'SENT'],
	['RECEIVED', { status: 'RECEIVED', ids: ['999999999999999999992'] }, 'RECEIVED'],
	['READ', { status: 'READ', ids: ['999999999999999999993'] }, 'READ'],
	['READ_BY_ME', { status: 'READ_BY_ME', ids: ['999999999999999999994'] }, 'READ_BY_ME'],
	['READ-SELF (pages before 2025)', { status: 'READ-SELF', ids: ['999999999999999999995'] }, 'READ_BY_ME'],
	['PLAYED', { status: 'PLAYED', ids: ['999999999999999999996'] }, 'PLAYED'],
	['id as a string (the field table)', { status: 'READ', id: '999999999999999999997' }, 'READ'],
];

function statusBody(fields: IDataObject): IDataObject {
	return { instanceId: INSTANCE_ID, momment: 1632234645000, phoneDevice: 0, phone: '5544999999999', type: 'MessageStatusCallback', isGroup: false, ...fields };
}

const OPTIONS = { includeChannelPosts: true, ignoreRepeats: false };
let target: Listening;
beforeAll(async () => {
	// Channel posts are let in here so that every example starts (they have their own test),
	// and repeats too: the same example goes in under several filters.
	target = await listening({ events: ALL_EVENTS, options: OPTIONS });
});

/** The items the delivery starts under other parameters of the same activated trigger. */
async function itemsWith(parameters: IDataObject, body: IDataObject): Promise<IDataObject[] | undefined> {
	const setup = { ...target.setup, parameters: { events: ALL_EVENTS, options: OPTIONS, ...parameters } };
	return (await deliver(setup, { body, query: target.query })).items;
}

describe('the docs’ examples cover the kind tables', () => {
	it('every message kind has an example', () => {
		const covered = new Set(MESSAGE_EXAMPLES.map(({ kind }) => kind));
		expect([...CONTENT_KINDS, ...FLAG_KINDS].map(({ kind }) => kind).filter((kind) => !covered.has(kind))).toEqual([]);
	});

	it('every notification code has an example', () => {
		expect(NOTIFICATION_KINDS.map(({ code }) => code).sort()).toEqual(Object.keys(NOTIFICATION_EXAMPLES).sort());
	});

	it('every status has an example', () => {
		const covered = new Set(STATUS_EXAMPLES.map(([, , kind]) => kind));
		expect(STATUS_KINDS.map(({ status }) => status).filter((status) => !covered.has(status))).toEqual([]);
	});
});

describe('messages', () => {
	it.each(MESSAGE_EXAMPLES.map((example) => [example.example, example] as const))('%s', async (_name, example) => {
		const { items } = await deliverTo(target, example.body);
		expect(items).toHaveLength(1);
		const [item] = items!;
		expect(item).toMatchObject({ event: 'message', kind: example.kind, text: example.text, content: example.content, ...example.item });
		expect(mediaOf(item)?.url ?? undefined).toBe(example.file);

		// Its kind chosen in Message Kinds, it starts; another kind chosen, it does not.
		const other = example.kind === 'text' ? 'image' : 'text';
		expect(await itemsWith({ contentKinds: [example.kind] }, example.body)).toHaveLength(1);
		expect(await itemsWith({ contentKinds: [other] }, example.body)).toBeUndefined();
	});
});

describe('notifications', () => {
	it.each(Object.entries(NOTIFICATION_EXAMPLES))('%s', async (code, example) => {
		const { items } = await deliverTo(target, example.body);
		expect(items).toHaveLength(1);
		const [item] = items!;
		expect(item).toMatchObject({ event: 'notification', kind: code, notification: code, ...example.item });
		expect(item.details).toEqual(example.details);

		const other = code === 'REVOKE' ? 'GROUP_CREATE' : 'REVOKE';
		expect(await itemsWith({ notificationKinds: [code] }, example.body)).toHaveLength(1);
		expect(await itemsWith({ notificationKinds: [other] }, example.body)).toBeUndefined();
		// A notification is not a message: Message Kinds and message events do not start it.
		expect(await itemsWith({ events: ['messageReceived', 'messageSent'] }, example.body)).toBeUndefined();
	});

	it('a join request a member made for someone else keeps both numbers in parameters', async () => {
		const body = received({
			isGroup: true,
			phone: '5544999999999-group',
			notification: 'MEMBERSHIP_APPROVAL_REQUEST',
			notificationParameters: ['5544999999999', '5544888888888'],
			requestMethod: 'non_admin_add',
		});
		const [item] = (await deliverTo(target, body)).items!;
		expect(item).toMatchObject({
			kind: 'MEMBERSHIP_APPROVAL_REQUEST',
			parameters: ['5544999999999', '5544888888888'],
			details: { requester: '5544999999999', requestMethod: 'non_admin_add' },
		});
	});
});

describe('status changes', () => {
	it.each(STATUS_EXAMPLES)('%s', async (_name, fields, kind) => {
		const body = statusBody(fields);
		const { items } = await deliverTo(target, body);
		expect(items).toHaveLength(1);
		const id = (fields.ids as string[] | undefined)?.[0] ?? fields.id;
		expect(items![0]).toMatchObject({ event: 'status', kind, status: kind, ids: [id], phoneDevice: 0 });

		const other = kind === 'READ' ? 'PLAYED' : 'READ';
		expect(await itemsWith({ statusKinds: [kind] }, body)).toHaveLength(1);
		expect(await itemsWith({ statusKinds: [other] }, body)).toBeUndefined();
	});
});
