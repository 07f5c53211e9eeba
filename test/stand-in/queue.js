'use strict';
/**
 * The instance's message queue on the stand-in (docs/queue/): messages sent through the
 * service that wait to go out. Seeded through the control route (a phone offline keeps them
 * there); listed with the cursor-paged POST /queue, counted, deleted one by one or all.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST   /queue            {pageSize? (20, at most 30), pagingState?} -> {messages, pagingState, hasMore}
 *                            oldest first; pagingState is an opaque cursor; an unknown one 400
 *   GET    /queue/count      {count}   (the page names the call, not its answer: stand-in choice)
 *   DELETE /queue/{zaapId}   200 empty body; an unknown zaapId {value: false} (X-Stand-In-Reason)
 *   DELETE /queue            200 empty body: the queue is empty
 *
 * CONTROL ROUTES
 *   POST /_control/queue {instanceId, count? | messages?: [{phone?, message?}]}  appends; 201 {queued: [zaapId…]}
 *   GET  /_control/queue?instanceId=   {messages}
 */
const crypto = require('node:crypto');

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 30;

function createQueue({ route, HttpError, getInstance, clone }) {
	/** instance object -> queued message records, oldest first */
	const queues = new WeakMap();
	const queueOf = (inst) => {
		if (!queues.has(inst)) queues.set(inst, []);
		return queues.get(inst);
	};

	function enqueue(instanceId, entries) {
		const inst = getInstance(instanceId);
		const queue = queueOf(inst);
		const added = entries.map((entry, index) => {
			const zaapId = crypto.randomBytes(16).toString('hex').toUpperCase();
			const created = Date.now() + index;
			return {
				_id: zaapId,
				ZaapId: zaapId,
				MessageId: crypto.randomBytes(10).toString('hex').toUpperCase(),
				Phone: String(entry.phone || inst.phone || '5511999999999'),
				Message: String(entry.message ?? `Queued message ${queue.length + index + 1}`),
				DelayMessage: -1,
				DelayTyping: 0,
				InstanceId: inst.id,
				Created: created,
				CreatedAt: new Date(created).toISOString(),
				Beta: false,
				IsTrial: false,
			};
		});
		queue.push(...added);
		return added.map((message) => message.ZaapId);
	}

	// The cursor names the last message served, so deletions between pages skip nothing.
	const cursorOf = (zaapId) => Buffer.from(JSON.stringify({ after: zaapId })).toString('base64');
	function afterCursor(queue, pagingState) {
		if (pagingState === undefined || pagingState === null || pagingState === '') return 0;
		let after;
		try {
			after = JSON.parse(Buffer.from(String(pagingState), 'base64').toString('utf8')).after;
		} catch {
			after = undefined;
		}
		const index = queue.findIndex((message) => message.ZaapId === after);
		if (typeof after !== 'string' || index < 0) throw new HttpError(400, { error: 'Invalid pagingState' });
		return index + 1;
	}

	function listQueue({ instance, body }) {
		const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		const size = fields.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(fields.pageSize);
		if (!Number.isInteger(size) || size < 1) throw new HttpError(400, { error: 'pageSize must be a positive integer' });
		const queue = queueOf(instance);
		const start = afterCursor(queue, fields.pagingState);
		const page = queue.slice(start, start + Math.min(size, MAX_PAGE_SIZE));
		const hasMore = start + page.length < queue.length;
		return { body: { messages: clone(page), pagingState: page.length ? cursorOf(page[page.length - 1].ZaapId) : null, hasMore } };
	}

	function deleteOne({ instance, params }) {
		const queue = queueOf(instance);
		const index = queue.findIndex((message) => message.ZaapId === params.zaapId);
		if (index < 0) return { body: { value: false }, headers: { 'X-Stand-In-Reason': 'no such message in the queue' } };
		queue.splice(index, 1);
		return { body: '' };
	}

	function deleteAll({ instance }) {
		queueOf(instance).length = 0;
		return { body: '' };
	}

	const view = (instanceId) => ({ messages: clone(queueOf(getInstance(instanceId))) });

	return {
		serviceRoutes: [
			route('POST', '/queue', listQueue),
			route('GET', '/queue/count', ({ instance }) => ({ body: { count: queueOf(instance).length } })),
			route('DELETE', '/queue/:zaapId', deleteOne),
			route('DELETE', '/queue', deleteAll),
		],
		controlRoutes: [
			route('POST', '/_control/queue', ({ body }) => {
				const fields = body || {};
				const entries = Array.isArray(fields.messages) ? fields.messages : Array.from({ length: Number(fields.count) || 0 }, () => ({}));
				return { status: 201, body: { queued: enqueue(fields.instanceId, entries) } };
			}),
			route('GET', '/_control/queue', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		enqueue,
		queue: view,
	};
}

module.exports = { createQueue, MAX_PAGE_SIZE };
