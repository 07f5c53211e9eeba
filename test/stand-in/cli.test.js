'use strict';
/** Tests of test/stand-in/cli.js: serve in a child process, emit against it. */
const path = require('node:path');
const { spawn, execFile } = require('node:child_process');
const { makeSelfSignedCert, startReceiver } = require('./helpers');
const { parseArgs } = require('./cli');

jest.setTimeout(20000);

const CLI = path.join(__dirname, 'cli.js');
const INSTANCE = { id: 'CLI0000000000000000000000000001', token: 'cli-secret-token' };

function run(args) {
	return new Promise((resolve) => {
		execFile(process.execPath, [CLI, ...args], { timeout: 10000 }, (err, stdout, stderr) => {
			resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
		});
	});
}

/** Starts `cli.js serve` and resolves once it prints its URL. */
function serve(args) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}${err}`)), 8000);
		child.stderr.on('data', (c) => (err += c));
		child.stdout.on('data', (c) => {
			out += c;
			const m = /listening on (http\S+)/.exec(out);
			if (m && /Ctrl-C stops/.test(out)) {
				clearTimeout(timer);
				resolve({ child, url: m[1], output: () => out, errors: () => err });
			}
		});
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`serve exited with ${code}: ${out}${err}`));
		});
	});
}

function stop(child) {
	return new Promise((resolve) => {
		if (child.exitCode !== null) return resolve(child.exitCode);
		child.once('exit', (code) => resolve(code));
		child.kill('SIGINT');
	});
}

let tls;
let receiver;
let server;

beforeAll(async () => {
	tls = makeSelfSignedCert();
	receiver = await startReceiver({ tls: { key: tls.key, cert: tls.cert } });
	server = await serve([
		'--port', '0',
		'--instance', `${INSTANCE.id}:${INSTANCE.token}`,
		'--instance', 'OTHER:other-token:other-client',
		'--multi-device', 'OTHER',
		'--delivery-ca', tls.certFile,
		'--seed',
		'--verbose',
	]);
});

afterAll(async () => {
	if (server) {
		server.child.removeAllListeners('exit');
		await stop(server.child);
	}
	await receiver.close();
	tls.cleanup();
});

beforeEach(() => {
	receiver.requests.length = 0;
});

test('--help lists the commands, every kind and the flags', async () => {
	const r = await run(['--help']);
	expect(r.code).toBe(0);
	for (const word of ['serve', 'emit', 'reply', '--port', '--instance', '--delivery-ca', '--url', '--phone', '--message', '--from-me', '--group',
		'text', 'reaction', 'buttonsResponseMessage', 'listResponseMessage', 'image', 'audio', 'video', 'contact', 'document', 'location',
		'sticker', 'requestPayment', 'sendPayment', 'paymentNotification', 'product', 'order', 'notification', 'status', 'GROUP_PARTICIPANT_ADD']) {
		expect(r.stdout).toContain(word);
	}
	expect((await run([])).code).toBe(2);
	expect((await run(['frobnicate'])).code).toBe(2);
});

test('serve prints the URL and instances with masked tokens, seeds state, never prints tokens', async () => {
	const out = server.output();
	expect(out).toContain(`instance ${INSTANCE.id} (token ****oken)`);
	expect(out).toContain('instance OTHER (token ****oken, Client-Token required, multi-device)');
	expect(out).not.toContain(INSTANCE.token);
	expect(out).not.toContain('other-client');
	const state = await (await fetch(`${server.url}/_control/state?instanceId=${INSTANCE.id}`)).json();
	expect(state.groups).toHaveLength(1);
	expect(state.chats['5511988887777']).toBe(25);
	const other = await (await fetch(`${server.url}/_control/state?instanceId=OTHER`)).json();
	expect(other).toMatchObject({ multiDevice: true, hasClientToken: true });
	const res = await fetch(`${server.url}/instances/OTHER/token/other-token/status`);
	expect(res.status).toBe(400);
	// the child's stderr arrives asynchronously: wait for the log line
	for (let i = 0; i < 100 && !/OTHER\/token\/\*\*\*\/status/.test(server.errors()); i++) await new Promise((r) => setTimeout(r, 20));
	expect(server.errors()).toMatch(/GET \/instances\/OTHER\/token\/\*\*\*\/status -> 400/);
	expect(server.errors()).not.toContain('other-token');
});

test('emit delivers through the running stand-in over https (--delivery-ca) and reports the status', async () => {
	const put = await fetch(`${server.url}/instances/${INSTANCE.id}/token/${INSTANCE.token}/update-webhook-received-delivery`, {
		method: 'PUT',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ value: receiver.url('/zapi') }),
	});
	expect(await put.json()).toEqual({ value: true });
	const r = await run(['emit', 'text', '--url', server.url, '--instance', INSTANCE.id, '--phone', '5511912345678', '--message', 'Olá do CLI', '--from-me']);
	expect(r.stderr).toBe('');
	expect(r.code).toBe(0);
	expect(r.stdout).toContain(`delivered ReceivedCallback (text) to ${receiver.url('/zapi')} -> HTTP 200`);
	const printed = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
	expect(receiver.requests).toHaveLength(1);
	expect(receiver.requests[0].secure).toBe(true);
	expect(receiver.requests[0].json).toEqual(printed);
	expect(printed).toMatchObject({ phone: '5511912345678', fromMe: true, text: { message: 'Olá do CLI' }, instanceId: INSTANCE.id });
	const listing = await (await fetch(`${server.url}/instances/${INSTANCE.id}/token/${INSTANCE.token}/chat-messages/5511912345678`)).json();
	expect(listing[0].messageId).toBe(printed.messageId);
});

test('emit of a group notification, with --group and --params', async () => {
	const state = await (await fetch(`${server.url}/_control/state?instanceId=${INSTANCE.id}`)).json();
	const groupId = state.groups[0].id;
	const r = await run(['emit', 'notification', '--url', server.url, '--instance', INSTANCE.id, '--code', 'GROUP_PARTICIPANT_ADD', '--group', groupId, '--params', '203512345678901@lid', '--quiet']);
	expect(r.code).toBe(0);
	expect(r.stdout.trim()).toBe(`delivered ReceivedCallback (GROUP_PARTICIPANT_ADD) to ${receiver.url('/zapi')} -> HTTP 200`);
	expect(receiver.requests[0].json).toMatchObject({ phone: groupId, isGroup: true, notificationParameters: ['203512345678901@lid'] });
});

test('emit failures: no webhook (exit 1, 409 message), unknown kind (exit 2), unreachable stand-in (exit 1)', async () => {
	let r = await run(['emit', 'status', '--url', server.url, '--instance', INSTANCE.id, '--status', 'READ']);
	expect(r.code).toBe(1);
	expect(r.stderr).toMatch(/HTTP 409: No message-status webhook is registered/);
	r = await run(['emit', 'hologram', '--url', server.url, '--instance', INSTANCE.id]);
	expect(r.code).toBe(2);
	expect(r.stderr).toMatch(/Unknown content kind "hologram"/);
	r = await run(['emit', 'text', '--url', server.url]);
	expect(r.code).toBe(2);
	expect(r.stderr).toMatch(/--instance is required \(the stand-in has 2 instances/);
	r = await run(['emit', 'text', '--url', 'http://127.0.0.1:1', '--instance', 'X']);
	expect(r.code).toBe(1);
	expect(r.stderr).toMatch(/Cannot reach the stand-in/);
	expect(receiver.requests).toHaveLength(0);
});

test('emit exit status follows the receiver answer', async () => {
	const failing = await startReceiver({ respondWith: 503 });
	try {
		const r = await run(['emit', 'reaction', '--url', server.url, '--instance', INSTANCE.id, '--to', failing.url('/down'), '--message', '👍', '--quiet']);
		expect(r.code).toBe(1);
		expect(r.stdout).toContain('-> HTTP 503');
		expect(failing.requests[0].json.reaction.value).toBe('👍');
	} finally {
		await failing.close();
	}
});

test('parseArgs: values, --flag=value, booleans and repeatable flags', () => {
	expect(parseArgs(['emit', 'text', '--phone=55', '--from-me', '--variant', 'lid', '--variant', 'capitalB', '--message', 'a b'])).toEqual({
		_: ['emit', 'text'],
		phone: '55',
		'from-me': true,
		variant: ['lid', 'capitalB'],
		message: 'a b',
	});
	expect(() => parseArgs(['serve', '--port'])).toThrow(/--port needs a value/);
});

test('serve stops on SIGINT and refuses bad arguments', async () => {
	const s = await serve(['--port', '0']);
	s.child.removeAllListeners('exit');
	expect(s.output()).toContain('instance 3D9F2A7C1E5B48A6B0C4D2E8F1A3B5C7');
	expect(await stop(s.child)).toBe(0);
	const bad = await run(['serve', '--instance', 'only-an-id']);
	expect(bad.code).toBe(2);
	expect(bad.stderr).toMatch(/ID:TOKEN/);
});

describe('reply', () => {
	test('the contact answers the newest sent message, quoting it; nothing sent yet is an error', async () => {
		const other = ['--url', server.url, '--instance', INSTANCE.id, '--phone', '5521900001111'];
		const none = await run(['reply', ...other]);
		expect(none.code).toBe(1);
		expect(none.stderr).toMatch(/has sent nothing to 5521900001111 yet/);

		await fetch(`${server.url}/_control/webhooks`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ instanceId: INSTANCE.id, received: receiver.url('/zapi'), status: '' }),
		});
		const sent = await (
			await fetch(`${server.url}/instances/${INSTANCE.id}/token/${INSTANCE.token}/send-text`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ phone: '5521900001111', message: 'Your order shipped' }),
			})
		).json();
		await receiver.waitFor(1); // the owner-sent delivery
		const r = await run(['reply', ...other, '--message', 'Thank you!', '--quiet']);
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(new RegExp(`^delivered a reply to ${sent.messageId} from 5521900001111 to https://127\\.0\\.0\\.1:\\d+/zapi -> HTTP 200\\n$`));
		await receiver.waitFor(2);
		expect(receiver.requests[1].json).toMatchObject({ fromMe: false, phone: '5521900001111', referenceMessageId: sent.messageId, text: { message: 'Thank you!' } });
	});
});
