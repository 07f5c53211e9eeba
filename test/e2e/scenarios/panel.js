'use strict';
/**
 * What the node panel shows, read from the node descriptions n8n serves its editor
 * (GET /types/nodes.json) with the package installed as users get it: the words the panel's
 * search finds the Z-API node by (its codex aliases), and the options of Send Text and
 * Combine Quick Messages as n8n loaded them.
 */

/** The Z-API node as n8n serves it: one description (versions 1 and 1.1 share it). */
async function actionType(t) {
	const types = (await t.n8n.nodeTypes()).filter((type) => type.name === t.ACTION_TYPE);
	t.assert.equal(types.length, 1, `n8n serves ${types.length} descriptions of the Z-API node`);
	return types[0];
}

/** The properties shown for one operation of one resource (as the panel's displayOptions filter them). */
function shownFor(type, resource, operation) {
	return type.properties.filter((property) => {
		const show = property.displayOptions?.show ?? {};
		return (!show.resource || show.resource.includes(resource)) && (!show.operation || show.operation.includes(operation)) && !show['@version'];
	});
}

module.exports = {
	group: 'node description served',
	order: 12,
	scenarios: [
		{
			smoke: true,
			name: 'the panel search finds the Z-API node by "combine", "quick messages", "takeover" and "bubbles": its aliases as n8n serves them',
			async run(t) {
				const { assert } = t;
				const type = await actionType(t);
				const aliases = (type.codex?.alias ?? []).map((alias) => alias.toLowerCase());
				for (const word of ['combine', 'quick messages', 'takeover', 'bubbles']) {
					assert.ok(aliases.includes(word), `"${word}" is not among the aliases n8n serves: ${JSON.stringify(type.codex)}`);
				}
				assert.deepEqual(type.codex.categories, ['Communication']);
			},
		},
		{
			smoke: true,
			name: 'Send Text has Items at Once and Split Into Bubbles (Blank Line, 300 characters a bubble) under Options; Combine Quick Messages has its waits and pause defaults',
			async run(t) {
				const { assert } = t;
				const type = await actionType(t);
				assert.deepEqual(type.version, [1, 1.1]);
				const sendText = shownFor(type, 'message', 'sendText');
				const options = sendText.find((property) => property.name === 'options');
				assert.equal(options?.type, 'collection', `no Options on Send Text: ${sendText.map((p) => p.name).join(', ')}`);
				const option = (name) => options.options.find((entry) => entry.name === name);
				assert.deepEqual(
					{ displayName: option('itemsAtOnce')?.displayName, default: option('itemsAtOnce')?.default, min: option('itemsAtOnce')?.typeOptions?.minValue },
					{ displayName: 'Items at Once', default: 100, min: 1 },
				);
				assert.ok(!sendText.some((property) => property.name === 'itemsAtOnce'), 'Items at Once is among the main fields of version 1.1');
				// Version 1 keeps it where its workflows saved it.
				const saved = type.properties.find((property) => property.name === 'itemsAtOnce' && property.displayOptions?.show?.['@version']);
				assert.deepEqual(saved?.displayOptions.show['@version'], [1]);
				const split = option('splitInto');
				assert.equal(split?.displayName, 'Split Into Bubbles');
				assert.equal(split.default, 'blankLine');
				assert.deepEqual(split.options.map((choice) => choice.value), ['blankLine', 'length', 'off', 'sentence']);
				assert.equal(option('bubbleLength')?.default, 300);

				const combine = shownFor(type, 'conversation', 'combineMessages');
				const field = (name) => combine.find((property) => property.name === name);
				assert.equal(field('quietSeconds')?.default, 5);
				assert.equal(field('maxWaitSeconds')?.default, 30);
				const combineOptions = Object.fromEntries(field('options').options.map((entry) => [entry.name, entry.default]));
				assert.deepEqual(
					{ pauseOnPersonReply: combineOptions.pauseOnPersonReply, pauseMinutes: combineOptions.pauseMinutes, whilePaused: combineOptions.whilePaused, onStateStoreError: combineOptions.onStateStoreError },
					{ pauseOnPersonReply: true, pauseMinutes: 30, whilePaused: 'stop', onStateStoreError: 'goOnUncombined' },
				);
				// Its items are messages of one chat each, combined by chat: no Items at Once.
				assert.ok(!('itemsAtOnce' in combineOptions), 'Combine Quick Messages offers Items at Once');
			},
		},
	],
};
