'use strict';
/**
 * Every delivery kind through a real n8n: each content kind, notification code and status
 * value (and an unknown type) becomes an execution whose trigger item has the expected
 * `event` and `kind`; forged deliveries are refused and start nothing; a message sent by
 * me starts nothing when only Message Received is chosen.
 */

/** What docs/trigger.md promises for each content kind of the stand-in's fixtures. */
const CONTENT_EXPECTED = {
	text: { event: 'message', kind: 'text' },
	image: { event: 'message', kind: 'image' },
	audio: { event: 'message', kind: 'audio' },
	video: { event: 'message', kind: 'video' },
	contact: { event: 'message', kind: 'contact' },
	document: { event: 'message', kind: 'document' },
	location: { event: 'message', kind: 'location' },
	sticker: { event: 'message', kind: 'sticker' },
	reaction: { event: 'message', kind: 'reaction' },
	buttonsResponseMessage: { event: 'message', kind: 'buttonsResponse' },
	listResponseMessage: { event: 'message', kind: 'listResponse' },
	requestPayment: { event: 'message', kind: 'requestPayment' },
	sendPayment: { event: 'message', kind: 'sendPayment' },
	product: { event: 'message', kind: 'product' },
	order: { event: 'message', kind: 'order' },
	poll: { event: 'message', kind: 'poll' },
	pollVote: { event: 'message', kind: 'pollVote' },
	hydratedTemplate: { event: 'message', kind: 'template' },
	buttonsMessage: { event: 'message', kind: 'buttons' },
	pixKeyMessage: { event: 'message', kind: 'pixKey' },
	carouselMessage: { event: 'message', kind: 'carousel' },
	reviewAndPay: { event: 'message', kind: 'reviewAndPay' },
	reviewOrder: { event: 'message', kind: 'orderUpdate' },
	newsletterAdminInvite: { event: 'message', kind: 'channelAdminInvite' },
	pinMessage: { event: 'message', kind: 'pin' },
	event: { event: 'message', kind: 'event' },
	eventResponse: { event: 'message', kind: 'eventResponse' },
	// The payment notification is a notification (section 6.3 code) carrying requestPayment.
	paymentNotification: { event: 'notification', kind: 'PAYMENT_ACTION_REQUEST_DECLINED' },
};

const NOTIFICATION_CODES = [
	'GROUP_CREATE',
	'GROUP_PARTICIPANT_ADD',
	'GROUP_PARTICIPANT_REMOVE',
	'GROUP_PARTICIPANT_LEAVE',
	'E2E_ENCRYPTED',
	'CIPHERTEXT',
	'CALL_MISSED_VOICE',
	'CALL_MISSED_VIDEO',
	'BLUE_MSG_SELF_PREMISE_UNVERIFIED',
	'BLUE_MSG_SELF_PREMISE_VERIFIED',
	'BIZ_MOVE_TO_CONSUMER_APP',
	'REVOKE',
	'PAYMENT_ACTION_REQUEST_DECLINED',
	'MEMBERSHIP_APPROVAL_REQUEST',
	'REVOKED_MEMBERSHIP_REQUESTS',
	'GROUP_MEMBER_LINK_PROPERTY_UPDATE',
	'CALL_VOICE',
	'CALL_VIDEO',
	'PROFILE_NAME_UPDATED',
	'PROFILE_PICTURE_UPDATED',
	'CHAT_LABEL_ASSOCIATION',
	'NEWSLETTER_ADMIN_PROMOTE',
	'NEWSLETTER_ADMIN_DEMOTE',
];

/** Status value sent → kind expected (READ-SELF is the older pages' spelling of READ_BY_ME). */
const STATUS_EXPECTED = {
	SENT: 'SENT',
	RECEIVED: 'RECEIVED',
	READ: 'READ',
	READ_BY_ME: 'READ_BY_ME',
	PLAYED: 'PLAYED',
	'READ-SELF': 'READ_BY_ME',
};

const ALL_EVENTS = ['messageReceived', 'messageSent', 'messageStatus', 'notification'];

