'use strict';
/** The stand-in's channels: created by name, deleted by the id in a DELETE's JSON body. */
const { standInPerTest } = require('./harness');

const ID = 'NEWSLETTERINSTANCE';
const TOKEN = 'newsletter-token';

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;

describe('stand-in: newsletters', () => {
	it('creates a channel, and a DELETE naming it in its body deletes it', async () => {
		const created = await api('POST', '/create-newsletter', { name: 'E2E news', description: 'Weekly' });
		expect(created.status).toBe(201);
		expect(created.json.id).toMatch(/^\d{18}@newsletter$/);
		expect(harness.standIn.newsletters(ID).channels).toEqual([{ id: created.json.id, name: 'E2E news', description: 'Weekly' }]);
		expect((await api('DELETE', '/delete-newsletter', { id: created.json.id })).json).toEqual({ value: true });
		expect(harness.standIn.newsletters(ID)).toEqual({ channels: [], deleted: [created.json.id] });
	});

	it('refuses a DELETE without the id in its body, or of an unknown channel, as {value: false}', async () => {
		expect(await api('DELETE', '/delete-newsletter', {})).toMatchObject({ status: 200, json: { value: false }, reason: 'the body has no channel id ending in @newsletter' });
		expect(await api('DELETE', '/delete-newsletter', { id: '1@newsletter' })).toMatchObject({ json: { value: false }, reason: 'no such channel' });
		expect(await api('POST', '/create-newsletter', {})).toMatchObject({ status: 400, json: { error: 'name is required' } });
	});
});
