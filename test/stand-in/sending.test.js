'use strict';
/** The stand-in's send endpoints: answers, chat store, deliveries, stored media, reply control. */
const http = require('node:http');
const { createStandIn } = require('./server');
const { SEND_PATHS } = require('./sending');
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
