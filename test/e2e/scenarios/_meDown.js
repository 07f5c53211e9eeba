'use strict';
/**
 * Shared by the registration and listening scenarios: the trigger's conduct while the
 * service's settings read (GET /me) fails. Files starting with '_' hold no scenarios.
 */

/**
 * Runs `action` while GET /me answers 500, waits until the trigger has tried it three times
 * (its retries) and a PUT would have had time to land, then asserts the webhooks are still
 * `expected`: what cannot be seen is neither cleared nor overwritten. Returns what `action`
 * settled with ({value} or {error}).
 */
async function whileMeFails(t, inst, expected, action, what) {
	const { assert, standIn } = t;
	standIn.failMe(inst.id, 500);
	try {
		const outcome = await action().then(
			(value) => ({ value }),
			(error) => ({ error }),
		);
		await t.waitFor(() => standIn.snapshot(inst.id).meFailure.served >= 3, { timeoutMs: 20_000, what: `the trigger to try GET /me three times (${what})` });
		await t.sleep(1_500);
		assert.deepEqual(standIn.snapshot(inst.id).webhooks, expected, `${what} changed webhooks it could not see`);
		return outcome;
	} finally {
		standIn.failMe(inst.id, null);
	}
}

/** Waits for n8n's log to show `pattern`; returns the log tail, checked to hold no instance token. */
async function loggedLine(t, pattern, what) {
	const log = await t.waitFor(
		() => {
			const tail = t.n8n.logs(400);
			return pattern.test(tail) ? tail : false;
		},
		{ timeoutMs: 10_000, what },
	);
	t.assert.deepEqual(t.secretsIn(log), [], 'the log holds an instance token');
	return log;
}

module.exports = { whileMeFails, loggedLine };
