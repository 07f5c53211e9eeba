'use strict';
/**
 * WhatsApp channels (newsletters) on the stand-in, as far as creating and deleting one
 * (docs/newsletter/create-newsletter.md, delete-newsletter.md). The node has no Newsletter
 * operations: these routes are what a Custom API Call reaches, a DELETE with a JSON body among them.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST   /create-newsletter {name, description?}   201 {id: "<18 digits>@newsletter"}; missing name 400
 *   DELETE /delete-newsletter {id}                   {value: true}; an unknown id, or no body, {value: false}
 *   Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   GET /_control/newsletters?instanceId=   {channels: [{id, name, description}], deleted: [id…]}
 */
function createNewsletters({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { next: 1, channels: new Map(), deleted: [] });
		return books.get(inst);
	};
	const refuse = (reason) => ({ body: { value: false }, headers: { 'X-Stand-In-Reason': reason } });

	function create({ instance, body }) {
		const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		if (typeof fields.name !== 'string' || !fields.name.trim()) throw new HttpError(400, { error: 'name is required' });
		const book = bookOf(instance);
		const id = `${String(120363000000000000 + book.next++)}@newsletter`;
		book.channels.set(id, { id, name: fields.name.trim(), description: typeof fields.description === 'string' ? fields.description : '' });
		return { status: 201, body: { id } };
	}

	function remove({ instance, body }) {
		const book = bookOf(instance);
		const id = body && typeof body === 'object' && !Array.isArray(body) ? body.id : undefined;
		if (typeof id !== 'string' || !id.endsWith('@newsletter')) return refuse('the body has no channel id ending in @newsletter');
		if (!book.channels.delete(id)) return refuse('no such channel');
		book.deleted.push(id);
		return { body: { value: true } };
	}

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return { channels: clone([...book.channels.values()]), deleted: [...book.deleted] };
	};

	return {
		serviceRoutes: [
			route('POST', '/create-newsletter', create),
			// Its body says which channel: taken on a DELETE, and an empty one is read as none.
			{ ...route('DELETE', '/delete-newsletter', remove), jsonBody: true, emptyBody: true },
		],
		controlRoutes: [route('GET', '/_control/newsletters', ({ query }) => ({ body: view(query.get('instanceId')) }))],
		newsletters: view,
	};
}

module.exports = { createNewsletters };
