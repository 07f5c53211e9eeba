import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
const GIF = Buffer.from('GIF89a\u0001\u0000\u0001\u0000');
const file = (data: Buffer, mimeType: string) => [{ json: {}, binary: { data: { data: data.toString('base64'), mimeType } } }];

describe('Message > Send GIF', () => {
	it('Send GIF sends an MP4 of the item as a data URI, with its caption', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-gif`, { phone: PHONE, gif: `data:video/mp4;base64,${MP4.toString('base64')}`, caption: 'Yay' })
			.reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendGif', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', options: { caption: 'Yay' } }, file(MP4, 'video/mp4'));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('Send GIF refuses a .gif image before any request, saying an MP4 is needed', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendGif', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data' }, file(GIF, 'image/gif'));
		expect(result.error?.message).toBe("Binary field 'data' is an image file (image/gif), not a GIF (MP4 video)");
		expect(result.error?.description).toMatch(/MP4/);
		expect(scope.isDone()).toBe(false);
	});
});
