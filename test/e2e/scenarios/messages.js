'use strict';
/**
 * Sending messages from real n8n to the stand-in: the echo bot of examples/echo-bot.json
 * answers once and only once (its own message comes back on the received webhook and must
 * start nothing), a voice note made from an n8n binary arrives byte for byte, a status
 * flow follows the bot's reply to READ, a poll sent here comes back as a vote, an edited
 * message is told apart, and every Message operation runs against the stand-in.
 */
const ECHO_BOT = 'echo-bot.json';
const CONTACT = '5511944445555';
/** The start of an Ogg/Opus file, and some bytes after it. */
const VOICE = Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x22]), Buffer.from('OpusHead e2e voice note')]);
const PDF = Buffer.from('%PDF-1.4\n% e2e document\n');

/** The bot's answer reached the received webhook and n8n answered the delivery. */
async function ownMessageCameBack(t, inst) {
	const [delivery] = await t.standIn.waitForDeliveries({ instanceId: inst.id, webhook: 'received', source: 'send', count: 1, timeoutMs: 15_000 });
	t.assert.equal(delivery.payload.fromMe, true);
	t.assert.equal(delivery.status, 200, `the owner-sent delivery was answered ${delivery.status} ${delivery.error ?? ''}`);
	return delivery;
}

/** Webhook → Convert to File (base64 in the body → binary 'data') → Z-API. */
function binaryWorkflow(t, inst, parameters) {
	const { workflow, path, actionNode } = t.actionWorkflow(inst, parameters, { name: 'e2e send from binary' });
	const start = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
	workflow.nodes.push({
		id: require('node:crypto').randomUUID(),
		name: 'To File',
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		position: [130, 0],
		parameters: {
			operation: 'toBinary',
			sourceProperty: 'body.file',
			binaryPropertyName: 'data',
			options: { fileName: '={{ $json.body.fileName }}', mimeType: '={{ $json.body.mimeType }}' },
		},
	});
	workflow.connections = {
		[start.name]: { main: [[{ node: 'To File', type: 'main', index: 0 }]] },
		'To File': { main: [[{ node: actionNode, type: 'main', index: 0 }]] },
	};
	return { workflow, path, actionNode };
}

/** Runs one action workflow once over HTTP; returns the Z-API node's output items. */
async function runAction(t, inst, parameters, body = {}, build = t.actionWorkflow) {
	const { workflow, path, actionNode } = build(t, inst, parameters);
	const deployed = await t.deploy(workflow);
	const res = await t.postWebhook(path, body);
	t.assert.equal(res.status, 200);
	const [execution] = await t.waitForExecutions(deployed.id, 1);
	t.assert.equal(execution.status, 'success', `${parameters.operation} ended ${execution.status}: ${t.executionError(execution)?.message}`);
	await t.deactivate(deployed.id);
	return t.nodeItems(execution, actionNode);
}
const plainWorkflow = (t, inst, parameters) => t.actionWorkflow(inst, parameters);

