'use strict';
/** The stand-in's send endpoints: answers, chat store, deliveries, stored media, reply control. */
const http = require('node:http');
const { createStandIn } = require('./server');
const { LINKED_SEND_PATHS, SEND_PATHS } = require('./sending');
const { startReceiver } = require('./helpers');

const ID = 'SENDINSTANCE';
const TOKEN = 'tok/en with space';
const CONTACT = '5511988887777';
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2, 0, 0]), Buffer.from('opus voice')]);

let standIn;
let base;

async function call(method, path, body) {
	const res = await fetch(`${base}${path}`, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}
const api = (method, path, body) => call(method, `/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, body);

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }], statusStepMs: 5 });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

/** A minimal valid body per send path. */
const VALID = {
	'/send-text': { message: 'hi' },
	'/send-image': { image: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64')}` },
	'/send-audio': { audio: `data:audio/ogg;base64,${OGG.toString('base64')}`, waveform: true },
	'/send-video': { video: `data:video/mp4;base64,${Buffer.from('....ftypisom').toString('base64')}` },
	'/send-sticker': { sticker: Buffer.from('RIFF....WEBP').toString('base64') },
	'/send-document/:extension': { document: `data:application/pdf;base64,${Buffer.from('%PDF').toString('base64')}`, fileName: 'a.pdf' },
	'/send-location': { title: 'Shop', address: 'Av. Paulista, 1578', latitude: '-23.56', longitude: '-46.65' },
	'/send-contact': { contactName: 'Ana', contactPhone: '5521988887777' },
	'/send-link': { message: 'see https://e.com/x', image: 'data:image/png;base64,iVBORw==', linkUrl: 'https://e.com/x', title: 'X', linkDescription: 'Y' },
	'/send-reaction': { reaction: '👍' },
	'/send-remove-reaction': {},
	'/send-poll': { message: 'Lunch?', poll: [{ name: 'A' }, { name: 'B' }] },
	'/send-option-list': { message: 'Pick', optionList: { title: 'T', buttonLabel: 'Open', options: [{ title: 'a', description: 'b' }] } },
	'/send-button-list': { message: 'Ok?', buttonList: { buttons: [{ label: 'Yes' }] } },
	'/send-button-actions': { message: 'Go', buttonActions: [{ type: 'URL', label: 'Site', url: 'https://e.com' }] },
	'/send-gif': { gif: `data:video/mp4;base64,${Buffer.from('....ftypisom').toString('base64')}`, caption: 'Yay' },
	'/send-ptv': { ptv: `data:video/mp4;base64,${Buffer.from('....ftypisom').toString('base64')}` },
	'/send-contacts': { contacts: [{ name: 'Ana', phones: ['5521988887777', '5521977776666'] }, { name: 'Shop', phones: ['551133334444'], businessDescription: 'Open' }] },
	'/send-button-pix': { pixKey: 'pix@example.com', type: 'EMAIL' },
	'/send-button-otp': { message: 'Your code', code: '482913' },
	'/send-catalog': { catalogPhone: '5511999999999', translation: 'EN', message: 'Access this link to view our catalog on WhatsApp:' },
	'/send-product': { catalogPhone: '5511999999999', productId: '7190654897637620' },
	'/send-carousel': { message: 'Plans', carousel: [{ text: 'Basic', image: 'https://e.com/a.png', buttons: [{ type: 'REPLY', label: 'Ask' }] }, { text: 'Pro', image: 'https://e.com/b.png' }] },
};

describe('stand-in: group mentions and document caption edits', () => {
	it('sends a text mentioning groups of a community when each is @-mentioned', async () => {
		const group = '120363019502650977-group';
		const body = { phone: group, message: 'News in @120363019502650978-group', groupMentioned: [{ phone: '120363019502650978-group', subject: 'News' }] };
		const { status } = await api('POST', '/send-text', body);
		expect(status).toBe(200);
		expect(standIn.sent(ID).at(-1)).toMatchObject({ path: '/send-text', phone: group, body: { groupMentioned: body.groupMentioned } });
	});

	it('edits the caption of a sent document: same message, new caption', async () => {
		const sent = (await api('POST', '/send-document/pdf', { ...VALID['/send-document/:extension'], phone: CONTACT, caption: 'Old' })).json;
		const edit = await api('POST', '/send-document/pdf', { ...VALID['/send-document/:extension'], phone: CONTACT, caption: 'New', editDocumentMessageId: sent.messageId });
		expect(edit.json.messageId).toBe(sent.messageId);
		const listed = (await api('GET', `/chat-messages/${CONTACT}?amount=5`)).json;
		expect(listed.filter((m) => m.messageId === sent.messageId)).toEqual([expect.objectContaining({ document: expect.objectContaining({ title: 'New' }) })]);
	});
});