module.exports = {
	group: 'callbacks',
	order: 20,
	scenarios: [
		{
			// Every kind is checked at engine level (test/nodes/ZApiTrigger/callbackKinds.test.ts, deliveryItems.test.ts,
			// receive.test.ts); deliveries through real n8n run in CI in the other scenarios of this group and of 'trigger events'.
			heavy: 'exhaustive: every kind, each already checked at engine level',
			name: 'every content kind, notification code, status value and an unknown type gives the expected event and kind',
			timeoutMs: 150_000,
			async run(t) {
				const { assert, standIn, fixtures } = t;
				// The fixtures and docs/trigger.md must agree on the list, or this test is stale.
				assert.deepEqual(Object.keys(fixtures.CONTENT_KINDS).sort(), Object.keys(CONTENT_EXPECTED).sort());
				assert.deepEqual([...fixtures.NOTIFICATION_CODES].sort(), [...NOTIFICATION_CODES].sort());

				const inst = await t.instance('every kind');
				const wf = t.triggerWorkflow(inst, { events: ALL_EVENTS, options: { unknownEvents: 'emit' } });
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				const deployed = await t.deploy(wf);

				/** key (messageId / status id / marker) → what the item must say. */
				const expected = new Map();
				for (const [kind, want] of Object.entries(CONTENT_EXPECTED)) {
					const payload = await t.emit(inst, kind);
					expected.set(payload.messageId, { ...want, what: `content kind ${kind}` });
				}
				for (const code of NOTIFICATION_CODES) {
					const payload = await t.emit(inst, 'notification', { code });
					expected.set(payload.messageId, { event: 'notification', kind: code, what: `notification ${code}` });
				}
				for (const [status, kind] of Object.entries(STATUS_EXPECTED)) {
					const id = `3EB0${t.hex(9).toUpperCase()}`;
					const payload = await t.emit(inst, 'status', { status, ids: [id] });
					assert.equal(payload.status, status);
					expected.set(id, { event: 'status', kind, what: `status ${status}` });
				}
				// Spellings and extras seen in the wild (field notes) change nothing of event/kind.
				for (const variants of [['capitalB', 'stringNumbers', 'wildExtras'], ['lid', 'missingOptional']]) {
					const payload = await t.emit(inst, 'text', { variants });
					expected.set(payload.messageId, { event: 'message', kind: 'text', what: `text with variants ${variants.join('+')}` });
				}
				const wildStatusId = `3EB0${t.hex(9).toUpperCase()}`;
				await t.emit(inst, 'status', { status: 'READ_BY_ME', ids: [wildStatusId], variants: ['readSelf', 'wildExtras', 'stringNumbers'] });
				expected.set(wildStatusId, { event: 'status', kind: 'READ_BY_ME', what: 'status READ-SELF with string momment and extras' });

				// A callback type the node does not know (the real service has more of them).
				const marker = `call-${t.hex(6)}`;
				const raw = await standIn.deliverRaw({
					instanceId: inst.id,
					webhook: 'received',
					payload: { type: 'CallCallback', instanceId: inst.id, phone: marker, callId: 'C0A1', momment: Date.now() },
				});
				assert.equal(raw.delivered.status, 200, `unknown type delivery answered ${raw.delivered.status} ${raw.delivered.error ?? ''}`);
				expected.set(marker, { event: 'unknown', kind: 'unknown', what: 'unknown type CallCallback' });

				const list = await t.exactlyExecutions(deployed.id, expected.size, { timeoutMs: 60_000 });
				const seen = new Map();
				for (const execution of list) {
					assert.equal(execution.mode, 'webhook', `execution ${execution.id} mode ${execution.mode}`);
					assert.equal(execution.status, 'success', `execution ${execution.id}: ${t.executionError(execution)?.message}`);
					const items = t.nodeItems(execution, trigger.name);
					assert.equal(items.length, 1, `execution ${execution.id} has ${items.length} trigger items`);
					const item = items[0];
					const key = item.event === 'status' ? item.ids?.[0] : item.event === 'unknown' ? item.payload?.phone : item.messageId;
					seen.set(key, item);
				}
				const problems = [];
				for (const [key, want] of expected) {
					const item = seen.get(key);
					if (!item) problems.push(`${want.what}: no execution`);
					else if (item.event !== want.event || item.kind !== want.kind) {
						problems.push(`${want.what}: got event ${item.event} kind ${item.kind}, expected ${want.event} ${want.kind}`);
					} else if (!item.payload || typeof item.payload !== 'object') {
						problems.push(`${want.what}: item has no payload`);
					} else {
						if (item.event !== 'unknown' && !(typeof item.momment === 'number' && item.timestamp === new Date(item.momment).toISOString())) {
							problems.push(`${want.what}: momment ${JSON.stringify(item.momment)} / timestamp ${JSON.stringify(item.timestamp)} not a number and its ISO date`);
						}
						if (item.event === 'message' && (!item.content || typeof item.content !== 'object')) problems.push(`${want.what}: no content object`);
						if (item.event === 'notification' && (item.notification !== want.kind || !Array.isArray(item.parameters))) {
							problems.push(`${want.what}: notification ${item.notification}, parameters ${JSON.stringify(item.parameters)}`);
						}
						if (item.event === 'status' && !(Array.isArray(item.ids) && item.ids[0] === key)) problems.push(`${want.what}: ids ${JSON.stringify(item.ids)}`);
					}
				}
				assert.deepEqual(problems, [], problems.join('\n'));
			},
		},
		{
			name: 'forged deliveries (changed signature, no query, another instance) get 401/403 and start nothing',
			async run(t) {
				const { assert, standIn, fixtures } = t;
				const inst = await t.instance('forged');
				const wf = t.triggerWorkflow(inst, { events: ALL_EVENTS, options: {} });
				const deployed = await t.deploy(wf);
				const registered = standIn.snapshot(inst.id).webhooks.received;
				assert.ok(registered, 'nothing registered');

				const forged = [];
				const changed = new URL(registered);
				const sig = changed.searchParams.get('signature');
				changed.searchParams.set('signature', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
				forged.push({ what: 'signature changed', url: changed.toString(), instanceId: inst.id, expect: [403] });
				const bare = new URL(registered);
				forged.push({ what: 'query removed', url: `${bare.origin}${bare.pathname}`, instanceId: inst.id, expect: [401] });
				const noSignature = new URL(registered);
				noSignature.searchParams.delete('signature');
				forged.push({ what: 'signature removed', url: noSignature.toString(), instanceId: inst.id, expect: [401] });
				const otherActivation = new URL(registered);
				otherActivation.searchParams.set('activation', t.hex(16));
				forged.push({ what: 'another activation id with the old signature', url: otherActivation.toString(), instanceId: inst.id, expect: [403] });
				forged.push({ what: 'payload of another instance', url: registered, instanceId: 'A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0', expect: [403] });

				const problems = [];
				for (const f of forged) {
					const payload = fixtures.receivedCallback('text', { instanceId: f.instanceId });
					const res = await standIn.deliverRaw({ instanceId: inst.id, webhook: 'received', payload, url: f.url });
					if (!f.expect.includes(res.delivered.status)) {
						problems.push(`${f.what}: answered ${res.delivered.status} ${res.delivered.error ?? ''} (expected ${f.expect.join('/')})`);
					}
				}
				// A status delivery forged the same way, on the status webhook.
				const statusPayload = fixtures.statusCallback('READ', undefined, { instanceId: inst.id });
				const resStatus = await standIn.deliverRaw({ instanceId: inst.id, webhook: 'status', payload: statusPayload, url: `${bare.origin}${bare.pathname}` });
				if (resStatus.delivered.status !== 401) problems.push(`unsigned status delivery: answered ${resStatus.delivered.status}`);
				assert.deepEqual(problems, [], problems.join('\n'));

				// Then a genuine one: it alone starts an execution.
				const genuine = await t.emit(inst, 'text', { message: 'genuine' });
				const list = await t.exactlyExecutions(deployed.id, 1);
				const item = t.nodeItems(list[0], wf.nodes[0].name)[0];
				assert.equal(item?.messageId, genuine.messageId, 'the one execution is not the genuine delivery');
			},
		},
		{
			name: 'a message sent by me starts nothing when only Message Received is chosen',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('not from me');
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} });
				const deployed = await t.deploy(wf);
				const mine = await t.emit(inst, 'text', { fromMe: true, message: 'sent by me' });
				assert.equal(mine.fromMe, true);
				await t.emit(inst, 'image', { fromMe: true });
				const theirs = await t.emit(inst, 'text', { message: 'sent to me' });
				const list = await t.exactlyExecutions(deployed.id, 1);
				const items = t.nodeItems(list[0], wf.nodes[0].name);
				assert.deepEqual(
					items.map((i) => [i.messageId, i.fromMe]),
					[[theirs.messageId, false]],
				);
			},
		},
	],
};
