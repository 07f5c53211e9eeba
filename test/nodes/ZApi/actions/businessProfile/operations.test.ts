/** Business Profile: every operation's documented call; emails, websites, categories and opening hours checked before any request; refusals in 201 answers. */
import { businessProfile } from '../../../../../nodes/ZApi/actions/businessProfile';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, HOURS_BODY } from './examples';

describeOperations(businessProfile, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'businessProfile', operation, ...EXAMPLES[operation].parameters, ...extra });
const monday = (openTime: string, closeTime: string) => ({ dayOfWeek: 'MONDAY', openTime, closeTime });

describe('Business Profile: refusals', () => {
	it.each([
		['get', { phone: '123456789@lid' }, "Phone '123456789@lid' is a LID, not a phone number"],
		['updateEmail', { email: 'contact at example.com' }, "Email 'contact at example.com' is not an email address"],
		['updateEmail', { email: 'contact@example' }, "Email 'contact@example' is not an email address"],
		['updateWebsites', { websites: 'https://a.com, https://b.com, https://c.com' }, 'Websites has 3 addresses; a business profile shows 2 at most'],
		['updateWebsites', { websites: 'example.com' }, "Website 'example.com' is not an http(s) address"],
		['updateWebsites', { websites: ['ftp://example.com'] }, "Website 'ftp://example.com' is not an http(s) address"],
		['updateCategories', { categories: ' , ' }, 'Categories is empty'],
		['updateCategories', { categories: 'A, B, C, D' }, 'Categories has 4 entries; a business profile takes 3 at most'],
		['updateCategories', { categories: 'Outras empresas' }, "Category 'Outras empresas' is not a category ID or label"],
		['updateHours', { timezone: ' ' }, 'Time Zone is empty'],
		['updateHours', { timezone: 'Mars/Olympus_Mons' }, "Time Zone 'Mars/Olympus_Mons' is not a time zone"],
		['updateHours', { mode: '={{ "always" }}' }, 'Mode must be Specific Hours, Open 24 Hours or By Appointment Only (got "always")'],
		['updateHours', { days: { day: [{ dayOfWeek: 'FUNDAY', openTime: '08:00', closeTime: '12:00' }] } }, 'Day of row 1 is not a day of the week (got "FUNDAY")'],
		['updateHours', { days: { day: [monday('08:00', '12:00'), monday('24:00', '25:00')] } }, "Open Time of row 2 '24:00' is not a time as hh:mm"],
		['updateHours', { days: { day: [monday('08:00', '')] } }, 'Close Time of row 1 is empty'],
		['updateHours', { days: { day: [monday('8h', '12:00')] } }, "Open Time of row 1 '8h' is not a time as hh:mm"],
		['updateHours', { days: { day: [monday('18:00', '02:00')] } }, 'Row 1 (Monday) closes at 02:00, not after it opens at 18:00'],
		['updateHours', { days: { day: [monday('08:00', '12:00'), monday('11:00', '14:00')] } }, 'Row 2 (Monday 11:00–14:00) overlaps 08:00–12:00 of the same day'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {}).get(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each([
		['updateAddress', 'set the business address'],
		['updateHours', 'set the business hours (America/Sao_Paulo)'],
		['updateCategories', 'set the business categories RESTAURANT, FINANCE, 629412378414563'],
		['updateDescription', 'set the business description'],
		['updateEmail', 'set the business email'],
		['updateWebsites', 'set the business websites https://example.com, https://example2.org'],
	])('%s fails the item when Z-API answers success false', async (operation, tried) => {
		expectCall(EXAMPLES[operation], { success: false });
		const result = await run(operation);
		expect(result.error?.message).toBe(`Z-API could not ${tried} (it answered {"success":false})`);
		expect(result.error?.description).toMatch(/only on WhatsApp Business accounts/);
	});

	it.each([
		['updateDescription', { description: '  ' }, '/business/company-description', { value: '' }, { success: true, description: '' }],
		['updateEmail', { email: '' }, '/business/company-email', { value: '' }, { success: true, email: '' }],
		['updateAddress', { address: '' }, '/business/company-address', { value: '' }, { success: true, address: '' }],
		['updateWebsites', { websites: '' }, '/business/company-websites', { websites: [] }, { success: true, websites: [] }],
	])('%s with nothing given removes it, as the page says an empty value does', async (operation, change, path, body, output) => {
		const scope = api().post(`${INSTANCE_PATH}${path}`, body).reply(201, { success: true });
		const result = await run(operation, change);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([output]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends no days when none is given: every day closed, as the page says', async () => {
		const scope = api().post(`${INSTANCE_PATH}/business/hours`, { timezone: 'Europe/Lisbon', days: [], mode: 'specificHours' }).reply(201, { success: true });
		const result = await run('updateHours', { timezone: 'Europe/Lisbon', days: {} });
		expect(result.json).toEqual([{ success: true, timezone: 'Europe/Lisbon', days: [], mode: 'specificHours' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('writes times as hh:mm and days in capitals', async () => {
		const scope = api().post(`${INSTANCE_PATH}/business/hours`, HOURS_BODY).reply(201, { success: true });
		const result = await run('updateHours', { days: { day: [{ dayOfWeek: 'monday', openTime: '8:00', closeTime: '12:00' }, monday(' 14:00 ', '18:00')] } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('sends only the open days, without times, when open 24 hours (a day given twice once)', async () => {
		const days = [{ dayOfWeek: 'SATURDAY', openTime: '08:00', closeTime: '18:00' }, { dayOfWeek: 'SUNDAY' }, { dayOfWeek: 'SATURDAY' }];
		const body = { timezone: 'America/Sao_Paulo', days: [{ dayOfWeek: 'SATURDAY' }, { dayOfWeek: 'SUNDAY' }], mode: 'open24h' };
		const scope = api().post(`${INSTANCE_PATH}/business/hours`, body).reply(201, { success: true });
		const result = await run('updateHours', { mode: 'open24h', days: { day: days } });
		expect(result.json).toEqual([{ success: true, ...body }]);
		expect(scope.isDone()).toBe(true);
	});

	it('lists every category when no search is given', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/business/available-categories`)
			.query((query) => Object.keys(query).length === 0)
			.reply(200, [{ displayName: 'Restaurante', label: 'RESTAURANT', id: '1' }]);
		const result = await run('getAvailableCategories', { query: '' });
		expect(result.json).toEqual([{ displayName: 'Restaurante', label: 'RESTAURANT', id: '1' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails Get Available Categories when no list comes back', async () => {
		expectCall(EXAMPLES.getAvailableCategories, { categories: [] });
		const result = await run('getAvailableCategories');
		expect(result.error?.message).toBe('Z-API did not return a list of categories');
		expect(result.error?.description).toMatch(/^It answered \{"categories":\[\]\}\./);
	});

	it('fails Get when the number has no business profile', async () => {
		expectCall(EXAMPLES.get, {});
		const result = await run('get');
		expect(result.error?.message).toBe('Z-API gave no business profile for 5511999999999');
		expect(result.error?.description).toMatch(/personal account has no business profile/);
	});

	it('fails Get when Z-API refuses in its answer', async () => {
		expectCall(EXAMPLES.get, { error: 'Not a business account' });
		const result = await run('get');
		expect(result.error?.message).toBe('Z-API could not read the business profile of 5511999999999 (it answered {"error":"Not a business account"})');
	});
});
