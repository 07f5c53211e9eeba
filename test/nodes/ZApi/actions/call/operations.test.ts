/** Call: every operation's documented call; the tokens Z-API gives are output, never put in an error; a new SIP token is never asked for twice. */
import codex from '../../../../../nodes/ZApi/ZApi.node.json';
import { call } from '../../../../../nodes/ZApi/actions/call';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { CALL_TOKEN, EXAMPLES, SIP } from './examples';

describeOperations(call, EXAMPLES);

const run = (operation: string, options: Parameters<typeof runAction>[2] = {}) => runAction({ resource: 'call', operation }, [{ json: {} }], options);

/** Everything of a run a user or a log can see of an error. */
const errorTexts = (result: Awaited<ReturnType<typeof runAction>>) => JSON.stringify([result.error?.message, result.error?.description, result.json, result.run.data.resultData]);

describe('Call: tokens', () => {
	it.each([
		['getCallToken', { error: 'Calls are not available', token: CALL_TOKEN }, CALL_TOKEN, 'Z-API could not give a token for the calls SDK (it answered {"error":"Calls are not available","token":"[redacted]"})'],
		['generateSipToken', { ...SIP, error: `token ${SIP.token} could not be activated` }, SIP.token, 'Z-API could not generate SIP credentials (it answered {"host":"sip.z-api.io","user":"3C67AB641C8AA0412F6A2242B4E23AC7","token":"[redacted]","active":true,"error":"token [redacted] could not be activated"})'],
	])('%s keeps the token it got out of the error when Z-API refuses in its answer', async (operation, answer, token, message) => {
		expectCall(EXAMPLES[operation], answer);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(errorTexts(result)).not.toContain(token);
	});

	it('keeps the token out of the error item of Continue On Fail', async () => {
		expectCall(EXAMPLES.generateSipToken, { host: 'sip.z-api.io', token: SIP.token, active: true });
		const result = await run('generateSipToken', { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ error: 'Z-API did not generate SIP credentials: its answer has no user', details: expect.stringMatching(/"token":"\[redacted\]"/) }]);
		expect(errorTexts(result)).not.toContain(SIP.token);
	});

	it.each([
		['getCallToken', {}, 'Z-API did not give a token for the calls SDK: its answer has no token'],
		['getCallToken', { token: '' }, 'Z-API did not give a token for the calls SDK: its answer has no token'],
		['getSipInfo', { host: 'sip.z-api.io' }, 'Z-API did not give the SIP information: its answer has no active'],
		['generateSipToken', { active: false }, 'Z-API did not generate SIP credentials: its answer has no host, user, token'],
	])('%s fails when the answer lacks what the page documents (%j)', async (operation, answer, message) => {
		expectCall(EXAMPLES[operation], answer);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
	});

	it('reads the SIP information when no token was generated: active false, no token', async () => {
		const answer = { host: 'sip.z-api.io', user: '3C67AB641C8AA0412F6A2242B4E23AC7', active: false };
		expectCall(EXAMPLES.getSipInfo, answer);
		const result = await run('getSipInfo');
		expect(result.json).toEqual([answer]);
	});

	it('asks for a SIP token once: a server error after the request may have replaced the token already', async () => {
		const scope = api().post(`${INSTANCE_PATH}/sip-token`).reply(500, { error: 'boom' }).post(`${INSTANCE_PATH}/sip-token`).reply(200, SIP);
		const result = await run('generateSipToken');
		expect(result.error?.message).toBe('Z-API had a server error (500) and may have carried out the call');
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('says what the calls feature needs when SIP is refused', async () => {
		expectCall(EXAMPLES.getSipInfo, { error: 'Feature not enabled' });
		const result = await run('getSipInfo');
		expect(result.error?.message).toBe('Z-API could not give the SIP information (it answered {"error":"Feature not enabled"})');
		expect(result.error?.description).toMatch(/calls feature enabled and contracted/);
	});
});

describe('Business Profile and Call in the node panel', () => {
	it('are found by the words users type for them', () => {
		for (const words of ['business profile', 'business hours', 'sip', 'call token']) expect(codex.alias).toContain(words);
	});
});
