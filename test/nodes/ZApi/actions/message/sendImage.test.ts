import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, PNG_BASE64, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/send-image`;
const PNG_URI = `data:image/png;base64,${PNG_BASE64}`;
const sendImage = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendImage', phone: PHONE, ...extra });

describe('Message > Send Image', () => {
	it('sends the binary of the item with caption, reply-to and view once', async () => {
		const scope = api()
			.post(ENDPOINT, { phone: PHONE, image: PNG_URI, caption: 'Look', viewOnce: true, messageId: 'IN-1', delayMessage: 5 })
			.reply(200, SENT);
		const result = await runAction(
			sendImage({ mediaSource: 'binary', binaryPropertyName: 'photo', options: { caption: 'Look', viewOnce: true, replyTo: 'IN-1', delayMessage: 5 } }),
			[{ json: {}, binary: { photo: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'p.png' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['bare base64', PNG_BASE64],
		['a data URI', PNG_URI],
		['a data URI that says JPEG around PNG bytes', `data:image/jpeg;base64,${PNG_BASE64}`],
		['base64 wrapped over lines', PNG_BASE64.replace(/(.{30})/g, '$1\n')],
	])('sends %s as a data URI of the real type', async (_label, mediaBase64) => {
		const scope = api().post(ENDPOINT, { phone: PHONE, image: PNG_URI }).reply(200, SENT);
		const result = await runAction(sendImage({ mediaSource: 'base64', mediaBase64 }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['base64', { mediaSource: 'base64', mediaBase64: 'not base64!' }, 'File (Base64) is not base64 text'],
		['base64', { mediaSource: 'base64', mediaBase64: '={{ $json.nothing }}' }, 'File (Base64) is empty'],
		['base64', { mediaSource: 'base64', mediaBase64: Buffer.from('%PDF-1.4').toString('base64') }, 'File (Base64) is a PDF file (application/pdf), not an image'],
		['url', { mediaSource: 'url', mediaUrl: 'ftp://cdn.example.com/a.png' }, "File URL 'ftp://cdn.example.com/a.png' is not an http(s) URL"],
		['url', { mediaSource: 'url', mediaUrl: 'a.png' }, "File URL 'a.png' is not an http(s) URL"],
	])('refuses bad %s input before any request: %j', async (_label, extra, message) => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendImage(extra));
		expect(result.error?.message).toBe(message);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses bytes it cannot recognise when no type is given', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendImage({ mediaSource: 'base64', mediaBase64: Buffer.from('just some words').toString('base64') }));
		expect(result.error?.message).toBe('File (Base64): cannot tell whether it is an image');
		expect(result.error?.description).toMatch(/data URI with its type/);
		expect(scope.isDone()).toBe(false);
	});
});
