'use strict';
/** The stand-in's business profile: each part changed as the pages send it, read back by the profile of the own number; bad values 400; categories searched; a personal account refused. */
const { standInPerTest } = require('./harness');

const ID = 'BUSINESSINSTANCE';
const TOKEN = 'business-token';
const OWN = '5544999999999';
const SHOP = '5511988887777';

const harness = standInPerTest({ id: ID, token: TOKEN, instances: [{ id: ID, token: TOKEN, phone: OWN }] });
const { api } = harness;

const control = (body) => fetch(`${harness.base}/_control/business`, { method: 'POST', body: JSON.stringify({ instanceId: ID, ...body }) });

/** docs/business/set-business-hours.md's request. */
const HOURS = {
	timezone: 'America/Sao_Paulo',
	days: [
		{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '12:00' },
		{ dayOfWeek: 'MONDAY', openTime: '14:00', closeTime: '18:00' },
	],
	mode: 'specificHours',
};

describe('stand-in: business profile', () => {
	it("takes every page's request with 201 {success: true}, and the own number's profile shows them", async () => {
		const requests = [
			['/business/company-description', { value: 'Texto da descrição' }],
			['/business/company-email', { value: 'email@example.com' }],
			['/business/company-address', { value: 'Endereço da empresa' }],
			['/business/company-websites', { websites: ['https://example.com', 'https://example2.org'] }],
			['/business/hours', HOURS],
			['/business/categories', { categories: ['RESTAURANT', 'FINANCE', '629412378414563'] }],
		];
		for (const [path, body] of requests) expect(await api('POST', path, body)).toEqual({ status: 201, json: { success: true } });
		expect((await api('GET', `/business/profile?phone=${OWN}`)).json).toEqual({
			description: 'Texto da descrição',
			address: 'Endereço da empresa',
			email: 'email@example.com',
			websites: ['https://example.com', 'https://example2.org'],
			categories: [
				{ displayName: 'Restaurante', label: 'RESTAURANT', id: expect.any(String) },
				{ displayName: 'Finanças', label: 'FINANCE', id: expect.any(String) },
				{ displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' },
			],
			businessHours: HOURS,
			hasCoverPhoto: false,
		});
	});

	it('removes a text, the websites and every open day when sent empty', async () => {
		await api('POST', '/business/company-description', { value: 'Shop' });
		await api('POST', '/business/company-websites', { websites: ['https://example.com'] });
		await api('POST', '/business/hours', HOURS);
		await api('POST', '/business/company-description', { value: '' });
		await api('POST', '/business/company-websites', { websites: [] });
		await api('POST', '/business/hours', { timezone: 'Europe/Lisbon', days: [] });
		expect(harness.standIn.business(ID).profile).toMatchObject({ description: '', websites: [], businessHours: { timezone: 'Europe/Lisbon', days: [], mode: 'specificHours' } });
	});

	it('keeps the open days without times for Open 24 Hours', async () => {
		const hours = { timezone: 'America/Sao_Paulo', days: [{ dayOfWeek: 'SATURDAY' }], mode: 'open24h' };
		expect((await api('POST', '/business/hours', hours)).status).toBe(201);
		expect(harness.standIn.business(ID).profile.businessHours).toEqual(hours);
	});

	it.each([
		['/business/company-email', { value: 'not an email' }],
		['/business/company-websites', { websites: ['https://a.com', 'https://b.com', 'https://c.com'] }],
		['/business/company-websites', { websites: ['example.com'] }],
		['/business/hours', { days: [] }],
		['/business/hours', { timezone: 'Mars/Olympus_Mons' }],
		['/business/hours', { ...HOURS, mode: 'always' }],
		['/business/hours', { ...HOURS, days: [{ dayOfWeek: 'FUNDAY', openTime: '08:00', closeTime: '12:00' }] }],
		['/business/hours', { ...HOURS, days: [{ dayOfWeek: 'MONDAY', openTime: '8h', closeTime: '12:00' }] }],
		['/business/hours', { ...HOURS, days: [{ dayOfWeek: 'MONDAY', openTime: '18:00', closeTime: '08:00' }] }],
		['/business/categories', { categories: [] }],
		['/business/categories', { categories: ['A', 'B', 'C', 'D'] }],
		['/business/categories', { categories: ['Outras empresas'] }],
	])('refuses POST %s %j with a 400', async (path, body) => {
		expect((await api('POST', path, body)).status).toBe(400);
	});

	it("lists the page's categories, and finds one by the URL example's search", async () => {
		const all = (await api('GET', '/business/available-categories')).json;
		expect(all.slice(0, 2)).toEqual([
			{ displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' },
			{ displayName: 'Serviço automotivo', id: '1223524174334504' },
		]);
		expect((await api('GET', '/business/available-categories?query=tecnologia')).json).toEqual([{ displayName: 'Tecnologia da informação', id: expect.any(String) }]);
		expect((await api('GET', '/business/available-categories?query=automotivo')).json.map((category) => category.id)).toEqual(['1223524174334504']);
	});

	it('reads a seeded business number, {} for a number without a profile, 400 for a phone not of digits', async () => {
		await control({ profiles: { [SHOP]: { description: 'Z API - Asas para sua imaginação', address: 'Maringá' } } });
		expect((await api('GET', `/business/profile?phone=${SHOP}`)).json).toMatchObject({ description: 'Z API - Asas para sua imaginação', address: 'Maringá', websites: [], hasCoverPhoto: false });
		expect(await api('GET', '/business/profile?phone=5521977776666')).toMatchObject({ status: 200, json: {}, reason: 'no business profile for that number' });
		expect((await api('GET', '/business/profile?phone=%2B55%2011')).status).toBe(400);
	});

	it('refuses on a personal account', async () => {
		await control({ business: false });
		expect(await api('POST', '/business/company-description', { value: 'Shop' })).toEqual({ status: 201, json: { success: false }, reason: 'not a WhatsApp Business account' });
		expect(await api('GET', '/business/available-categories')).toMatchObject({ json: { error: 'Only available for WhatsApp Business' } });
		expect(await api('GET', `/business/profile?phone=${OWN}`)).toMatchObject({ json: { error: 'Only available for WhatsApp Business' } });
		expect(harness.standIn.business(ID).profile.description).toBe('');
	});
});
