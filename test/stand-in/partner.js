'use strict';
/**
 * Z-API's Partner API on the stand-in (docs/partner/*.md): an integrator account creating,
 * listing, signing and cancelling its instances with its partner token, sent as
 * `Authorization: Bearer <partner token>` (json-examples/create-instance.json and the other
 * samples). Instances created here are ordinary stand-in instances: their id and token work
 * on the service routes at once.
 *
 * ROUTES (no instance prefix for the first two)
 *   POST /instances/integrator/on-demand   {name, sessionName?, <seven>CallbackUrl?, callRejectAuto?, callRejectMessage?,
 *        autoReadMessage?, autoReadStatus?, isDevice?, businessDevice?, disableEnqueueWhenDisconnected?}
 *        -> {id, token, due}; a trial of 2 days (due, in ms); no name 400 {error}
 *   GET  /instances?page=N&pageSize=M[&query=TEXT&middleware=web|mobile]
 *        -> {total, totalPage, pageSize, page, content: [record]}, every instance of the stand-in in creation
 *        order, `query` held by the name or id, `middleware` the instance's kind; page and pageSize
 *        required positive integers, else 400
 *   POST /instances/{id}/token/{token}/integrator/on-demand/subscription   {withCalls?}   201 OK: signed
 *   POST /instances/{id}/token/{token}/integrator/on-demand/cancel                          201 OK: cancelling,
 *        usable 30 days more (docs/partner/introduction.md); an instance not signed 400 {error}
 *   PUT  /instances/{id}/token/{token}/integrator/on-demand/subscription/update  {withCalls: true}   201 OK;
 *        withCalls other than true 400; an instance not signed 400 (there is nothing to update)
 *   Checks, in this order: unknown path 404; wrong method 405; Authorization not `Bearer <partner token>`
 *   401 {"error":"Unauthorized"} (the docs show no refusal: stand-in choice); unknown instance or wrong
 *   token 400 {"error":"Instance not found"}; a body without Content-Type application/json 415 (sign and
 *   cancel take none); a body that is not JSON 400. The instance's Client-Token is not asked for.
 *
 * CONTROL ROUTES
 *   GET /_control/partner   {partnerToken set?: boolean, instances: [record with signed, withCalls, canceledAt]} (never tokens)
 */
const crypto = require('node:crypto');

const DAY_MS = 24 * 60 * 60 * 1000;
const TRIAL_MS = 2 * DAY_MS;
const CANCEL_GRACE_MS = 30 * DAY_MS;
const CALLBACKS = [
	'deliveryCallbackUrl',
	'receivedCallbackUrl',
	'disconnectedCallbackUrl',
	'messageStatusCallbackUrl',
	'receivedAndDeliveryCallbackUrl',
	'presenceChatCallbackUrl',
	'connectedCallbackUrl',
	'receivedStatusCallbackUrl',
];
const SETTINGS = ['callRejectAuto', 'autoReadMessage', 'autoReadStatus', 'isDevice', 'businessDevice', 'disableEnqueueWhenDisconnected'];
const ON_DEMAND = /^\/instances\/[^/]+\/token\/[^/]+\/integrator\/on-demand(\/.*)?$/;

