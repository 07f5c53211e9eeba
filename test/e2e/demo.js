#!/usr/bin/env node
'use strict';
/**
 * The product in one command: builds and packs this package, starts the local Z-API
 * stand-in and a real n8n with the package installed as a community package, creates a
 * credential pointing at the stand-in, imports the example workflows and activates those that
 * only read or receive and one bot that needs no outside service, proves the flow with one
 * sample message, prints what a person needs to go on by hand (the credential's fields, how to
 * try the conversation features, why each other example is left off), then waits, printing what
 * the instance sends.
 * Ctrl-C stops everything it started.
 *
 *   npm run demo [-- --line 2|1] [--port 5678] [--broker-port 5679] [--stand-in-port 3100]
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { conversationStateCredential, withConversationState } = require('./lib/conversationState');
const { ensureN8n, startN8n } = require('./lib/n8n');
const { createStandIn } = require('../stand-in/server');

const root = path.join(__dirname, '..', '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};

const LINE = option('line', '2');
const N8N_PORT = Number(option('port', '5678'));
const STAND_IN_PORT = Number(option('stand-in-port', '3100'));
const INSTANCE = {
	id: 'DEMO0INSTANCE0000000000000000001',
	token: 'demo-instance-token',
	// The stand-in then asks for it as Z-API does with account security on, so the demo shows every field.
	clientToken: 'demo-client-token',
	name: 'Demo instance',
	phone: '5511900000000',
};
const CONTACT = '5511988887777';
const GROUP = { id: '120363019502650977-group', name: 'Demo group', participants: [CONTACT, '5511977776666'], admins: [] };

/**
 * Every example, and why the demo leaves it off: it activates those that only read or receive;
 * those that send or change something wait for a person to turn them on. Any number can be
 * active on one instance (their triggers share its webhooks), but two that answer every text
 * would both answer it.
 */
const ONE_BOT = 'turn on one bot that answers texts at a time, or each text gets several answers';
const EXAMPLES = {
	// The one bot on: it needs nothing outside n8n and the stand-in, and shows the three
	// conversation features (a burst answered once, in bubbles; a person taking a chat over).
	'burst-reply-bot.json':
		LINE === '1'
			? { offBecause: 'its conversation features keep their state in a data table, which n8n 1.x does not serve on its API (use --line 2)' }
			: { active: true, answersTexts: true },
	'read-chat-on-new-message.json': { active: true },
	'track-message-status.json': { active: true },
	'echo-bot.json': { offBecause: `it answers every text, as burst-reply-bot.json does; ${ONE_BOT}` },
	'booking-dialogue.json': { offBecause: `it answers every text with a booking question; ${ONE_BOT}` },
	'ai-agent-reply.json': {
		offBecause: `its chat model needs an OpenAI credential the demo does not create (or swap in another model node); it also answers every text: ${ONE_BOT}`,
	},
	'approval-over-whatsapp.json': {
		offBecause: `the manager's phone is empty (Ask the manager → Phone): set it first; it also answers every text: ${ONE_BOT}`,
	},
	'promote-new-participants.json': {
		offBecause: 'it changes groups (makes everyone who joins one an admin); turn it on, then send a join with the emit command below',
	},
};

const say = (text) => process.stdout.write(`${text}\n`);

function packPackage(workDir) {
	say('Building and packing the package…');
	execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', workDir], { cwd: root, encoding: 'utf8' })
		.trim()
		.split('\n')
		.pop();
	return path.join(workDir, name);
}

function withCredential(workflow, credential) {
	const copy = JSON.parse(JSON.stringify(workflow));
	for (const node of copy.nodes) {
		if (node.credentials?.zApiApi) node.credentials.zApiApi = { id: credential.id, name: credential.name };
	}
	return copy;
}

/** One bot that answers texts is on, or each text gets several answers. */
const activeBots = Object.keys(EXAMPLES).filter((file) => EXAMPLES[file].active && EXAMPLES[file].answersTexts);
if (activeBots.length > 1) throw new Error(`test/e2e/demo.js: one active example may answer texts, not ${activeBots.join(', ')}`);

