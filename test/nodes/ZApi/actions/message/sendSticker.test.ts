import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('Message > Send Sticker', () => {
	it('sends a WebP of the item as a sticker with its author', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-sticker`, { phone: PHONE, sticker: `data:image/webp;base64,${WEBP.toString('base64')}`, stickerAuthor: 'Shop' })
			.reply(200, SENT);
		const result = await runAction(
			{ resource: 'message', operation: 'sendSticker', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', options: { stickerAuthor: 'Shop' } },
			[{ json: {}, binary: { data: { data: WEBP.toString('base64'), mimeType: 'application/octet-stream' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a GIF, which WhatsApp stickers are not', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendSticker', phone: PHONE, mediaSource: 'base64', mediaBase64: Buffer.from('GIF89a\u0001\u0000').toString('base64') });
		expect(result.error?.message).toBe('File (Base64) is an image file (image/gif), not a sticker');
		expect(scope.isDone()).toBe(false);
	});
});