describe('stand-in: send endpoints', () => {
	it('has a valid example for every send path', () => {
		expect(Object.keys(VALID).sort()).toEqual([...SEND_PATHS].sort());
	});

	it.each(SEND_PATHS)('%s answers {zaapId, messageId, id} and stores the message as fromMe', async (pattern) => {
		const received = standIn.seedChat(ID, CONTACT, { count: 1, fromMeEvery: 0 }).messageIds[0];
		const body = { phone: CONTACT, ...VALID[pattern], ...(/reaction/.test(pattern) ? { messageId: received } : {}) };
		const { status, json } = await api('POST', pattern.replace(':extension', 'pdf'), body);
		expect(status).toBe(200);
		expect(json).toEqual({ zaapId: expect.stringMatching(/^[0-9A-F]{32}$/), messageId: expect.any(String), id: json.messageId });
		const listed = await api('GET', `/chat-messages/${CONTACT}?amount=5`);
		expect(listed.json[0]).toMatchObject({ messageId: json.messageId, fromMe: true, phone: CONTACT });
	});

	it.each([
		['no phone', '/send-text', { message: 'hi' }, 'phone is required'],
		['a masked phone', '/send-text', { phone: '+55 11 98888-7777', message: 'hi' }, /is not a phone/],
		['no message', '/send-text', { phone: CONTACT }, 'message is required'],
		['a delay of 20', '/send-text', { phone: CONTACT, message: 'hi', delayMessage: 20 }, 'delayMessage must be 1 to 15'],
		['a link not at the end', '/send-link', { ...VALID['/send-link'], phone: CONTACT, message: 'no link' }, 'message must end with linkUrl'],
		['a reaction to an unknown message', '/send-reaction', { phone: CONTACT, reaction: '👍', messageId: 'NOPE' }, /No message NOPE/],
		['media that is neither URL nor base64', '/send-image', { phone: CONTACT, image: 'a picture!' }, /must be a URL or base64/],
		['a bad extension', '/send-document/p.df', { phone: CONTACT, document: 'AAAA' }, /extension/],
		['contacts without phones', '/send-contacts', { phone: CONTACT, contacts: [{ name: 'Ana', phones: [] }] }, /contacts must be a list/],
		['a PIX key of an unknown type', '/send-button-pix', { phone: CONTACT, pixKey: 'k', type: 'IBAN' }, /type must be/],
		['a carousel card without image', '/send-carousel', { phone: CONTACT, message: 'm', carousel: [{ text: 'a' }] }, /carousel must be a list/],
		['group mentions outside a group', '/send-text', { phone: CONTACT, message: 'hi @120363019502650978-group', groupMentioned: [{ phone: '120363019502650978-group', subject: 'News' }] }, /only in a group/],
		['a group mention missing from the text', '/send-text', { phone: '120363019502650977-group', message: 'hi', groupMentioned: [{ phone: '120363019502650978-group', subject: 'News' }] }, 'message must mention @120363019502650978-group'],
		['a caption edit of an unknown document', '/send-document/pdf', { ...VALID['/send-document/:extension'], phone: CONTACT, editDocumentMessageId: 'NOPE', caption: 'x' }, /No document NOPE/],
	])('refuses %s with 400 {error}', async (_label, path, body, error) => {
		const { status, json } = await api('POST', path, body);
		expect(status).toBe(400);
		expect(json.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
	});

	it('keeps the bytes of media given as a data URI, bare base64 or a URL', async () => {
		const file = http.createServer((req, res) => {
			res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
			res.end(Buffer.from('ID3 mp3 bytes'));
		});
		await new Promise((r) => file.listen(0, '127.0.0.1', r));
		try {
			const a = await api('POST', '/send-audio', { phone: CONTACT, audio: `data:audio/ogg;base64,${OGG.toString('base64')}`, waveform: true });
			const b = await api('POST', '/send-document/pdf', { phone: CONTACT, document: Buffer.from('%PDF-1').toString('base64') });
			const c = await api('POST', '/send-audio', { phone: CONTACT, audio: `http://127.0.0.1:${file.address().port}/a.mp3` });
			const { json } = await call('GET', `/_control/sent?instanceId=${ID}`);
			const byId = Object.fromEntries(json.sent.map((s) => [s.messageId, s]));
			expect(Buffer.from(byId[a.json.messageId].media.base64, 'base64').equals(OGG)).toBe(true);
			expect(byId[a.json.messageId].media).toMatchObject({ source: 'data-uri', mimeType: 'audio/ogg', size: OGG.length });
			expect(byId[a.json.messageId].body).toEqual({ phone: CONTACT, waveform: true });
			expect(Buffer.from(byId[b.json.messageId].media.base64, 'base64').toString()).toBe('%PDF-1');
			expect(byId[b.json.messageId]).toMatchObject({ path: '/send-document/pdf', media: { source: 'base64' } });
			expect(byId[c.json.messageId].media).toMatchObject({ source: 'url', mimeType: 'audio/mpeg', base64: Buffer.from('ID3 mp3 bytes').toString('base64') });
		} finally {
			await new Promise((r) => file.close(r));
		}
	});

	it('delivers the sent message to the received webhook as fromMe, then SENT, RECEIVED, READ to the status webhook', async () => {
		const receiver = await startReceiver();
		try {
			standIn.setWebhook(ID, 'received', receiver.url('/received'));
			standIn.setWebhook(ID, 'status', receiver.url('/status'));
			const { json } = await api('POST', '/send-text', { phone: CONTACT, message: 'Hello there', messageId: 'QUOTED1' });
			await receiver.waitFor(4);
			const [sent, ...statuses] = receiver.requests;
			expect(sent.path).toBe('/received');
			expect(sent.json).toMatchObject({ type: 'ReceivedCallback', fromMe: true, phone: CONTACT, messageId: json.messageId, text: { message: 'Hello there' }, referenceMessageId: 'QUOTED1' });
			expect(statuses.map((r) => [r.path, r.json.type, r.json.status, r.json.ids])).toEqual(
				['SENT', 'RECEIVED', 'READ'].map((status) => ['/status', 'MessageStatusCallback', status, [json.messageId]]),
			);
			const listed = await api('GET', `/chat-messages/${CONTACT}?amount=1`);
			expect(listed.json[0].status).toBe('READ');
		} finally {
			await receiver.close();
		}
	});

	it('edits an own message in place and says so in the delivery', async () => {
		const receiver = await startReceiver();
		try {
			const first = await api('POST', '/send-text', { phone: CONTACT, message: 'typo' });
			standIn.setWebhook(ID, 'received', receiver.url());
			const edit = await api('POST', '/send-text', { phone: CONTACT, message: 'fixed', editMessageId: first.json.messageId });
			expect(edit.json.messageId).toBe(first.json.messageId);
			await receiver.waitFor(1);
			expect(receiver.requests[0].json).toMatchObject({ isEdit: true, text: { message: 'fixed' }, messageId: first.json.messageId });
			const listed = await api('GET', `/chat-messages/${CONTACT}?amount=5`);
			expect(listed.json.map((m) => m.text.message)).toEqual(['fixed']);
		} finally {
			await receiver.close();
		}
	});

	it('forwards ({zaapId} only), marks as read and deletes (204, no content)', async () => {
		const [received] = standIn.seedChat(ID, CONTACT, { count: 1, fromMeEvery: 0 }).messageIds;
		const fwd = await api('POST', '/forward-message', { phone: '5521977776666', messageId: received, messagePhone: CONTACT });
		expect(fwd.json).toEqual({ zaapId: expect.any(String) });
		expect((await api('GET', '/chat-messages/5521977776666')).json).toHaveLength(1);
		const read = await api('POST', '/read-message', { phone: CONTACT, messageId: received });
		expect([read.status, read.text]).toEqual([204, '']);
		expect((await api('GET', `/chat-messages/${CONTACT}`)).json[0].status).toBe('READ');
		const del = await api('DELETE', `/messages?messageId=${received}&phone=${CONTACT}&owner=false`);
		expect([del.status, del.text]).toEqual([204, '']);
		expect((await api('GET', `/chat-messages/${CONTACT}`)).json).toEqual([]);
		expect((await api('DELETE', `/messages?messageId=${received}&phone=${CONTACT}`)).status).toBe(400);
	});

	it('makes the contact reply to the last sent message, quoting it', async () => {
		const receiver = await startReceiver();
		try {
			expect((await call('POST', '/_control/reply', { instanceId: ID })).status).toBe(409);
			const { json } = await api('POST', '/send-text', { phone: CONTACT, message: 'How are you?' });
			standIn.setWebhook(ID, 'received', receiver.url());
			const reply = await call('POST', '/_control/reply', { instanceId: ID, message: 'Fine!' });
			expect(reply.json.repliedTo).toBe(json.messageId);
			expect(reply.json.payload).toMatchObject({ fromMe: false, phone: CONTACT, referenceMessageId: json.messageId, text: { message: 'Fine!' } });
			expect(receiver.requests.map((r) => r.json.fromMe)).toEqual([false]);
		} finally {
			await receiver.close();
		}
	});

	it('delivers a sent poll as the docs’ poll, sent through the API', async () => {
		const receiver = await startReceiver();
		try {
			standIn.setWebhook(ID, 'received', receiver.url());
			const { json } = await api('POST', '/send-poll', { phone: CONTACT, message: 'Lunch?', poll: [{ name: 'Pizza' }, { name: 'Salad' }], pollMaxOptions: 1 });
			await receiver.waitFor(1);
			const [sent] = receiver.requests;
			expect(sent.json).toMatchObject({
				fromMe: true,
				fromApi: true,
				messageId: json.messageId,
				poll: { question: 'Lunch?', pollMaxOptions: 1, options: [{ name: 'Pizza' }, { name: 'Salad' }] },
			});
			expect(sent.json).not.toHaveProperty('text');
		} finally {
			await receiver.close();
		}
	});

	it('makes the contact vote on a poll the instance sent: a pollVote naming the poll and the options', async () => {
		const receiver = await startReceiver();
		try {
			expect((await call('POST', '/_control/vote', { instanceId: ID, options: ['Pizza'] })).status).toBe(409);
			const older = await api('POST', '/send-poll', { phone: CONTACT, message: 'Lunch?', poll: [{ name: 'Pizza' }, { name: 'Salad' }], pollMaxOptions: 1 });
			const newer = await api('POST', '/send-poll', { phone: CONTACT, message: 'Drinks?', poll: [{ name: 'Juice' }, { name: 'Tea' }, { name: 'Water' }] });
			standIn.setWebhook(ID, 'received', receiver.url());

			const vote = await call('POST', '/_control/vote', { instanceId: ID, options: 'Juice, Water' });
			expect(vote.status).toBe(200);
			expect(vote.json.votedOn).toBe(newer.json.messageId);
			expect(vote.json.payload).toMatchObject({
				type: 'ReceivedCallback',
				fromMe: false,
				phone: CONTACT,
				pollVote: { pollMessageId: newer.json.messageId, options: [{ name: 'Juice' }, { name: 'Water' }] },
			});
			const byId = await standIn.vote(ID, { messageId: older.json.messageId, options: ['Salad'] });
			expect(byId.payload.pollVote).toEqual({ pollMessageId: older.json.messageId, options: [{ name: 'Salad' }] });
			// Taking a vote back: no option.
			expect((await standIn.vote(ID, { options: [] })).payload.pollVote.options).toEqual([]);
			expect(receiver.requests.map((r) => r.json.pollVote.pollMessageId)).toEqual([newer.json.messageId, older.json.messageId, newer.json.messageId]);

			const strange = await call('POST', '/_control/vote', { instanceId: ID, options: ['Coffee'] });
			expect([strange.status, strange.json.error]).toEqual([400, `The poll ${newer.json.messageId} offers Juice, Tea, Water; not Coffee`]);
			const tooMany = await call('POST', '/_control/vote', { instanceId: ID, messageId: older.json.messageId, options: ['Pizza', 'Salad'] });
			expect([tooMany.status, tooMany.json.error]).toEqual([400, `The poll ${older.json.messageId} takes at most 1 options`]);
		} finally {
			await receiver.close();
		}
	});
});

describe('stand-in: orders and events', () => {
	const GROUP = '120363019502650977-group';
	const CUSTOMER = '554499999999';
	// docs/message/send-order.md, "Incluindo parâmetros opcionais" (a product of the catalog) plus a custom one.
	const ORDER = {
		currency: 'BRL',
		discount: 10,
		tax: 10,
		shipping: 5,
		products: [
			{ name: 'order 1', value: 150, quantity: 2 },
			{ productId: '23940797548900636', name: 'order 2', value: 150, quantity: 2 },
		],
	};
	const EVENT = { name: 'Nome do evento', description: 'Descrição do evento', dateTime: '2024-04-29T09:30:53.309Z', timeZone: 'UTC-3', location: { name: 'Nome do lugar' }, callLinkType: 'voice', canceled: false };

	/** A receiver on the received webhook: `delivery(n)` waits for the nth delivery (from 1) and gives its body. */
	async function listen() {
		const receiver = await startReceiver();
		standIn.setWebhook(ID, 'received', receiver.url('/received'));
		return { receiver, delivery: async (n) => (await receiver.waitFor(n))[n - 1].json };
	}

	async function sendOrder() {
		const { receiver, delivery } = await listen();
		try {
			const sent = await api('POST', '/send-order', { phone: CUSTOMER, order: ORDER, paymentSettings: { pix: { key: 'pix@example.com', keyType: 'email', name: 'Shop' }, card: { enabled: true } } });
			const body = await delivery(1);
			return { sent: sent.json, order: body.reviewAndPay, delivery: body };
		} finally {
			await receiver.close();
		}
	}

	it('has the order and event paths', () => {
		expect(LINKED_SEND_PATHS).toEqual(['/send-order', '/order-status-update', '/order-payment-update', '/send-event', '/send-edit-event', '/send-event-response']);
	});

	it('sends an order and delivers it with the references and product IDs its updates need', async () => {
		const { sent, order, delivery } = await sendOrder();
		expect(sent).toEqual({ zaapId: expect.stringMatching(/^[0-9A-F]{32}$/), messageId: expect.any(String), id: sent.messageId });
		expect(delivery).toMatchObject({ messageId: sent.messageId, fromMe: true, phone: CUSTOMER });
		expect(order).toEqual({
			type: 'physical-goods',
			currency: 'BRL',
			referenceId: expect.stringMatching(/^[A-Z0-9]{11}$/),
			orderRequestId: expect.stringMatching(/^[A-Z0-9]{11}$/),
			orderStatus: 'pending',
			paymentStatus: 'pending',
			total: 605,
			subTotal: 600,
			discount: 10,
			shipping: 5,
			tax: 10,
			products: [
				{ name: 'order 1', quantity: 2, isCustomItem: true, productId: expect.stringMatching(/^custom-item-/), value: 150 },
				{ name: 'order 2', quantity: 2, isCustomItem: false, productId: '23940797548900636', value: 150 },
			],
		});
	});

	it('updates the status and the payment of an order it sent, with the whole order again', async () => {
		const { sent, order } = await sendOrder();
		const body = {
			phone: CUSTOMER,
			messageId: sent.messageId,
			message: 'Mensagem de texto da atualização do pedido',
			referenceId: order.referenceId,
			orderRequestId: order.orderRequestId,
			orderStatus: 'processing',
			paymentStatus: 'pending',
			order: { ...ORDER, products: order.products.map(({ name, quantity, isCustomItem, productId, value }) => ({ value, quantity, name, isCustomItem, productId })) },
		};
		const status = await api('POST', '/order-status-update', body);
		expect(status.json).toEqual({ zaapId: expect.any(String), messageId: expect.any(String), id: status.json.messageId });
		const payment = await api('POST', '/order-payment-update', { ...body, paymentStatus: 'paid' });
		expect(payment.status).toBe(200);
		expect(standIn.sent(ID).map((s) => s.path)).toEqual(['/send-order', '/order-status-update', '/order-payment-update']);
	});

	it.each([
		['an update of an order it did not send', '/order-status-update', (o, s) => ({ messageId: 'NOPE', referenceId: o.referenceId, orderRequestId: o.orderRequestId, s }), /No order NOPE/],
		['an update with another reference', '/order-status-update', (o, s) => ({ messageId: s.messageId, referenceId: 'X', orderRequestId: o.orderRequestId }), 'referenceId and orderRequestId must be those of the order'],
		['a product update without isCustomItem', '/order-payment-update', (o, s) => ({ messageId: s.messageId, referenceId: o.referenceId, orderRequestId: o.orderRequestId, order: { currency: 'BRL', products: [{ name: 'a', value: 1, quantity: 1, productId: '1' }] } }), 'every product of an update needs productId and isCustomItem'],
		['an unknown order status', '/order-status-update', (o, s) => ({ messageId: s.messageId, referenceId: o.referenceId, orderRequestId: o.orderRequestId, orderStatus: 'lost' }), /orderStatus must be one of/],
	])('refuses %s with 400 {error}', async (_label, path, change, error) => {
		const { sent, order } = await sendOrder();
		const base = { phone: CUSTOMER, orderStatus: 'processing', paymentStatus: 'pending', order: { currency: 'BRL', products: order.products.map(({ name, quantity, isCustomItem, productId, value }) => ({ name, quantity, isCustomItem, productId, value })) } };
		const { status, json } = await api('POST', path, { ...base, ...change(order, sent) });
		expect(status).toBe(400);
		expect(json.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
	});

	it.each([
		['an order without products', { phone: CUSTOMER, order: { currency: 'BRL', products: [] } }, 'order.products must be a list of products'],
		['half a unit', { phone: CUSTOMER, order: { currency: 'BRL', products: [{ name: 'a', value: 1, quantity: 0.5 }] } }, 'every product needs a quantity of 1 or more'],
		['a Pix key of an unknown type', { phone: CUSTOMER, order: ORDER, paymentSettings: { pix: { key: 'k', keyType: 'iban' } } }, /paymentSettings.pix needs key and keyType/],
	])('refuses to send %s', async (_label, body, error) => {
		const { status, json } = await api('POST', '/send-order', body);
		expect(status).toBe(400);
		expect(json.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
	});

	it('sends an event to a group, edits it and answers it (the own event stays going)', async () => {
		const { receiver, delivery } = await listen();
		try {
			const sent = (await api('POST', '/send-event', { phone: GROUP, event: EVENT })).json;
			expect((await delivery(1)).event).toEqual({
				name: 'Nome do evento',
				description: 'Descrição do evento',
				canceled: false,
				joinLink: expect.stringMatching(/^https:\/\/call\.whatsapp\.com\/voice\//),
				scheduleTime: 1714383053,
				location: { name: 'Nome do lugar' },
			});
			const { timeZone: _zone, ...edited } = { ...EVENT, name: 'Novo nome do evento' };
			expect((await api('POST', '/send-edit-event', { phone: GROUP, eventMessageId: sent.messageId, event: edited })).status).toBe(200);
			expect((await delivery(2)).event.name).toBe('Novo nome do evento');
			expect((await api('POST', '/send-event-response', { phone: GROUP, eventMessageId: sent.messageId, eventResponse: 'NOT_GOING' })).status).toBe(200);
			expect((await delivery(3)).eventResponse).toEqual({
				response: 'GOING',
				responseFrom: expect.any(String),
				time: expect.any(Number),
				referencedMessage: { messageId: sent.messageId, fromMe: true, phone: GROUP, participant: null },
			});
		} finally {
			await receiver.close();
		}
	});

	it('answers an event someone else sent in the chat', async () => {
		const { receiver } = await listen();
		const { payload } = await standIn.emit(ID, 'event', { group: GROUP, phone: CONTACT });
		await receiver.close();
		const { messageId } = payload;
		const answer = await api('POST', '/send-event-response', { phone: GROUP, eventMessageId: messageId, eventResponse: 'NOT_GOING' });
		expect(answer.status).toBe(200);
		expect(standIn.sent(ID).at(-1)).toMatchObject({ path: '/send-event-response', body: { eventResponse: 'NOT_GOING' } });
	});

	it.each([
		['an event to a phone', '/send-event', { phone: CONTACT, event: EVENT }, 'events are sent to groups only'],
		['an event without canceled', '/send-event', { phone: GROUP, event: { name: 'a', dateTime: '2024-04-29T09:30:53.309Z' } }, 'event.canceled must be true or false'],
		['an event on no date', '/send-event', { phone: GROUP, event: { ...EVENT, dateTime: 'soon' } }, 'event.dateTime must be a date and time'],
		['an edit of an unknown event', '/send-edit-event', { phone: GROUP, eventMessageId: 'NOPE', event: { name: 'a', dateTime: '2024-04-29T09:30:53.309Z', canceled: false } }, /No event NOPE sent by this instance/],
		['an answer to an unknown event', '/send-event-response', { phone: GROUP, eventMessageId: 'NOPE', eventResponse: 'GOING' }, /No event NOPE in the chat/],
		['an answer that is neither', '/send-event-response', { phone: GROUP, eventMessageId: 'NOPE', eventResponse: 'MAYBE' }, 'eventResponse must be GOING or NOT_GOING'],
	])('refuses %s with 400 {error}', async (_label, path, body, error) => {
		const { status, json } = await api('POST', path, body);
		expect(status).toBe(400);
		expect(json.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
	});
});