/** What the instance sends (the bot's answers), printed as it goes out, so the bubbles show here. */
function printSends(standIn, instanceId) {
	let printed = standIn.sent(instanceId).length;
	const timer = setInterval(() => {
		const sent = standIn.sent(instanceId);
		for (const message of sent.slice(printed)) {
			const typing = message.body.delayTyping ? ` (typing ${message.body.delayTyping} s)` : '';
			say(`  [WhatsApp] ${message.path} to ${message.body.phone}${typing}: ${JSON.stringify(message.body.message ?? message.body)}`);
		}
		printed = sent.length;
	}, 250);
	timer.unref();
	return () => clearInterval(timer);
}

/** The example files, refusing one the table above does not know (so the demo never stays silent about one). */
function exampleFiles(examplesDir) {
	const files = fs.readdirSync(examplesDir).filter((name) => name.endsWith('.json')).sort();
	const unknown = files.filter((file) => !EXAMPLES[file]);
	if (unknown.length) throw new Error(`examples/${unknown.join(', examples/')}: add to EXAMPLES in test/e2e/demo.js, active or with why it is left off`);
	return files;
}

async function main() {
	const examplesDir = path.join(root, 'examples');
	const files = exampleFiles(examplesDir);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapi-demo-'));
	const tarball = packPackage(workDir);
	say(`Installing n8n line ${LINE} if it is not in the cache yet (several minutes the first time)…`);
	const install = ensureN8n(LINE);

	const stopAll = [];
	const stop = async () => {
		for (const fn of stopAll.reverse()) await fn().catch(() => {});
		fs.rmSync(workDir, { recursive: true, force: true });
	};
	let stopping = false;
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			say('\nStopping n8n and the stand-in…');
			stop().then(() => process.exit(0));
		});
	}

	try {
		say('Starting n8n…');
		const n8n = await startN8n({
			line: LINE,
			install,
			port: N8N_PORT,
			brokerPort: Number(option('broker-port', '5679')),
			packageTarball: tarball,
			userFolder: path.join(workDir, 'n8n'),
		});
		stopAll.push(() => n8n.stop());

		// The stand-in delivers over https to n8n, trusting n8n's throw-away certificate.
		const standIn = createStandIn({
			instances: [INSTANCE],
			groups: [{ instanceId: INSTANCE.id, ...GROUP }],
			deliveryCa: n8n.ca,
		});
		await standIn.start(STAND_IN_PORT);
		stopAll.push(() => standIn.stop());
		standIn.seedChat(INSTANCE.id, CONTACT, { count: 12 });
		say(`Z-API stand-in: ${standIn.url}`);

		const credentialName = 'Z-API (local stand-in)';
		const credential = await n8n.createCredential(credentialName, 'zApiApi', {
			instanceId: INSTANCE.id,
			instanceToken: INSTANCE.token,
			clientToken: INSTANCE.clientToken,
			baseUrl: standIn.url,
			// n8n 1.x's public API insists on this credential field; 'all' is the editor's default.
			...(LINE === '1' ? { allowedHttpRequestDomains: 'all' } : {}),
		});
		const conversationState = await conversationStateCredential(n8n, 'Z-API conversation state (this n8n)');
		const imported = [];
		for (const file of files) {
			const workflow = await n8n.createWorkflow(
				withConversationState(withCredential(JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8')), credential), conversationState),
			);
			const { active = false, offBecause } = EXAMPLES[file];
			if (active) await n8n.activate(workflow.id);
			imported.push({ file, id: workflow.id, name: workflow.name, active, offBecause });
		}

		// One sample message, so the editor already shows an execution and the chain is proven.
		const first = imported.find((entry) => entry.active);
		await standIn.emit(INSTANCE.id, 'text', { phone: CONTACT, message: 'Hello from the demo' });
		const [execution] = await n8n.waitForExecutions(first.id, { count: 1, timeoutMs: 30_000 });
		const botAnswer = [];
		for (let waited = 0; EXAMPLES[first.file].answersTexts && botAnswer.length < 2 && waited < 15_000; waited += 250) {
			await new Promise((resolve) => setTimeout(resolve, 250));
			botAnswer.splice(0, botAnswer.length, ...standIn.sent(INSTANCE.id).map((sent) => sent.body.message));
		}

		say('');
		say('Ready. n8n is running with @n8n-nodes-zapi/n8n-nodes-zapi installed, against the local Z-API stand-in.');
		say('');
		say(`  Editor     ${n8n.baseUrl}   (self-signed certificate: accept the browser warning)`);
		say(`  Login      ${n8n.email} / ${n8n.password}`);
		say(`  n8n        ${n8n.version}`);
		say('');
		say(`  The Z-API instance of the stand-in, as the credential "${credentialName}" holds it`);
		say('  (to create a Z-API Instance API credential by hand):');
		say(`    Instance ID      ${INSTANCE.id}`);
		say(`    Instance Token   ${INSTANCE.token}`);
		say(`    Client Token     ${INSTANCE.clientToken}`);
		say(`    Base URL         ${standIn.url}`);
		say('  The conversation features use the credential "Z-API conversation state (this n8n)": an API key of this n8n.');
		say('');
		say('  Example workflows (examples/)');
		for (const entry of imported) {
			say(`    ${entry.active ? 'active  ' : 'inactive'}  ${entry.file}: ${entry.name}`);
			if (!entry.active) say(`              off because ${entry.offBecause}.`);
		}
		say('  To turn one on, open it in the editor and publish it (n8n 1.x: Active).');
		say(`  A sample message already ran: execution ${execution.id} of ${first.file} (${execution.status}).`);
		if (botAnswer.length) say(`  The bot answered it in ${botAnswer.length} bubbles: ${botAnswer.map((text) => JSON.stringify(text)).join(', ')}.`);
		say('');
		const cli = `node test/stand-in/cli.js emit text --url ${standIn.url} --phone ${CONTACT}`;
		// Sent by me from the phone: Z-API says fromApi false (docs/webhooks/on-message-received.md); the stand-in leaves it out unless told.
		const fromThePhone = `${cli} --from-me --overrides '{"fromApi":false}'`;
		say('  Send a WhatsApp message through the stand-in, then open Executions in the editor:');
		say(`    ${cli} --message "Oi!"`);
		if (first.file === 'burst-reply-bot.json') {
			say(`  The conversation features with ${first.file} (what the bot sends shows below as [WhatsApp] lines):`);
			say('    A burst of quick messages: one answer, in two bubbles, 5 s after the last:');
			say(`      for m in "oi" "tudo bem" "queria saber do meu pedido"; do ${cli} --message "$m" --quiet; done`);
			say('    A person answers from the phone (sent by me, not through the API): the bot leaves the chat for 30 minutes,');
			say('    so the next message gets no answer:');
			say(`      ${fromThePhone} --message "Oi, aqui é a Carla" --quiet`);
			say(`      ${cli} --message "obrigada Carla" --quiet`);
			say('    The pause and resume words, sent from the phone: #bot off pauses the bot in the chat until #bot on:');
			say(`      ${fromThePhone} --message "#bot off" --quiet`);
			say(`      ${fromThePhone} --message "#bot on" --quiet`);
			say(`      ${cli} --message "voltei" --quiet`);
			say('    Each execution records what it did as custom data zapi_bot (Answered a burst of 3 messages, Paused: a person answered from the phone…).');
		}
		say('  A status change:');
		say(`    node test/stand-in/cli.js emit status --url ${standIn.url} --phone ${CONTACT} --status READ`);
		say(`  Someone joins the demo group (for the promote example):`);
		say(`    node test/stand-in/cli.js emit notification --url ${standIn.url} --code GROUP_PARTICIPANT_ADD --params 5511977775555`);
		say('  Everything the stand-in can send: node test/stand-in/cli.js --help');
		say('');
		say('Ctrl-C stops n8n and the stand-in.');
		say('');
		const stopPrinting = printSends(standIn, INSTANCE.id);
		stopAll.push(async () => stopPrinting());
		await new Promise(() => {});
	} catch (error) {
		process.stderr.write(`Demo failed: ${error.stack || error}\n`);
		await stop();
		process.exit(1);
	}
}

main();
