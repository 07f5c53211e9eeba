/** Instance data without the token; pairing code and QR code text; settings and rename as the pages send them. */
import { pairingCodeIn } from '../../../../../nodes/ZApi/actions/instance/getPairingCode.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { WITH_ENCODED_TOKEN, ENCODED_INSTANCE_PATH, ENCODED_TOKEN } from '../../../../helpers/encodedToken';
import { api } from '../../../../helpers/operationExamples';

const run = (parameters: object, items?: Parameters<typeof runAction>[1]) => runAction({ resource: 'instance', ...parameters }, items);

describe('Instance: Get Data', () => {
	it('leaves every token field out, and the instance token wherever the answer repeats it', async () => {
		const scope = api()
			.get(`${ENCODED_INSTANCE_PATH}/me`)
			.reply(200, { id: 'INSTANCE123', token: ENCODED_TOKEN, clientToken: 'c', name: 'Shop', note: `token ${ENCODED_TOKEN}` });
		const result = await runAction({ resource: 'instance', operation: 'getData' }, undefined, WITH_ENCODED_TOKEN);
		expect(result.error).toBeUndefined();
		expect(Object.keys(result.json[0])).toEqual(['id', 'name', 'note']);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain(ENCODED_TOKEN);
		expect(scope.isDone()).toBe(true);
	});
});

describe('Instance: Get Pairing Code', () => {
	it.each([
		[{ code: 'ABCD-1234' }, 'ABCD-1234'],
		[{ value: ' WXYZ-9876 ' }, 'WXYZ-9876'],
		['QWER-5678', 'QWER-5678'],
		[[{ code: 'ABCD-1234' }], 'ABCD-1234'],
		[{ error: 'You are already connected.', value: 'x' }, undefined],
		[{ connected: true }, undefined],
	])('reads %j as %j', (answer, code) => {
		expect(pairingCodeIn(answer)).toBe(code);
	});

	it('fails the item, pointing to Get Status, when no code comes back', async () => {
		api().get(`${INSTANCE_PATH}/phone-code/5511999999999`).reply(200, { connected: true, error: 'You are already connected.' });
		const result = await run({ operation: 'getPairingCode', phone: '5511999999999' });
		expect(result.error?.message).toBe('Z-API gave no pairing code for 5511999999999');
		expect(result.error?.description).toMatch(/Get Status/);
	});
});

describe('Instance: Get QR Code Text', () => {
	it('reads a bare string answer', async () => {
		api().get(`${INSTANCE_PATH}/qr-code`).reply(200, '2@code,text', { 'Content-Type': 'text/plain' });
		const result = await run({ operation: 'getQrCodeText' });
		expect(result.json).toEqual([{ connected: false, qrCode: '2@code,text' }]);
	});

	it('says the number is probably connected when there is no code', async () => {
		api().get(`${INSTANCE_PATH}/qr-code`).reply(200, { connected: true, error: 'You are already connected.' });
		const result = await run({ operation: 'getQrCodeText' });
		expect(result.error?.message).toBe('Z-API gave no QR code');
		expect(result.error?.description).toMatch(/already connected/);
	});
});

describe('Instance: Update Settings', () => {
	it('sends each setting added to its own endpoint, the one each depends on first', async () => {
		const order: string[] = [];
		const scope = api()
			.put(`${INSTANCE_PATH}/update-auto-read-message`, { value: true })
			.reply(200, () => (order.push('auto-read'), { value: true }))
			.put(`${INSTANCE_PATH}/update-auto-read-status`, { value: true })
			.reply(200, () => (order.push('auto-read-status'), { value: true }))
			.put(`${INSTANCE_PATH}/update-call-reject-auto`, { value: false })
			.reply(200, () => (order.push('call-reject'), { value: true }))
			.put(`${INSTANCE_PATH}/update-call-reject-message`, { value: 'We only answer by text' })
			.reply(200, () => (order.push('call-reject-message'), { value: true }));
		const result = await run({
			operation: 'updateSettings',
			options: { callRejectMessage: ' We only answer by text ', autoReadStatuses: true, rejectCalls: false, autoReadMessages: true },
		});
		expect(result.error).toBeUndefined();
		expect(order).toEqual(['auto-read', 'auto-read-status', 'call-reject', 'call-reject-message']);
		expect(result.json).toEqual([{ success: true, autoReadMessages: true, autoReadStatuses: true, rejectCalls: false, callRejectMessage: 'We only answer by text' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a run with no setting added before any request', async () => {
		const scope = api().put(/.*/).reply(200, { value: true });
		const result = await run({ operation: 'updateSettings', options: {} });
		expect(result.error?.message).toBe('No setting to change');
		expect(result.error?.description).toMatch(/Add at least one setting/);
		expect(scope.isDone()).toBe(false);
	});

	it('names what was already changed when a later setting is refused, and sends nothing more', async () => {
		const scope = api()
			.put(`${INSTANCE_PATH}/update-auto-read-message`)
			.reply(200, { value: true })
			.put(`${INSTANCE_PATH}/update-auto-read-status`)
			.reply(200, { value: false });
		const result = await run({ operation: 'updateSettings', options: { autoReadMessages: true, autoReadStatuses: true } });
		expect(result.error?.message).toBe('Z-API could not turn on auto read of statuses (it answered {"value":false})');
		expect(result.error?.description).toMatch(/Already changed: Auto Read Messages/);
		expect(scope.isDone()).toBe(true);
	});

	it('lists its settings sorted by name, as n8n shows them', async () => {
		const { instance } = await import('../../../../../nodes/ZApi/actions/instance');
		const settings = instance.operations.find((operation) => operation.value === 'updateSettings')!.properties[0];
		expect((settings.options as Array<{ displayName: string }>).map((option) => option.displayName)).toEqual([
			'Auto Read Messages',
			'Auto Read Statuses',
			'Call Rejection Message',
			'Reject Calls',
		]);
	});
});

describe('Instance: Rename', () => {
	it('refuses an empty name before any request', async () => {
		const scope = api().put(/.*/).reply(200, { value: true });
		const result = await run({ operation: 'rename', instanceName: '={{ $json.name }}' }, [{ json: { name: ' ' } }]);
		expect(result.error?.message).toBe('New Name is empty');
		expect(scope.isDone()).toBe(false);
	});
});
