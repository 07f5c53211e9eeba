/**
 * Partner (Instances) through n8n's engine against the stand-in (a real local server that
 * keeps state): the instance Create Instance makes is listed, signed, moved to calls and
 * cancelled, and its ID and token work in a Z-API Instance API credential.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction } from '../../../../helpers/engine';

interface StandIn {
	start(port: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	partner(): { instances: IDataObject[] };
}
// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createStandIn } = require('../../../../stand-in/server') as { createStandIn(options: IDataObject): StandIn };

/** A partner token that only survives the trip as it was given: the Bearer header carries it raw. */
const PARTNER_TOKEN = 'partner+TOKEN/9f= 8e7d';
const standIn = createStandIn({ partnerToken: PARTNER_TOKEN });
let baseUrl = '';

beforeAll(async () => {
	baseUrl = (await standIn.start(0)).url;
});
afterAll(async () => {
	await standIn.stop();
});

const run = (parameters: IDataObject) => runAction({ resource: 'partner', ...parameters }, [{ json: {} }], { partner: { partnerToken: PARTNER_TOKEN, baseUrl } });

describe('Partner (Instances) against the stand-in', () => {
	it('creates an instance, lists it, signs it, adds calls and cancels it; its ID and token make an instance credential', async () => {
		const created = await run({ operation: 'createInstance', name: 'Customer 9292812', options: { isDevice: false, receivedCallbackUrl: 'https://n8n.example.com/webhook/zapi' } });
		expect(created.error).toBeUndefined();
		const { id, token } = created.json[0] as { id: string; token: string };
		expect(created.json).toEqual([{ id: expect.any(String), token: expect.any(String), due: expect.any(Number), name: 'Customer 9292812' }]);

		// docs/credentials.md: the output goes into a Z-API Instance API credential as it is.
		const status = await runAction({ resource: 'instance', operation: 'getStatus' }, [{ json: {} }], { credentials: { instanceId: id, instanceToken: token, baseUrl } });
		expect(status.error).toBeUndefined();
		expect(status.json[0]).toMatchObject({ connected: false });

		const listed = await run({ operation: 'getManyInstances', returnAll: true, options: { query: 'customer', middleware: 'web' } });
		expect(listed.json).toEqual([expect.objectContaining({ id, token, name: 'Customer 9292812', paymentStatus: 'TRIAL', receivedCallbackUrl: 'https://n8n.example.com/webhook/zapi' })]);

		expect((await run({ operation: 'signInstance', instanceId: id, instanceToken: token, options: {} })).json).toEqual([{ success: true, instanceId: id }]);
		expect((await run({ operation: 'addCalls', instanceId: id, instanceToken: token })).json).toEqual([{ success: true, instanceId: id, withCalls: true }]);
		expect(standIn.partner().instances).toEqual([expect.objectContaining({ id, signed: true, withCalls: true })]);
		expect((await run({ operation: 'cancelInstance', instanceId: id, instanceToken: token })).json).toEqual([{ success: true, instanceId: id }]);
		expect(standIn.partner().instances).toEqual([expect.objectContaining({ id, signed: false, paymentStatus: 'CANCELING' })]);
	});

	it('says the partner token was refused, and an unknown instance is named as one', async () => {
		const refused = await runAction({ resource: 'partner', operation: 'getManyInstances', returnAll: true }, [{ json: {} }], { partner: { partnerToken: 'wrong', baseUrl } });
		expect(refused.error?.message).toBe('Z-API refused the partner token (401)');
		const unknown = await run({ operation: 'cancelInstance', instanceId: 'NOPE', instanceToken: 'inst+TOKEN/5c= 4b3a' });
		expect(unknown.error?.message).toBe('Z-API found no instance with this Instance ID and Instance Token (400)');
	});
});
