'use strict';
/**
 * The credentials of Z-API's calls on the stand-in (docs/calls/call-token.md, sip-token.md,
 * sip-info.md): a fresh one-connection token for the calls SDK on every ask, and the
 * instance's SIP credentials, each new token replacing the last. SIP needs the calls feature,
 * on by default; `calls: false` (control route) refuses SIP as an account without it.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET  /call-token            {token: "ek-…"}, a new one every time
 *   POST /sip-token  (no body)  {host, user, token, active: true}; the token replaces the one before
 *   GET  /sip-info              {host, user, token: "BZ9***", active: true} once a token was generated,
 *                               {host, user, active: false} before
 *   Without the calls feature, the SIP routes answer 400 {"error": "Calls feature is not enabled for
 *   this account"} (stand-in choice: the pages say only that the request may be refused).
 *
 * CONTROL ROUTES
 *   POST /_control/calls {instanceId, calls?}   201 view
 *   GET  /_control/calls?instanceId=            {calls, callTokens, sipTokens, sip: {host, user, token (masked), active}}
 */
const crypto = require('node:crypto');

const SIP_HOST = 'sip.z-api.io';

/** 43 url-safe characters, as the pages' examples (a 32-byte value in base64url). */
const randomToken = () => crypto.randomBytes(32).toString('base64url');
/** The page's mask: the first three characters, then ***. */
const masked = (token) => `${token.slice(0, 3)}***`;

function createCalls({ route, HttpError, getInstance }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { calls: true, user: crypto.randomBytes(16).toString('hex').toUpperCase(), sipToken: null, callTokens: 0, sipTokens: 0 });
		return books.get(inst);
	};
	const sipBook = (inst) => {
		const book = bookOf(inst);
		if (!book.calls) throw new HttpError(400, { error: 'Calls feature is not enabled for this account' });
		return book;
	};

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return {
			calls: book.calls,
			callTokens: book.callTokens,
			sipTokens: book.sipTokens,
			sip: { host: SIP_HOST, user: book.user, ...(book.sipToken ? { token: masked(book.sipToken) } : {}), active: book.sipToken !== null },
		};
	};

	return {
		serviceRoutes: [
			route('GET', '/call-token', ({ instance }) => {
				bookOf(instance).callTokens++;
				return { body: { token: `ek-${randomToken()}` } };
			}),
			{
				...route('POST', '/sip-token', ({ instance }) => {
					const book = sipBook(instance);
					book.sipToken = randomToken();
					book.sipTokens++;
					return { body: { host: SIP_HOST, user: book.user, token: book.sipToken, active: true } };
				}),
				emptyBody: true,
			},
			route('GET', '/sip-info', ({ instance }) => {
				const book = sipBook(instance);
				return { body: book.sipToken ? { host: SIP_HOST, user: book.user, token: masked(book.sipToken), active: true } : { host: SIP_HOST, user: book.user, active: false } };
			}),
		],
		controlRoutes: [
			route('POST', '/_control/calls', ({ body }) => {
				const fields = body && typeof body === 'object' ? body : {};
				const book = bookOf(getInstance(fields.instanceId));
				if (fields.calls !== undefined) book.calls = fields.calls !== false;
				return { status: 201, body: view(fields.instanceId) };
			}),
			route('GET', '/_control/calls', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		calls: view,
	};
}

module.exports = { createCalls };
