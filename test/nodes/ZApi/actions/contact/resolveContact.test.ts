/**
 * Contact → Resolve: from the pairs this workflow's trigger learned first (no request), else
 * a phone through the number check; the output says which.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { LID_PAIRS_KEY } from '../../../../../nodes/shared/lidPairs';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

const PHONE = '5544999999999';
const LID = '81896604192873@lid';
const learned = (): IDataObject => ({ global: { [LID_PAIRS_KEY]: { [LID]: [PHONE, Math.floor(Date.now() / 86_400_000)] } } });
const resolve = (contact: string) => ({ resource: 'contact', operation: 'resolveContact', contact });

afterEach(() => nock.cleanAll());

describe('Contact > Resolve', () => {
	it.each([
		['a LID learned', LID, { input: LID, phone: PHONE, lid: LID, source: 'learned' }],
		['a phone learned, written as people do', '+55 (44) 99999-9999', { input: '+55 (44) 99999-9999', phone: PHONE, lid: LID, source: 'learned' }],
	])('%s: from the learned pairs, without asking the service', async (_name, contact, output) => {
		const anything = nock('https://api.z-api.io').get(/.*/).reply(200, {});
		const result = await runAction(resolve(contact), undefined, { staticData: learned() });
		expect(result.json).toEqual([output]);
		expect(anything.isDone()).toBe(false);
	});

	it('a phone not learned: through the number check', async () => {
		const check = nock('https://api.z-api.io').get(`${INSTANCE_PATH}/phone-exists/5511977776666`).reply(200, [{ exists: true, phone: '5511977776666', lid: '999@lid' }]);
		const result = await runAction(resolve('5511977776666'), undefined, { staticData: learned() });
		expect(check.isDone()).toBe(true);
		expect(result.json).toEqual([{ input: '5511977776666', phone: '5511977776666', lid: '999@lid', source: 'numberCheck', exists: true }]);
	});

	it('a phone without WhatsApp: no LID, said so', async () => {
		nock('https://api.z-api.io').get(`${INSTANCE_PATH}/phone-exists/5511977776666`).reply(200, { exists: false, phone: null, lid: null });
		const result = await runAction(resolve('5511977776666'));
		expect(result.json).toEqual([{ input: '5511977776666', phone: '5511977776666', lid: null, source: 'notFound', exists: false }]);
	});

	it('a LID not learned: no phone (no call of the service turns a LID into one)', async () => {
		const anything = nock('https://api.z-api.io').get(/.*/).reply(200, {});
		const result = await runAction(resolve('12345@lid'));
		expect(result.json).toEqual([{ input: '12345@lid', phone: null, lid: '12345@lid', source: 'notFound' }]);
		expect(anything.isDone()).toBe(false);
	});

	it('something that is neither is refused before any request', async () => {
		const result = await runAction(resolve('ana@example.com'));
		expect(result.error?.message).toBe("'ana@example.com' is neither a phone nor a LID");
	});
});
