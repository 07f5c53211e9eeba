/**
 * The catalog, collection, privacy and community operations through n8n's engine against the stand-in
 * (a real local server that keeps state): what one operation changes, the next one reads.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, TEST_CREDENTIALS } from '../../../helpers/engine';

interface StandIn {
	start(port: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	url: string;
	requests(instanceId?: string): Array<{ method: string; path: string; query: IDataObject; body: unknown }>;
	privacy(instanceId: string): IDataObject;
	sent(instanceId: string): Array<{ path: string; body: IDataObject }>;
	communities(instanceId: string): IDataObject[];
	setWebhook(instanceId: string, webhook: string, url: string): void;
	snapshot(instanceId: string): { phone: string };
	mobile(instanceId: string): IDataObject & { inbox: Array<{ to: string; via: string; code: string }> };
}
interface Receiver {
	url(path?: string): string;
	waitFor(count: number): Promise<Array<{ json: IDataObject }>>;
	close(): Promise<void>;
}
// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createStandIn } = require('../../../stand-in/server') as { createStandIn(options: IDataObject): StandIn };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startReceiver } = require('../../../stand-in/helpers') as { startReceiver(): Promise<Receiver> };

const ID = TEST_CREDENTIALS.instanceId;
const SALES = '120363019502650977-group';
const SUPPORT = '120363019502650978-group';
const standIn = createStandIn({
	instances: [{ id: ID, token: TEST_CREDENTIALS.instanceToken }],
	groups: [
		{ instanceId: ID, id: SALES, name: 'Sales' },
		{ instanceId: ID, id: SUPPORT, name: 'Support' },
	],
	recordRequests: true,
});
let baseUrl = '';

beforeAll(async () => {
	baseUrl = (await standIn.start(0)).url;
});
afterAll(async () => {
	await standIn.stop();
});

const run = (parameters: IDataObject) => runAction(parameters, [{ json: {} }], { credentials: { baseUrl } });

describe('against the stand-in', () => {
	it('Product → Get Many reads the whole catalog: the first page by GET, the next ones with the long cursor in a POST body', async () => {
		await fetch(`${baseUrl}/_control/catalog`, {
			method: 'POST',
			body: JSON.stringify({ instanceId: ID, pageSize: 10, products: Array.from({ length: 25 }, (_, index) => ({ id: String(5000 + index), name: `Product ${index}` })) }),
		});
		const result = await run({ resource: 'product', operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json.map((product) => product.id)).toEqual(Array.from({ length: 25 }, (_, index) => String(5000 + index)));
		const calls = standIn.requests(ID).filter((request) => request.path === '/catalogs');
		expect(calls.map((request) => request.method)).toEqual(['GET', 'POST', 'POST']);
		expect(calls[1].body).toEqual({ nextCursor: expect.stringMatching(/^.{500,}$/) });
	});

	it('Privacy: a setting with excluded phones, then the list of those phones', async () => {
		const set = await run({ resource: 'privacy', operation: 'setPhotoVisibility', visualizationType: 'CONTACT_BLACKLIST', options: { excludePhones: '+55 44 1111-1111, 554422222222' } });
		expect(set.json).toEqual([
			{
				success: true,
				visualizationType: 'CONTACT_BLACKLIST',
				contactsBlacklist: [
					{ action: 'add', phone: '554411111111' },
					{ action: 'add', phone: '554422222222' },
				],
			},
		]);
		await run({ resource: 'privacy', operation: 'setReadReceipts', readReceipts: 'disable' });
		const listed = await run({ resource: 'privacy', operation: 'getDisallowedContacts', setting: 'photo' });
		expect(listed.json).toEqual([{ setting: 'photo', disallowedContacts: ['554411111111', '554422222222'] }]);
		expect(standIn.privacy(ID)).toMatchObject({ photo: 'CONTACT_BLACKLIST', readReceipts: 'disable' });
	});

	it('Community: create, link two groups, unlink one, and the metadata shows what is left; the last group cannot go', async () => {
		const created = await run({ resource: 'community', operation: 'create', name: 'Customers' });
		const id = created.json[0].id as string;
		expect((await run({ resource: 'community', operation: 'linkGroups', communityId: id, groupIds: `${SALES}, ${SUPPORT}` })).json).toEqual([
			{ success: true, communityId: id, groupsPhones: [SALES, SUPPORT] },
		]);
		await run({ resource: 'community', operation: 'unlinkGroups', communityId: id, groupIds: SALES });
		const metadata = await run({ resource: 'community', operation: 'getMetadata', communityId: id });
		expect((metadata.json[0].subGroups as IDataObject[]).map((group) => [group.phone, group.isGroupAnnouncement])).toEqual([
			[expect.stringMatching(/-group$/), true],
			[SUPPORT, false],
		]);
		const refused = await run({ resource: 'community', operation: 'unlinkGroups', communityId: id, groupIds: SUPPORT });
		expect(refused.error?.message).toBe(`Z-API could not unlink ${SUPPORT} from community ${id} (it answered {"success":false})`);
		const listed = await run({ resource: 'community', operation: 'getMany', returnAll: true });
		expect(listed.json).toEqual([{ name: 'Customers', id }]);
	});

	it('Message: a catalog, a product and a call reach the stand-in as the pages write them', async () => {
		await run({ resource: 'message', operation: 'sendCatalog', phone: '5511988887777', catalogPhone: '5511999999999', options: { translation: 'PT' } });
		await run({ resource: 'message', operation: 'sendProduct', phone: '5511988887777', catalogPhone: '5511999999999', productId: '5000' });
		await run({ resource: 'message', operation: 'sendCall', phone: '5511988887777', options: { callDuration: 10 } });
		expect(standIn.sent(ID).map((sent) => [sent.path, sent.body])).toEqual([
			['/send-catalog', { phone: '5511988887777', catalogPhone: '5511999999999', translation: 'PT' }],
			['/send-product', { phone: '5511988887777', catalogPhone: '5511999999999', productId: '5000' }],
			['/send-call', { phone: '5511988887777', callDuration: 10 }],
		]);
	});

	it('Community: members added, one promoted and demoted, one removed; a new link, description and settings; then deactivated', async () => {
		const id = (await run({ resource: 'community', operation: 'create', name: 'Members' })).json[0].id as string;
		const ok = async (parameters: IDataObject) => {
			const result = await run({ resource: 'community', communityId: id, ...parameters });
			expect(result.error).toBeUndefined();
			return result.json[0];
		};
		await ok({ operation: 'addMembers', phones: '5544999999999, 5544888888888', autoInvite: true });
		await ok({ operation: 'promoteToAdmin', phones: '5544999999999' });
		await ok({ operation: 'demoteAdmin', phones: '5544999999999' });
		await ok({ operation: 'removeMembers', phones: '5544888888888' });
		expect((await ok({ operation: 'resetInviteLink' })).invitationLink).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
		await ok({ operation: 'updateDescription', communityDescription: 'Our customers' });
		await ok({ operation: 'updateSettings', whoCanAddNewGroups: 'all' });
		await ok({ operation: 'updatePhoto', photoUrl: 'https://www.z-api.io/wp-content/themes/z-api/dist/images/logo.svg' });
		const community = standIn.communities(ID).find((entry) => entry.id === id);
		expect(community).toMatchObject({ description: 'Our customers', whoCanAddNewGroups: 'all', members: [expect.any(String), '5544999999999'] });
		expect((community?.admins as string[]).includes('5544999999999')).toBe(false);
		const refused = await run({ resource: 'community', operation: 'demoteAdmin', communityId: id, phones: '5544999999999' });
		expect(refused.error?.message).toBe(`Z-API could not demote 5544999999999 in community ${id} (it answered {"value":false})`);
		expect(await ok({ operation: 'deactivate' })).toEqual({ success: true, communityId: id });
		expect(standIn.communities(ID).some((entry) => entry.id === id)).toBe(false);
	});

	it('Message: an order, its status and payment updates with the references of its delivery', async () => {
		const receiver = await startReceiver();
		standIn.setWebhook(ID, 'received', receiver.url('/received'));
		try {
			const phone = '554499999999';
			const products = { product: [{ name: 'Cake', value: 150, quantity: 2 }, { name: 'Tea', value: 10, quantity: 1, productId: '23940797548900636' }] };
			const sent = await run({ resource: 'message', operation: 'sendOrder', phone, currency: 'BRL', products, options: { shipping: 5, pixKey: 'pix@example.com', pixKeyType: 'email' } });
			expect(sent.error).toBeUndefined();
			const order = (await receiver.waitFor(1))[0].json.reviewAndPay as IDataObject;
			expect(order).toMatchObject({ total: 315, orderStatus: 'pending', paymentStatus: 'pending' });
			const update = {
				resource: 'message',
				phone,
				messageId: sent.json[0].messageId,
				referenceId: order.referenceId,
				orderRequestId: order.orderRequestId,
				currency: 'BRL',
				products: { product: (order.products as IDataObject[]).map(({ name, value, quantity, productId }) => ({ name, value, quantity, productId })) },
				options: { shipping: 5 },
			};
			const shipped = await run({ ...update, operation: 'updateOrderStatus', orderStatus: 'shipped', paymentStatus: 'pending' });
			expect(shipped.error).toBeUndefined();
			const paid = await run({ ...update, operation: 'updateOrderPayment', orderStatus: 'shipped', paymentStatus: 'paid' });
			expect(paid.json[0]).toMatchObject({ referenceId: order.referenceId, orderStatus: 'shipped', paymentStatus: 'paid' });
			const deliveries = await receiver.waitFor(3);
			expect(deliveries.map((delivery) => (delivery.json.reviewOrder as IDataObject | undefined)?.paymentStatus)).toEqual([undefined, 'pending', 'paid']);
		} finally {
			await receiver.close();
		}
	});

	it('Message: an event to a group, edited, and answered; a phone is refused before any request', async () => {
		const phone = SALES;
		const sent = await run({ resource: 'message', operation: 'sendEvent', phone, eventName: 'Launch', dateTime: '2030-01-31T18:00:00Z', options: { callLinkType: 'video', timeZone: 'UTC-3' } });
		expect(sent.error).toBeUndefined();
		const eventMessageId = sent.json[0].messageId;
		const edited = await run({ resource: 'message', operation: 'editEvent', phone, eventMessageId, eventName: 'Launch (moved)', dateTime: '2030-02-01T18:00:00Z', options: { callLinkType: 'video' } });
		expect(edited.error).toBeUndefined();
		const answered = await run({ resource: 'message', operation: 'answerEvent', phone, eventMessageId, eventResponse: 'GOING' });
		expect(answered.error).toBeUndefined();
		const toPhone = await run({ resource: 'message', operation: 'sendEvent', phone: '5511988887777', eventName: 'Launch', dateTime: '2030-01-31T18:00:00Z' });
		expect(toPhone.error?.message).toBe("Send Event sends to a group, not to '5511988887777'");
		expect(standIn.sent(ID).filter((entry) => /event/.test(entry.path)).map((entry) => entry.path)).toEqual(['/send-event', '/send-edit-event', '/send-event-response']);
	});

	it('Product and Catalog Collection: a product saved, read, put in a collection under its new ID, the cart turned off, then deleted', async () => {
		await fetch(`${baseUrl}/_control/catalog`, { method: 'POST', body: JSON.stringify({ instanceId: ID, products: [{ id: '7000', name: 'Mouse' }] }) });
		const saved = await run({
			resource: 'product',
			operation: 'createOrUpdate',
			productName: 'Keyboard',
			productDescription: 'A keyboard',
			price: 20,
			currency: 'BRL',
			imageUrls: 'https://example.com/keyboard.jpg',
			options: { retailerId: 'KB-1' },
		});
		const productId = saved.json[0].id as string;
		const read = await run({ resource: 'product', operation: 'get', productId });
		expect(read.json).toEqual([expect.objectContaining({ id: productId, name: 'Keyboard', retailerId: 'KB-1', price: '20', cartEnabled: true })]);
		const created = await run({ resource: 'collection', operation: 'create', collectionName: 'Desk', productIds: '7000' });
		const firstId = created.json[0].collectionId as string;
		const added = await run({ resource: 'collection', operation: 'addProducts', collectionId: firstId, productIds: productId });
		const newId = added.json[0].collectionId as string;
		expect(newId).not.toBe(firstId);
		const stale = await run({ resource: 'collection', operation: 'removeProducts', collectionId: firstId, productIds: productId });
		expect(stale.error?.message).toBe(`Z-API could not remove ${productId} from collection ${firstId} (it answered {"success":false})`);
		const inside = await run({ resource: 'collection', operation: 'getProducts', catalogPhone: standIn.snapshot(ID).phone, collectionId: newId, returnAll: true });
		expect(inside.json.map((product) => product.id)).toEqual(['7000', productId]);
		expect((await run({ resource: 'collection', operation: 'getMany', returnAll: true })).json).toEqual([{ id: newId, name: 'Desk', status: 'PENDING' }]);
		await run({ resource: 'product', operation: 'updateCatalogSettings', cartEnabled: false });
		expect((await run({ resource: 'product', operation: 'getManyOfNumber', catalogPhone: standIn.snapshot(ID).phone, returnAll: true })).json.map((product) => product.id)).toEqual(['7000', productId]);
		expect((await run({ resource: 'product', operation: 'delete', productId })).json).toEqual([{ success: true, productId }]);
		expect((await run({ resource: 'product', operation: 'getMany', returnAll: true })).json.map((product) => product.id)).toEqual(['7000']);
		expect((await run({ resource: 'product', operation: 'get', productId: '7000' })).json[0].cartEnabled).toBe(false);
	});

	it('Number Registration and Account Security: a number registered past a captcha and its two-step PIN, then an email set and verified', async () => {
		await fetch(`${baseUrl}/_control/mobile`, { method: 'POST', body: JSON.stringify({ instanceId: ID, captcha: 'X7K2QP', pin: '246810' }) });
		const number = { ddi: '+55', phone: '(44) 99999-9999' };
		const lastCode = () => standIn.mobile(ID).inbox.at(-1)!.code;
		expect((await run({ resource: 'numberRegistration', operation: 'checkAvailability', ...number })).json).toEqual([
			{ available: true, smsWaitSeconds: 0, voiceWaitSeconds: 0, waOldWaitSeconds: 0, waOldEligible: true, ddi: '55', phone: '44999999999' },
		]);
		const requested = await run({ resource: 'numberRegistration', operation: 'requestCode', ...number, method: 'voice' });
		expect(requested.json[0]).toMatchObject({ success: false, captchaRequired: true });
		expect(requested.items[0].binary?.captcha).toMatchObject({ mimeType: 'image/png' });
		expect((await run({ resource: 'numberRegistration', operation: 'respondCaptcha', captcha: 'X7K2QP' })).json).toEqual([{ success: true }]);
		const code = lastCode();
		expect((await run({ resource: 'numberRegistration', operation: 'confirmCode', code: `${code.slice(0, 3)}-${code.slice(3)}` })).json).toEqual([
			{ success: false, confirmSecurityCode: true },
		]);
		expect((await run({ resource: 'numberRegistration', operation: 'confirmPin', pin: '246810' })).json).toEqual([{ success: true }]);
		expect(standIn.mobile(ID)).toMatchObject({ registered: '5544999999999' });

		expect((await run({ resource: 'accountSecurity', operation: 'setEmail', email: 'example@email.com' })).json).toEqual([
			{ success: true, message: 'VERIFY_EMAIL', email: 'example@email.com', verificationRequired: true },
		]);
		expect((await run({ resource: 'accountSecurity', operation: 'verifyEmail', verificationCode: lastCode() })).json).toEqual([{ success: true }]);
		expect((await run({ resource: 'accountSecurity', operation: 'getEmail' })).json).toEqual([{ success: true, hasEmail: true, email: 'example@email.com', verified: true }]);
		expect((await run({ resource: 'accountSecurity', operation: 'getTwoStepStatus' })).json).toEqual([{ success: true, hasCode: true }]);
		expect((await run({ resource: 'accountSecurity', operation: 'removeTwoStepPin' })).json).toEqual([{ success: true }]);
		expect((await run({ resource: 'accountSecurity', operation: 'removeEmail' })).json).toEqual([{ success: true, message: 'REMOVED' }]);
	});
});
