import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, PNG_BASE64, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/send-audio`;
/** The start of an Ogg/Opus voice note. */
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2, 0, 0, 0, 0, 0, 0, 0, 0]), Buffer.from('OpusHead voice bytes')]);
const sendAudio = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendAudio', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', ...extra });
const withFile = (data: Buffer, mimeType: string, fileName = 'voice.ogg', field = 'data'): INodeExecutionData => ({
	json: {},
	binary: { [field]: { data: data.toString('base64'), mimeType, fileName } },
});

describe('Message > Send Audio', () => {
	it('sends the binary of the item as a voice note, the same bytes as a data URI', async () => {
		let sent: IDataObject = {};
		const scope = api()
			.post(ENDPOINT, (body) => ((sent = body), true))
			.reply(200, SENT);
		const result = await runAction(sendAudio(), [withFile(OGG, 'audio/ogg; codecs=opus')]);
		expect(result.error).toBeUndefined();
		expect(sent).toEqual({ phone: PHONE, audio: `data:audio/ogg;base64,${OGG.toString('base64')}`, waveform: true });
		expect(Buffer.from(String(sent.audio).split(',')[1], 'base64').equals(OGG)).toBe(true);
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends a plain audio file without the waveform, in the background, view once, with recording time', async () => {
		const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 9])]);
		const scope = api()
			.post(ENDPOINT, {
				phone: PHONE,
				audio: `data:audio/mpeg;base64,${mp3.toString('base64')}`,
				waveform: false,
				delayTyping: 4,
				messageId: 'IN-1',
				viewOnce: true,
				async: true,
			})
			.reply(200, SENT);
		const result = await runAction(sendAudio({ waveform: false, options: { delayTyping: 4, replyTo: 'IN-1', viewOnce: true, async: true } }), [
			withFile(mp3, 'audio/mpeg', 'song.mp3'),
		]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('takes an M4A whose bytes look like an MP4 video as audio', async () => {
		const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(8)]);
		const scope = api().post(ENDPOINT, { phone: PHONE, audio: `data:audio/x-m4a;base64,${m4a.toString('base64')}`, waveform: true }).reply(200, SENT);
		const result = await runAction(sendAudio(), [withFile(m4a, 'audio/x-m4a', 'memo.m4a')]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('names the binary fields the item has when the chosen one is missing', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendAudio({ binaryPropertyName: 'voice' }), [
			{ json: {}, binary: { data: withFile(OGG, 'audio/ogg').binary!.data, attachment_0: withFile(OGG, 'audio/ogg').binary!.data } },
		]);
		expect(result.error?.message).toBe("The input item has no binary field 'voice'");
		expect(result.error?.description).toBe('Binary fields on this item: data, attachment_0. Set Input Binary Field to one of them.');
		expect(scope.isDone()).toBe(false);
	});

	it('says what to do when the item carries no file at all', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendAudio(), [{ json: { text: 'hi' } }]);
		expect(result.error?.message).toBe("The input item has no binary field 'data'");
		expect(result.error?.description).toMatch(/carries no file.*audio file as a file.*URL or Base64/);
		expect(scope.isDone()).toBe(false);
	});

	it.each([
		['an image', Buffer.from(PNG_BASE64, 'base64'), 'image/png', "Binary field 'data' is an image file (image/png), not an audio file"],
		['a PDF labelled as audio', Buffer.from('%PDF-1.7 …'), 'audio/mpeg', "Binary field 'data' is a PDF file (application/pdf), not an audio file"],
	])('refuses %s before any request', async (_label, data, mimeType, message) => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendAudio(), [withFile(data, mimeType)]);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/Send Document/);
		expect(scope.isDone()).toBe(false);
	});

	it('sends a URL as given', async () => {
		const scope = api().post(ENDPOINT, { phone: PHONE, audio: 'https://cdn.example.com/a.mp3?x=1', waveform: true }).reply(200, SENT);
		const result = await runAction(sendAudio({ mediaSource: 'url', mediaUrl: ' https://cdn.example.com/a.mp3?x=1 ' }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});
