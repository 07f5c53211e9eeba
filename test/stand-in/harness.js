'use strict';
/**
 * What a test of one stand-in module needs: a fresh stand-in per test holding one instance,
 * and `api(method, path, body)` on that instance's service routes (status, parsed JSON and,
 * when it gives one, the stand-in's reason header). The stand-in and its address are read through the returned
 * object, as they are new for every test.
 */
const { createStandIn } = require('./server');

function standInPerTest({ id, token, ...options }) {
	const harness = {
		standIn: null,
		base: '',
		async api(method, path, body) {
			const res = await fetch(`${harness.base}/instances/${id}/token/${encodeURIComponent(token)}${path}`, {
				method,
				// As the nodes send every call, a body or not.
				headers: { 'Content-Type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			const reason = res.headers.get('x-stand-in-reason');
			return { status: res.status, json: text ? JSON.parse(text) : undefined, ...(reason === null ? {} : { reason }) };
		},
	};
	beforeEach(async () => {
		harness.standIn = createStandIn({ instances: [{ id, token }], ...options });
		harness.base = (await harness.standIn.start()).url;
	});
	afterEach(async () => {
		await harness.standIn.stop();
	});
	return harness;
}

module.exports = { standInPerTest };
