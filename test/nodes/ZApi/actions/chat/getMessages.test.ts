import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

const api = () => nock('https://api.z-api.io');

describe('smoke', () => {
	it('reads one page', async () => {
		api()
			.get(`${INSTANCE_PATH}/chat-messages/5511999999999`)
			.query({ amount: 10 })
			.reply(200, [{ messageId: 'A', text: { message: 'hi' } }]);
		const result = await runAction({ resource: 'chat', operation: 'getMessages', phone: '+55 (11) 99999-9999', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ messageId: 'A', text: { message: 'hi' } }]);
	});
});