module.exports = {
	group: 'messages',
	order: 45,
	scenarios: [
		{
			name: `${ECHO_BOT}: a text gets one quoted answer; the answer coming back starts nothing`,
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('echo bot');
				const wf = t.exampleWorkflow(ECHO_BOT, inst);
				const deployed = await t.deploy(wf);
				const incoming = await t.emit(inst, 'text', { phone: CONTACT, message: 'ping' });
				await ownMessageCameBack(t, inst);
				const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 2_000 });
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const sent = t.standIn.sent(inst.id);
				assert.equal(sent.length, 1, `the bot sent ${sent.length} messages`);
				assert.deepEqual(sent[0].body, { phone: CONTACT, message: 'You said: ping', messageId: incoming.messageId });
				const reply = wf.nodes.find((n) => n.type === t.ACTION_TYPE);
				const [output] = t.nodeItems(execution, reply.name);
				assert.equal(output.messageId, sent[0].messageId);
				assert.equal(output.phone, CONTACT);
			},
		},
		{
			name: 'a message sent from n8n starts a trigger on Message Sent by Me, once, with fromMe',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('sent by me');
				const watcher = await t.deploy(t.triggerWorkflow(inst, { events: ['messageSent'], options: {} }, { name: 'e2e own messages' }));
				const [output] = await runAction(t, inst, { resource: 'message', operation: 'sendText', phone: CONTACT, message: 'from n8n', options: {} }, {}, plainWorkflow);
				await ownMessageCameBack(t, inst);
				const [execution] = await t.exactlyExecutions(watcher.id, 1);
				const [item] = t.nodeItems(execution, 'Z-API Trigger');
				assert.equal(item.fromMe, true);
				assert.equal(item.messageId, output.messageId);
				assert.equal(item.content.message, 'from n8n');
			},
		},
		{
			name: 'a poll sent with the Z-API node and voted in the stand-in reaches the trigger as a vote',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('poll vote');
				// Polls and votes only; of my own messages, only those sent through the API.
				const parameters = { events: ['messageReceived', 'messageSent'], contentKinds: ['poll', 'pollVote'], sentByMe: ['api'], options: {} };
				const watcher = await t.deploy(t.triggerWorkflow(inst, parameters, { name: 'e2e survey' }));
				const [output] = await runAction(t, inst, { resource: 'message', operation: 'sendPoll', phone: CONTACT, message: 'Lunch?', answers: 'Pizza\nSushi', singleChoice: true, options: {} }, {}, plainWorkflow);
				await ownMessageCameBack(t, inst);
				const voted = await t.standIn.vote(inst.id, { options: ['Sushi'] });
				assert.equal(voted.delivered.status, 200, `the vote was answered ${voted.delivered.status} ${voted.delivered.error ?? ''}`);
				const [pollRun, voteRun] = await t.exactlyExecutions(watcher.id, 2, { settleMs: 1_500 });
				const [poll] = t.nodeItems(pollRun, 'Z-API Trigger');
				assert.deepEqual(
					{ kind: poll.kind, text: poll.text, sentBy: poll.sentBy, messageId: poll.messageId, options: poll.content.options },
					{ kind: 'poll', text: 'Lunch?', sentBy: 'api', messageId: output.messageId, options: [{ name: 'Pizza' }, { name: 'Sushi' }] },
				);
				const [vote] = t.nodeItems(voteRun, 'Z-API Trigger');
				assert.deepEqual(
					{ event: vote.event, kind: vote.kind, text: vote.text, sentBy: vote.sentBy, phone: vote.phone, poll: vote.content.pollMessageId },
					{ event: 'message', kind: 'pollVote', text: 'Sushi', sentBy: 'contact', phone: CONTACT, poll: output.messageId },
				);
			},
		},
		{
			name: 'an edited message is told apart: isEdit on the item, and Ignore Edits starts nothing for it',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('edits');
				const bot = await t.deploy(t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} }, { name: 'e2e edits' }));
				const first = await t.emit(inst, 'text', { phone: CONTACT, message: 'Qual o preço?' });
				await t.emit(inst, 'text', { phone: CONTACT, message: 'Qual o preço do frete?', messageId: first.messageId, variants: ['edited'] });
				const [original, edit] = (await t.exactlyExecutions(bot.id, 2, { settleMs: 1_500 })).map((e) => t.nodeItems(e, 'Z-API Trigger')[0]);
				assert.deepEqual([original.text, original.isEdit === true], ['Qual o preço?', false]);
				assert.deepEqual([edit.text, edit.isEdit, edit.messageId], ['Qual o preço do frete?', true, first.messageId]);
				await t.deactivate(bot.id);

				const careful = await t.deploy(t.triggerWorkflow(inst, { events: ['messageReceived'], options: { ignoreEdits: true } }, { name: 'e2e edits ignored' }));
				const next = await t.emit(inst, 'text', { phone: CONTACT, message: 'Tem entrega hoje?' });
				await t.emit(inst, 'text', { phone: CONTACT, message: 'Tem entrega amanhã?', messageId: next.messageId, variants: ['edited'] });
				const [only] = await t.exactlyExecutions(careful.id, 1, { settleMs: 2_000 });
				assert.equal(t.nodeItems(only, 'Z-API Trigger')[0].text, 'Tem entrega hoje?');
			},
		},
		{
			name: 'a voice note made from an n8n binary reaches the service byte for byte',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('voice note');
				const [output] = await runAction(
					t,
					inst,
					{ resource: 'message', operation: 'sendAudio', phone: "={{ $('Start').item.json.body.to }}", mediaSource: 'binary', binaryPropertyName: 'data', waveform: true, options: {} },
					{ to: CONTACT, file: VOICE.toString('base64'), fileName: 'voice.ogg', mimeType: 'audio/ogg' },
					binaryWorkflow,
				);
				const [sent] = t.standIn.sent(inst.id);
				assert.equal(sent.path, '/send-audio');
				assert.equal(sent.body.waveform, true);
				assert.equal(sent.media.mimeType, 'audio/ogg');
				assert.ok(Buffer.from(sent.media.base64, 'base64').equals(VOICE), 'the bytes that arrived differ from the binary');
				assert.equal(output.messageId, sent.messageId);
			},
		},
		{
			name: "a status flow sees the echo bot's answer reach READ",
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('echo status');
				await t.deploy(t.exampleWorkflow(ECHO_BOT, inst));
				const statusFlow = await t.deploy(t.triggerWorkflow(inst, { events: ['messageStatus'], options: {} }, { name: 'e2e status of sends' }));
				await t.emit(inst, 'text', { phone: CONTACT, message: 'are you there?' });
				await ownMessageCameBack(t, inst);
				const list = await t.exactlyExecutions(statusFlow.id, 3, { settleMs: 1_500 });
				const [sent] = t.standIn.sent(inst.id);
				const items = list.map((e) => t.nodeItems(e, 'Z-API Trigger')[0]);
				assert.deepEqual(items.map((i) => i.kind), ['SENT', 'RECEIVED', 'READ']);
				assert.ok(items.every((i) => i.ids.length === 1 && i.ids[0] === sent.messageId), JSON.stringify(items.map((i) => i.ids)));
			},
		},
		{
			// Every operation's request is checked at engine level (test/nodes/ZApi/actions/message/*.test.ts);
			// this group's other scenarios send through real n8n in CI.
			heavy: 'exhaustive: every operation, each already checked at engine level',
			name: 'every Message operation runs against the stand-in',
			timeoutMs: 240_000,
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('all sends');
				const [incoming] = t.standIn.seedChat(inst.id, CONTACT, { count: 1, fromMeEvery: 0 }).messageIds;
				const msg = (operation, extra) => ({ resource: 'message', operation, phone: CONTACT, options: {}, ...extra });
				const media = (operation, file, mimeType, extra = {}) => msg(operation, { mediaSource: 'base64', mediaBase64: `data:${mimeType};base64,${file.toString('base64')}`, ...extra });
				const png = t.sampleImages.png;
				const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
				const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
				const CALLS = [
					['sendText', msg('sendText', { message: 'Hello', options: { replyTo: incoming, delayTyping: 1 } }), '/send-text'],
					['sendImage', media('sendImage', png, 'image/png', { options: { caption: 'pic' } }), '/send-image'],
					['sendVideo', media('sendVideo', mp4, 'video/mp4'), '/send-video'],
					['sendDocument', media('sendDocument', PDF, 'application/pdf', { fileName: 'terms.pdf' }), '/send-document/pdf'],
					['sendSticker', media('sendSticker', webp, 'image/webp'), '/send-sticker'],
					['sendLocation', msg('sendLocation', { title: 'Shop', address: 'Av. Paulista, 1578', latitude: '-23.56', longitude: '-46.65' }), '/send-location'],
					['sendContact', msg('sendContact', { contactName: 'Ana', contactPhone: '5521988887777' }), '/send-contact'],
					['sendLink', msg('sendLink', { linkUrl: 'https://example.com/x', message: 'Look', title: 'X', linkDescription: 'Y', image: 'https://example.com/p.png' }), '/send-link'],
					['sendReaction', msg('sendReaction', { messageId: incoming, reaction: '👍' }), '/send-reaction'],
					['removeReaction', msg('removeReaction', { messageId: incoming }), '/send-remove-reaction'],
					['sendPoll', msg('sendPoll', { message: 'Lunch?', answers: 'Pizza\nSushi', singleChoice: true }), '/send-poll'],
					['sendOptionList', msg('sendOptionList', { message: 'Pick', listTitle: 'Plans', buttonLabel: 'Open', listOptions: { option: [{ title: 'Basic', description: 'cheap', id: 'b' }] } }), '/send-option-list'],
					['sendButtonList', msg('sendButtonList', { message: 'OK?', buttons: { button: [{ label: 'Yes', id: 'y' }] } }), '/send-button-list'],
					['sendButtonActions', msg('sendButtonActions', { message: 'Go', buttonActions: { button: [{ type: 'URL', label: 'Site', url: 'https://example.com' }] } }), '/send-button-actions'],
					['forwardMessage', msg('forwardMessage', { phone: '5521977776666', messageId: incoming, messagePhone: CONTACT }), '/forward-message'],
				];
				for (const [operation, parameters, path] of CALLS) {
					const before = t.standIn.sent(inst.id).length;
					const [output] = await runAction(t, inst, parameters, {}, plainWorkflow);
					const sent = t.standIn.sent(inst.id);
					assert.equal(sent.length, before + 1, `${operation} sent nothing`);
					assert.equal(sent[sent.length - 1].path, path, operation);
					assert.ok(output.zaapId, `${operation} output ${JSON.stringify(output)}`);
					if (operation !== 'forwardMessage') assert.equal(output.messageId, sent[sent.length - 1].messageId, operation);
				}
				const [read] = await runAction(t, inst, msg('markAsRead', { messageId: incoming }), {}, plainWorkflow);
				assert.deepEqual(read, { success: true, phone: CONTACT, messageId: incoming });
				const chat = () => t.standIn.state.instances.get(inst.id).chats.get(CONTACT);
				assert.equal(chat().find((m) => m.messageId === incoming).status, 'READ');
				const [deleted] = await runAction(t, inst, msg('deleteMessage', { messageId: incoming, owner: false }), {}, plainWorkflow);
				assert.equal(deleted.success, true);
				assert.ok(!chat().some((m) => m.messageId === incoming), 'the message is still in the chat');
			},
		},
	],
};
