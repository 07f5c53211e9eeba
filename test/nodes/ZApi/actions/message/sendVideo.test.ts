import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);

describe('Message > Send Video', () => {
	it('sends an MP4 of the item with caption, view once and background processing', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-video`, { phone: PHONE, video: `data:video/mp4;base64,${MP4.toString('base64')}`, caption: 'Clip', viewOnce: true, async: true })
			.reply(200, SENT);
		const result = await runAction(
			{ resource: 'message', operation: 'sendVideo', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', options: { caption: 'Clip', viewOnce: true, async: true } },
			[{ json: {}, binary: { data: { data: MP4.toString('base64'), mimeType: 'video/mp4', fileName: 'c.mp4' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses an audio file before any request', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendVideo', phone: PHONE, mediaSource: 'base64', mediaBase64: `data:audio/ogg;base64,${Buffer.from('OggS\0\u0002').toString('base64')}` });
		expect(result.error?.message).toBe('File (Base64) is an audio file (audio/ogg), not a video');
		expect(scope.isDone()).toBe(false);
	});
});
