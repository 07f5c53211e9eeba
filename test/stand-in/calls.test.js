'use strict';
/** The stand-in's call credentials: a new SDK token every time, SIP info before and after a token, a new SIP token replacing the last, SIP refused without the calls feature. */
const { standInPerTest } = require('./harness');

const ID = 'CALLSINSTANCE';
const TOKEN = 'calls-token';

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;

describe('stand-in: calls', () => {
	it('gives a new one-connection token for the calls SDK every time, as the page writes it', async () => {
		const first = (await api('GET', '/call-token')).json;
		const second = (await api('GET', '/call-token')).json;
		expect(first).toEqual({ token: expect.stringMatching(/^ek-[\w-]{43}$/) });
		expect(second.token).not.toBe(first.token);
		expect(harness.standIn.calls(ID).callTokens).toBe(2);
	});

	it('says SIP is not active before a token, then shows the token masked; a new token replaces the last', async () => {
		const before = (await api('GET', '/sip-info')).json;
		expect(before).toEqual({ host: 'sip.z-api.io', user: expect.stringMatching(/^[0-9A-F]{32}$/), active: false });
		const created = (await api('POST', '/sip-token')).json;
		expect(created).toEqual({ host: 'sip.z-api.io', user: before.user, token: expect.stringMatching(/^[\w-]{43}$/), active: true });
		expect((await api('GET', '/sip-info')).json).toEqual({ host: 'sip.z-api.io', user: before.user, token: `${created.token.slice(0, 3)}***`, active: true });
		const renewed = (await api('POST', '/sip-token', {})).json;
		expect(renewed.token).not.toBe(created.token);
		expect(harness.standIn.calls(ID)).toEqual({ calls: true, callTokens: 0, sipTokens: 2, sip: { host: 'sip.z-api.io', user: before.user, token: `${renewed.token.slice(0, 3)}***`, active: true } });
	});

	it('refuses SIP without the calls feature, and still gives SDK tokens', async () => {
		await fetch(`${harness.base}/_control/calls`, { method: 'POST', body: JSON.stringify({ instanceId: ID, calls: false }) });
		expect(await api('POST', '/sip-token')).toEqual({ status: 400, json: { error: 'Calls feature is not enabled for this account' } });
		expect((await api('GET', '/sip-info')).status).toBe(400);
		expect((await api('GET', '/call-token')).status).toBe(200);
	});
});
