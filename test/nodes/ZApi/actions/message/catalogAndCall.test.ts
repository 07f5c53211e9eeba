/** Send Catalog, Send Product and Send Call: what they send beyond the shared checks, and what they refuse before any request. */
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, PHONE } from './examples';

const run = (operation: string, extra: object = {}) => runAction({ resource: 'message', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Message: catalog, product and call', () => {
	it('sends a catalog card with only the required fields when no option is set', async () => {
		const scope = api().post(`${INSTANCE_PATH}/send-catalog`, { phone: '120363019502650977-group', catalogPhone: '5511999999999' }).reply(200, { zaapId: 'z1', messageId: 'm1', id: 'm1' });
		const result = await runAction({ resource: 'message', operation: 'sendCatalog', phone: '120363019502650977-group', catalogPhone: '5511999999999' });
		expect(result.json).toEqual([{ zaapId: 'z1', messageId: 'm1', phone: '120363019502650977-group' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends the card language in capitals, as the page writes EN/PT', async () => {
		const scope = api().post(`${INSTANCE_PATH}/send-catalog`, { phone: PHONE, catalogPhone: PHONE, translation: 'PT' }).reply(200, { zaapId: 'z1', messageId: 'm1' });
		const result = await run('sendCatalog', { options: { translation: 'pt' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('rings for as long as Z-API decides when no duration is set, and plays an audio given by URL', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-call`, { phone: PHONE })
			.reply(200, { zaapId: 'z1', messageId: 'm1' })
			.post(`${INSTANCE_PATH}/send-call`, { phone: PHONE, callAudioUrl: 'https://example.com/greeting.mp3' })
			.reply(200, { zaapId: 'z2', messageId: 'm2' });
		expect((await run('sendCall', { options: {} })).json).toEqual([{ zaapId: 'z1', messageId: 'm1', phone: PHONE }]);
		expect((await run('sendCall', { options: { callAudioUrl: ' https://example.com/greeting.mp3 ' } })).json).toEqual([{ zaapId: 'z2', messageId: 'm2', phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['sendCatalog', { catalogPhone: '  ' }, 'Catalog Phone is empty'],
		['sendCatalog', { catalogPhone: 'the shop' }, "Catalog Phone 'the shop' is not a phone number"],
		['sendCatalog', { options: { translation: 'ES' } }, 'Card Language must be EN or PT (got "ES")'],
		['sendProduct', { productId: '  ' }, 'Product ID is empty'],
		['sendProduct', { productId: '7190 6548' }, "Product ID '7190 6548' is not a product ID"],
		['sendCall', { phone: '120363019502650977-group' }, "Send Call calls a phone, not a group ('120363019502650977-group')"],
		['sendCall', { options: { callDuration: 16 } }, 'Call Duration must be a whole number of seconds from 1 to 15 (got 16)'],
		['sendCall', { options: { callDuration: 2.5 } }, 'Call Duration must be a whole number of seconds from 1 to 15 (got 2.5)'],
		['sendCall', { options: { callAudioUrl: 'greeting.mp3' } }, "Audio URL 'greeting.mp3' is not an http(s) URL"],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it.each([
		['sendCatalog', 'Z-API could not send the catalog of 5511999999999 to 5511999999999 (it answered {"error":"Catalog not found"})'],
		['sendProduct', 'Z-API could not send product 7190654897637620 to 5511999999999 (it answered {"error":"Catalog not found"})'],
	])('%s points to WhatsApp Business when Z-API refuses', async (operation, message) => {
		expectCall(EXAMPLES[operation], { error: 'Catalog not found' });
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});
});
