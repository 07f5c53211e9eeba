'use strict';
/**
 * WhatsApp Business labels on the stand-in (docs/business/tags*.md, *-tag.md): the labels of
 * the instance and which chats carry them. Every instance starts with the five labels of the
 * page's example; `business: false` (control route) makes every label call refuse, as on a
 * personal account.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET    /tags                              [{id, name, color}]
 *   GET    /business/tags/colors              {"0": "#FF9485", …}
 *   POST   /business/create-tag  {name, color?}   {id}; missing name 400
 *   POST   /business/edit-tag/{id} {name, color?} {success: true}; unknown id {success: false}
 *   DELETE /business/tag/{id}                 {success: true}; the label leaves every chat
 *   PUT    /chats/{phone}/tags/{id}/add|remove   {value: true}; unknown label {value: false}
 *   Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   POST /_control/labels {instanceId, business?}   201 view
 *   GET  /_control/labels?instanceId=               {business, labels, chats: {phone: [id…]}}
 */
const COLORS = Object.freeze({ 0: '#FF9485', 1: '#64C4FF', 2: '#FFD429', 3: '#DFAEF0', 4: '#99B6C1', 5: '#55CCB3' });
const STARTING_LABELS = [
	['New customer', 1],
	['New order', 2],
	['Payment pending', 0],
	['Paid', 3],
	['Order completed', 5],
];

function createLabels({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) {
			books.set(inst, {
				business: true,
				nextId: STARTING_LABELS.length + 1,
				labels: new Map(STARTING_LABELS.map(([name, color], index) => [String(index + 1), { id: String(index + 1), name, color }])),
				chats: new Map(),
			});
		}
		return books.get(inst);
	};
	const refuse = (body, reason) => ({ body, headers: { 'X-Stand-In-Reason': reason } });

	/** Runs `handler` on the instance's labels, or refuses as a personal account does. */
	const business = (refusal, handler) => (ctx) => {
		const book = bookOf(ctx.instance);
		if (!book.business) return refuse(refusal, 'not a WhatsApp Business account');
		return handler(book, ctx);
	};

	function fieldsOf(body) {
		const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		if (typeof fields.name !== 'string' || !fields.name.trim()) throw new HttpError(400, { error: 'name is required' });
		if (fields.color !== undefined && !(String(fields.color) in COLORS)) throw new HttpError(400, { error: 'color must be one of /business/tags/colors' });
		return { name: fields.name.trim(), ...(fields.color === undefined ? {} : { color: Number(fields.color) }) };
	}

	function chatLabel(change) {
		return business({ value: false }, (book, { params }) => {
			if (!book.labels.has(params.tag)) return refuse({ value: false }, 'no such label');
			const ids = book.chats.get(params.phone) || new Set();
			if (change === 'add') ids.add(params.tag);
			else ids.delete(params.tag);
			book.chats.set(params.phone, ids);
			return { body: { value: true } };
		});
	}

	const emptyBody = (r) => Object.assign(r, { emptyBody: true });

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return {
			business: book.business,
			labels: clone([...book.labels.values()]),
			chats: Object.fromEntries([...book.chats].filter(([, ids]) => ids.size).map(([phone, ids]) => [phone, [...ids]])),
		};
	};

	return {
		serviceRoutes: [
			route('GET', '/tags', business({ error: 'Only available for WhatsApp Business' }, (book) => ({ body: clone([...book.labels.values()]) }))),
			route('GET', '/business/tags/colors', business({ error: 'Only available for WhatsApp Business' }, () => ({ body: { ...COLORS } }))),
			route(
				'POST',
				'/business/create-tag',
				business({ error: 'Only available for WhatsApp Business' }, (book, { body }) => {
					const id = String(book.nextId++);
					book.labels.set(id, { id, color: 0, ...fieldsOf(body) });
					return { body: { id } };
				}),
			),
			route(
				'POST',
				'/business/edit-tag/:id',
				business({ success: false }, (book, { params, body }) => {
					const label = book.labels.get(params.id);
					if (!label) return refuse({ success: false }, 'no such label');
					Object.assign(label, fieldsOf(body));
					return { body: { success: true } };
				}),
			),
			route(
				'DELETE',
				'/business/tag/:id',
				business({ success: false }, (book, { params }) => {
					if (!book.labels.delete(params.id)) return refuse({ success: false }, 'no such label');
					for (const ids of book.chats.values()) ids.delete(params.id);
					return { body: { success: true } };
				}),
			),
			emptyBody(route('PUT', '/chats/:phone/tags/:tag/add', chatLabel('add'))),
			emptyBody(route('PUT', '/chats/:phone/tags/:tag/remove', chatLabel('remove'))),
		],
		controlRoutes: [
			route('POST', '/_control/labels', ({ body }) => {
				const fields = body || {};
				const book = bookOf(getInstance(fields.instanceId));
				if (fields.business !== undefined) book.business = fields.business !== false;
				return { status: 201, body: view(fields.instanceId) };
			}),
			route('GET', '/_control/labels', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		labels: view,
	};
}

module.exports = { createLabels, LABEL_COLORS: COLORS };