function createPartner({ route, HttpError, state, addInstance, partnerToken }) {
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});
	const ok = { status: 201, raw: Buffer.from('OK'), contentType: 'text/plain; charset=utf-8' };
	const partnerOf = (inst) => {
		if (!inst.partner) inst.partner = { due: inst.created + TRIAL_MS, paymentStatus: 'TRIAL', signed: false, withCalls: false, canceledAt: null, callbacks: {}, middleware: 'web', sessionName: '' };
		return inst.partner;
	};

	function instanceOf(params) {
		const inst = state.instances.get(params.id);
		if (!inst || inst.token !== params.token) throw new HttpError(400, { error: 'Instance not found' });
		return inst;
	}

	function create({ body }) {
		const fields = fieldsOf(body);
		if (typeof fields.name !== 'string' || !fields.name.trim()) throw new HttpError(400, { error: 'name is required' });
		for (const key of SETTINGS) {
			if (fields[key] !== undefined && typeof fields[key] !== 'boolean') throw new HttpError(400, { error: `${key} must be a boolean` });
		}
		let id;
		do id = crypto.randomBytes(16).toString('hex').toUpperCase();
		while (state.instances.has(id));
		const token = crypto.randomBytes(12).toString('hex').toUpperCase();
		const inst = addInstance({ id, token, name: fields.name.trim(), connected: false });
		const partner = partnerOf(inst);
		partner.middleware = fields.isDevice === true ? 'mobile' : 'web';
		partner.sessionName = typeof fields.sessionName === 'string' ? fields.sessionName : '';
		for (const key of CALLBACKS) if (typeof fields[key] === 'string') partner.callbacks[key] = fields[key];
		// The instance's own webhooks take the addresses given, as Z-API's panel shows them.
		if (partner.callbacks.receivedCallbackUrl) inst.webhooks.received = partner.callbacks.receivedCallbackUrl;
		if (partner.callbacks.messageStatusCallbackUrl) inst.webhooks.status = partner.callbacks.messageStatusCallbackUrl;
		return { body: { id, token, due: partner.due } };
	}

	function record(inst) {
		const partner = partnerOf(inst);
		return {
			token: inst.token,
			tenant: 'stand-in',
			created: new Date(inst.created).toISOString(),
			due: partner.due,
			paymentStatus: partner.paymentStatus,
			...Object.fromEntries(CALLBACKS.map((key) => [key, partner.callbacks[key] || ''])),
			phoneConnected: Boolean(inst.smartphoneConnected),
			whatsappConnected: Boolean(inst.connected),
			middleware: partner.middleware,
			name: inst.name,
			id: inst.id,
		};
	}

	function list({ query }) {
		const page = Number(query.get('page'));
		const pageSize = Number(query.get('pageSize'));
		if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
			throw new HttpError(400, { error: 'page and pageSize must be positive integers' });
		}
		const text = (query.get('query') || '').toLowerCase();
		const middleware = query.get('middleware');
		if (middleware && middleware !== 'web' && middleware !== 'mobile') throw new HttpError(400, { error: 'middleware must be web or mobile' });
		const all = [...state.instances.values()]
			.filter((inst) => !text || inst.name.toLowerCase().includes(text) || inst.id.toLowerCase().includes(text))
			.filter((inst) => !middleware || partnerOf(inst).middleware === middleware);
		return {
			body: {
				total: all.length,
				totalPage: Math.ceil(all.length / pageSize),
				pageSize,
				page,
				content: all.slice((page - 1) * pageSize, page * pageSize).map(record),
			},
		};
	}

	function sign({ params, body }) {
		const inst = instanceOf(params);
		const { withCalls } = fieldsOf(body);
		if (withCalls !== undefined && typeof withCalls !== 'boolean') throw new HttpError(400, { error: 'withCalls must be a boolean' });
		const partner = partnerOf(inst);
		Object.assign(partner, { signed: true, paymentStatus: 'PAID', canceledAt: null, withCalls: withCalls === true });
		return ok;
	}

	function cancel({ params }) {
		const inst = instanceOf(params);
		const partner = partnerOf(inst);
		if (!partner.signed) throw new HttpError(400, { error: 'Instance is not signed' });
		const now = Date.now();
		Object.assign(partner, { signed: false, paymentStatus: 'CANCELING', canceledAt: now, due: now + CANCEL_GRACE_MS });
		return ok;
	}

	function update({ params, body }) {
		const inst = instanceOf(params);
		if (fieldsOf(body).withCalls !== true) throw new HttpError(400, { error: 'withCalls must be true' });
		const partner = partnerOf(inst);
		if (!partner.signed) throw new HttpError(400, { error: 'Instance is not signed' });
		partner.withCalls = true;
		return ok;
	}

	/** Whether the Authorization header carries the account's partner token. */
	function authenticate(headers) {
		if (!partnerToken || headers.authorization !== `Bearer ${partnerToken}`) throw new HttpError(401, { error: 'Unauthorized' });
	}

	const routes = [
		route('POST', '/instances/integrator/on-demand', create),
		route('GET', '/instances', list),
		Object.assign(route('POST', '/instances/:id/token/:token/integrator/on-demand/subscription', sign), { emptyBody: true }),
		Object.assign(route('POST', '/instances/:id/token/:token/integrator/on-demand/cancel', cancel), { emptyBody: true }),
		route('PUT', '/instances/:id/token/:token/integrator/on-demand/subscription/update', update),
	];

	const view = () => ({
		partnerToken: Boolean(partnerToken),
		instances: [...state.instances.values()].map((inst) => {
			const { token: _token, ...shown } = record(inst);
			const partner = partnerOf(inst);
			return { ...shown, signed: partner.signed, withCalls: partner.withCalls, canceledAt: partner.canceledAt };
		}),
	});

	return {
		/** Whether a path is the Partner API's rather than an instance's service route. */
		owns: (path) => path === '/instances' || path === '/instances/integrator/on-demand' || ON_DEMAND.test(path),
		routes,
		authenticate,
		controlRoutes: [route('GET', '/_control/partner', () => ({ body: view() }))],
		partner: view,
	};
}

module.exports = { createPartner };
