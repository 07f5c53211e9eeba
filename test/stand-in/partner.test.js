'use strict';
/** The stand-in's Partner API: create, list, sign, add calls and cancel, with the partner token as a Bearer header. */
const { createStandIn } = require('./server');

const PARTNER_TOKEN = 'partner+TOKEN/9f= 8e7d';

let standIn;
let base = '';
beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: 'EXISTING1', token: 'existing-token', name: 'Existing' }], partnerToken: PARTNER_TOKEN });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

/** One Partner API call: status, and the body as JSON (or as text when it is not). */
async function call(method, path, { body, token = PARTNER_TOKEN, type = 'application/json', raw } = {}) {
	const headers = {};
	if (token !== null) headers.Authorization = `Bearer ${token}`;
	if (type) headers['Content-Type'] = type;
	const res = await fetch(`${base}${path}`, { method, headers, body: raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body) });
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = text;
	}
	return { status: res.status, json };
}

const onDemand = (id, token) => `/instances/${encodeURIComponent(id)}/token/${encodeURIComponent(token)}/integrator/on-demand`;

describe('stand-in: Partner API', () => {
	it('creates an instance as docs/partner/create-instance.md answers it, usable on the service routes at once', async () => {
		const created = await call('POST', '/instances/integrator/on-demand', {
			body: { name: 'Instancia Z-API - 9292812', isDevice: true, receivedCallbackUrl: 'https://meuwebhook.com.br/receive' },
		});
		expect(created).toEqual({ status: 200, json: { id: expect.stringMatching(/^[0-9A-F]{32}$/), token: expect.stringMatching(/^[0-9A-F]{24}$/), due: expect.any(Number) } });
		const { id, token, due } = created.json;
		expect(due - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
		const status = await fetch(`${base}/instances/${id}/token/${token}/status`);
		expect(status.status).toBe(200);
		expect(standIn.snapshot(id)).toMatchObject({ name: 'Instancia Z-API - 9292812' });
		expect(standIn.partner().instances.find((one) => one.id === id)).toMatchObject({ middleware: 'mobile', paymentStatus: 'TRIAL', signed: false, receivedCallbackUrl: 'https://meuwebhook.com.br/receive' });
		expect((await call('POST', '/instances/integrator/on-demand', { body: { sessionName: 'x' } })).status).toBe(400);
		expect((await call('POST', '/instances/integrator/on-demand', { body: { name: 'x', isDevice: 'yes' } })).status).toBe(400);
	});

	it('lists every instance by page, as docs/partner/list-instances.md answers, found by name or ID and by kind', async () => {
		const { json: mobile } = await call('POST', '/instances/integrator/on-demand', { body: { name: 'Customer 15', isDevice: true } });
		const first = await call('GET', '/instances?page=1&pageSize=1');
		expect(first.json).toEqual({ total: 2, totalPage: 2, pageSize: 1, page: 1, content: [expect.objectContaining({ id: 'EXISTING1', name: 'Existing', token: 'existing-token', middleware: 'web', whatsappConnected: true })] });
		expect(Object.keys(first.json.content[0]).sort()).toEqual(
			[
				'token', 'tenant', 'created', 'due', 'paymentStatus', 'deliveryCallbackUrl', 'receivedCallbackUrl', 'disconnectedCallbackUrl', 'messageStatusCallbackUrl',
				'receivedAndDeliveryCallbackUrl', 'presenceChatCallbackUrl', 'connectedCallbackUrl', 'receivedStatusCallbackUrl', 'phoneConnected', 'whatsappConnected', 'middleware', 'name', 'id',
			].sort(),
		);
		expect((await call('GET', '/instances?page=2&pageSize=1')).json.content.map((one) => one.id)).toEqual([mobile.id]);
		expect((await call('GET', '/instances?page=1&pageSize=10&query=15&middleware=mobile')).json).toMatchObject({ total: 1, content: [{ id: mobile.id }] });
		expect((await call('GET', '/instances?page=1&pageSize=10&middleware=web')).json.content.map((one) => one.id)).toEqual(['EXISTING1']);
		expect((await call('GET', '/instances?page=1&pageSize=10&query=existing1')).json.total).toBe(1);
		expect((await call('GET', '/instances?page=0&pageSize=1')).status).toBe(400);
		expect((await call('GET', '/instances')).status).toBe(400);
		expect((await call('GET', '/instances?page=1&pageSize=1&middleware=desktop')).status).toBe(400);
	});

	it('signs an instance with or without calls, adds calls, then cancels it for 30 more days', async () => {
		expect(await call('POST', `${onDemand('EXISTING1', 'existing-token')}/cancel`, { type: null })).toEqual({ status: 400, json: { error: 'Instance is not signed' } });
		expect(await call('PUT', `${onDemand('EXISTING1', 'existing-token')}/subscription/update`, { body: { withCalls: true } })).toEqual({ status: 400, json: { error: 'Instance is not signed' } });
		// As json-examples/sign-instance.json sends it: no body.
		expect(await call('POST', `${onDemand('EXISTING1', 'existing-token')}/subscription`, { type: null })).toEqual({ status: 201, json: 'OK' });
		expect(standIn.partner().instances[0]).toMatchObject({ signed: true, paymentStatus: 'PAID', withCalls: false });
		expect((await call('PUT', `${onDemand('EXISTING1', 'existing-token')}/subscription/update`, { body: { withCalls: false } })).status).toBe(400);
		expect(await call('PUT', `${onDemand('EXISTING1', 'existing-token')}/subscription/update`, { body: { withCalls: true } })).toEqual({ status: 201, json: 'OK' });
		expect(standIn.partner().instances[0]).toMatchObject({ withCalls: true });
		expect(await call('POST', `${onDemand('EXISTING1', 'existing-token')}/cancel`, { type: null })).toEqual({ status: 201, json: 'OK' });
		const canceled = standIn.partner().instances[0];
		expect(canceled).toMatchObject({ signed: false, paymentStatus: 'CANCELING', canceledAt: expect.any(Number) });
		expect(canceled.due - canceled.canceledAt).toBe(30 * 24 * 3600 * 1000);
		expect(await call('POST', `${onDemand('EXISTING1', 'existing-token')}/subscription`, { body: { withCalls: true } })).toEqual({ status: 201, json: 'OK' });
		expect(standIn.partner().instances[0]).toMatchObject({ signed: true, withCalls: true, canceledAt: null });
		expect((await call('POST', `${onDemand('EXISTING1', 'existing-token')}/subscription`, { body: { withCalls: 'yes' } })).status).toBe(400);
	});

	it('checks the partner token, then the instance, then the body; never asks for a Client-Token', async () => {
		expect(await call('GET', '/instances?page=1&pageSize=1', { token: 'wrong' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
		expect((await call('GET', '/instances?page=1&pageSize=1', { token: null })).status).toBe(401);
		expect((await call('POST', `${onDemand('EXISTING1', 'existing-token')}/cancel`, { token: 'wrong' })).status).toBe(401);
		expect(await call('POST', `${onDemand('EXISTING1', 'wrong-token')}/subscription`)).toEqual({ status: 400, json: { error: 'Instance not found' } });
		expect((await call('POST', `${onDemand('NOPE', 'existing-token')}/subscription`)).status).toBe(400);
		expect((await call('POST', '/instances/integrator/on-demand', { body: { name: 'x' }, type: 'text/plain' })).status).toBe(415);
		expect((await call('POST', '/instances/integrator/on-demand', { raw: '{name' })).status).toBe(400);
		expect((await call('GET', '/instances/integrator/on-demand')).status).toBe(405);
		expect((await call('DELETE', `${onDemand('EXISTING1', 'existing-token')}/cancel`)).status).toBe(405);
		expect((await call('POST', `${onDemand('EXISTING1', 'existing-token')}/delete`)).status).toBe(404);
		const secured = createStandIn({ instances: [{ id: 'S1', token: 'T1', clientToken: 'C1' }], partnerToken: PARTNER_TOKEN });
		const { url } = await secured.start();
		try {
			const res = await fetch(`${url}${onDemand('S1', 'T1')}/subscription`, { method: 'POST', headers: { Authorization: `Bearer ${PARTNER_TOKEN}` } });
			expect(res.status).toBe(201);
		} finally {
			await secured.stop();
		}
	});

	it('has no partner token when the options give null: every call is refused', async () => {
		const none = createStandIn({ partnerToken: null });
		const { url } = await none.start();
		try {
			const res = await fetch(`${url}/instances?page=1&pageSize=1`, { headers: { Authorization: 'Bearer null' } });
			expect(res.status).toBe(401);
			expect(none.partner().partnerToken).toBe(false);
		} finally {
			await none.stop();
		}
	});

	it('shows the Partner API state on a control route, without tokens', async () => {
		const res = await fetch(`${base}/_control/partner`);
		const view = await res.json();
		expect(view).toMatchObject({ partnerToken: true, instances: [{ id: 'EXISTING1', signed: false }] });
		expect(JSON.stringify(view)).not.toContain('existing-token');
		expect(JSON.stringify(view)).not.toContain(PARTNER_TOKEN);
	});
});
