/**
 * Business Profile and Call through n8n's engine against the stand-in (a real local server that
 * keeps state): what one operation changes, the next one reads.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, TEST_CREDENTIALS } from '../../../../helpers/engine';

interface StandIn {
	start(port: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	requests(instanceId?: string): Array<{ method: string; path: string; query: IDataObject; body: unknown }>;
}
// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createStandIn } = require('../../../../stand-in/server') as { createStandIn(options: IDataObject): StandIn };

const ID = TEST_CREDENTIALS.instanceId;
const OWN = '5544999999999';
const standIn = createStandIn({ instances: [{ id: ID, token: TEST_CREDENTIALS.instanceToken, phone: OWN }], recordRequests: true });
let baseUrl = '';

beforeAll(async () => {
	baseUrl = (await standIn.start(0)).url;
});
afterAll(async () => {
	await standIn.stop();
});

const run = (parameters: IDataObject) => runAction(parameters, [{ json: {} }], { credentials: { baseUrl } });

describe('against the stand-in', () => {
	it("Business Profile: the parts set one by one, then the instance's own profile shows them", async () => {
		const categories = await run({ resource: 'businessProfile', operation: 'getAvailableCategories', query: 'restaurante' });
		const restaurant = categories.json[0];
		const changes = [
			{ operation: 'updateDescription', description: 'Handmade furniture' },
			{ operation: 'updateEmail', email: 'contact@example.com' },
			{ operation: 'updateAddress', address: 'Av. Paulista 1000' },
			{ operation: 'updateWebsites', websites: 'https://example.com' },
			{ operation: 'updateCategories', categories: `${String(restaurant.label)}, 629412378414563` },
			{
				operation: 'updateHours',
				timezone: 'America/Sao_Paulo',
				mode: 'specificHours',
				days: { day: [{ dayOfWeek: 'MONDAY', openTime: '8:00', closeTime: '12:00' }, { dayOfWeek: 'MONDAY', openTime: '14:00', closeTime: '18:00' }] },
			},
		];
		for (const change of changes) {
			const result = await run({ resource: 'businessProfile', ...change });
			expect(result.error).toBeUndefined();
			expect(result.json[0].success).toBe(true);
		}
		const profile = await run({ resource: 'businessProfile', operation: 'get', phone: '+55 44 99999-9999' });
		expect(profile.json).toEqual([
			{
				phone: OWN,
				description: 'Handmade furniture',
				address: 'Av. Paulista 1000',
				email: 'contact@example.com',
				websites: ['https://example.com'],
				categories: [restaurant, { displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' }],
				businessHours: {
					timezone: 'America/Sao_Paulo',
					days: [
						{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '12:00' },
						{ dayOfWeek: 'MONDAY', openTime: '14:00', closeTime: '18:00' },
					],
					mode: 'specificHours',
				},
				hasCoverPhoto: false,
			},
		]);
	});

	it('Business Profile → Get fails for a number without a business profile', async () => {
		const result = await run({ resource: 'businessProfile', operation: 'get', phone: '5521977776666' });
		expect(result.error?.message).toBe('Z-API gave no business profile for 5521977776666');
	});

	it('Call: SIP inactive, a token generated once, then shown masked; the SDK token is output whole', async () => {
		expect((await run({ resource: 'call', operation: 'getSipInfo' })).json).toEqual([{ host: 'sip.z-api.io', user: expect.any(String), active: false }]);
		const generated = await run({ resource: 'call', operation: 'generateSipToken' });
		const token = String(generated.json[0].token);
		expect(token).toMatch(/^[\w-]{43}$/);
		expect((await run({ resource: 'call', operation: 'getSipInfo' })).json).toEqual([{ host: 'sip.z-api.io', user: generated.json[0].user, token: `${token.slice(0, 3)}***`, active: true }]);
		expect((await run({ resource: 'call', operation: 'getCallToken' })).json).toEqual([{ token: expect.stringMatching(/^ek-/) }]);
		expect(standIn.requests(ID).filter((request) => request.path === '/sip-token')).toHaveLength(1);
	});
});
