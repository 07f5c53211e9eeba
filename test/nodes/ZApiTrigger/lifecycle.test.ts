import nock from 'nock';

import { deliver, INSTANCE_PATH, triggerLifecycle } from '../../helpers/engine';

const api = () => nock('https://api.z-api.io');

describe('smoke', () => {
	it('registers and receives', async () => {
		const staticData = {};
		const setup = { parameters: { events: ['messageReceived'] }, staticData };
		const lifecycle = triggerLifecycle(setup);
		let registered = '';
		api().get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: '' });
		api()
			.put(`${INSTANCE_PATH}/update-webhook-received-delivery`, (body) => {
				registered = body.value;
				return true;
			})
			.reply(200, { value: true });
		await lifecycle.activate();
		expect(registered).toMatch(/^https:\/\/n8n\.example\.com\/webhook\/c0ffee00-0000-4000-8000-000000000001\/webhook\?activation=/);
		const query = Object.fromEntries(new URL(registered).searchParams);
		const result = await deliver(setup, {
			query,
			body: { type: 'ReceivedCallback', instanceId: 'INSTANCE123', messageId: 'M1', phone: '5511', fromMe: false, momment: 1700000000000, text: { message: 'hi' } },
		});
		expect(result.items?.[0]).toMatchObject({ event: 'message', kind: 'text', content: { message: 'hi' }, timestamp: '2023-11-14T22:13:20.000Z' });
		const forged = await deliver(setup, { query: { ...query, signature: 'x' }, body: { instanceId: 'INSTANCE123' } });
		expect(forged.items).toBeUndefined();
		expect(forged.response.status).toBe(403);
	});
});
