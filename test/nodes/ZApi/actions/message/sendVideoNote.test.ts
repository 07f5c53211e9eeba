import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
const file = (data: Buffer, mimeType: string) => [{ json: {}, binary: { data: { data: data.toString('base64'), mimeType } } }];

describe('Message > Send Video Note', () => {
	it('sends the video of the item as ptv, replying to a message', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-ptv`, { phone: PHONE, ptv: `data:video/mp4;base64,${MP4.toString('base64')}`, messageId: 'IN-1' })
			.reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendVideoNote', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', options: { replyTo: 'IN-1' } }, file(MP4, 'video/mp4'));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});
});
