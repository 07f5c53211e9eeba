#!/usr/bin/env node
'use strict';
/**
 * Command line for the Z-API stand-in (see README.md beside this file).
 *   node test/stand-in/cli.js serve [--port 3100] [--instance ID:TOKEN[:CLIENTTOKEN]] ...
 *   node test/stand-in/cli.js emit <kind> [--url http://127.0.0.1:3100] [--instance ID] ...
 *   node test/stand-in/cli.js reply [--url http://127.0.0.1:3100] [--instance ID] [--phone P] [--message TEXT]
 *   node test/stand-in/cli.js --help
 */
const fs = require('node:fs');
const { createStandIn } = require('./server');
const fixtures = require('../fixtures/callbacks');

const DEFAULT_PORT = 3100;
const DEFAULT_INSTANCE = { id: '3D9F2A7C1E5B48A6B0C4D2E8F1A3B5C7', token: 'stand-in-token' };

const HELP = `Z-API stand-in: a local imitation of the Z-API WhatsApp instance service.

Usage:
  node test/stand-in/cli.js serve [options]     run the stand-in in the foreground (Ctrl-C stops it)
  node test/stand-in/cli.js emit <kind> [options]
                                                ask a running stand-in to deliver a callback
  node test/stand-in/cli.js reply [options]    the contact answers the newest message the instance
                                                sent (quoting it), delivered as a received text
  node test/stand-in/cli.js --help

serve options:
  --port N                 port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H                 address to bind (default 127.0.0.1)
  --instance ID:TOKEN[:CLIENTTOKEN]
                           an instance (repeatable). Without any, one instance
                           ${DEFAULT_INSTANCE.id} with token "${DEFAULT_INSTANCE.token}" is created.
  --multi-device ID        mark instance ID as multi-device (chat listing answers []) (repeatable)
  --partner-token TOKEN    the partner token of the Partner API (Bearer; default stand-in-partner-token)
  --delivery-ca FILE       PEM file of the CA trusted for https deliveries
  --tls-cert FILE --tls-key FILE
                           serve over https instead of http
  --seed                   seed each instance with a group (the instance is admin) and a
                           25-message chat with 5511988887777
  --verbose                log requests to stderr (tokens masked)

emit options:
  --url URL                the running stand-in (default http://127.0.0.1:${DEFAULT_PORT})
  --instance ID            instance id (default: the only instance of the stand-in)
  --phone PHONE            chat counterpart (or, with --group, the member who sent it)
  --group GROUP_ID         deliver as a group message/notification of that group (group
                           notifications default to the instance's only group, if it has one)
  --message TEXT           text of the message (caption, reply text, reaction emoji...)
  --from-me                the message was sent by the instance owner
  --sender-name NAME       --chat-name NAME   --message-id ID   --momment MS
  --reference-message-id ID
  --code CODE              notification code (kind notification)
  --params A,B,C           notification parameters (kind notification)
  --status STATUS          message status (kind status: ${[...fixtures.STATUS_VALUES, ...fixtures.WILD_STATUS_VALUES].join(', ')})
  --ids ID1,ID2            message ids (kind status; default: newest owner-sent message of the chat)
  --variant NAME           a variant seen in the wild (repeatable): ${fixtures.VARIANT_NAMES.join(', ')}
  --overrides JSON         object deep-merged into the payload (a key set to null stays null)
  --to URL                 deliver to this URL instead of the registered webhook
  --quiet                  print only the status line

reply options:
  --url URL  --instance ID   as for emit
  --phone PHONE            the chat whose newest sent message is answered (default: any chat)
  --message TEXT           the answer (default "Thanks, got it!")
  --quiet                  print only the status line

kinds:
  ${Object.entries(fixtures.CONTENT_KINDS).map(([k, s]) => `${k} (${s.label})`).join('\n  ')}
  notification (with --code: ${fixtures.NOTIFICATION_CODES.join(', ')})
  status (with --status)
  aliases: ${Object.entries(fixtures.KIND_ALIASES).map(([a, k]) => `${a}=${k}`).join(', ')}

Exit status of emit: 0 when the receiver answered 2xx, 1 otherwise (no webhook registered,
receiver unreachable or answering an error), 2 on usage errors (including an unknown kind).
`;

const BOOLEAN_FLAGS = new Set(['from-me', 'verbose', 'seed', 'quiet', 'help']);
const REPEATABLE = new Set(['instance', 'multi-device', 'variant']);

function parseArgs(argv) {
	const args = { _: [] };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '-h') {
			args.help = true;
			continue;
		}
		if (!a.startsWith('--')) {
			args._.push(a);
			continue;
		}
		let [key, value] = a.slice(2).split(/=(.*)/s, 2);
		if (value === undefined) {
			if (BOOLEAN_FLAGS.has(key)) value = true;
			else if (i + 1 < argv.length) value = argv[++i];
			else throw new UsageError(`--${key} needs a value`);
		}
		if (REPEATABLE.has(key)) (args[key] = args[key] || []).push(value);
		else args[key] = value;
	}
	return args;
}

class UsageError extends Error {}

function parseInstance(spec) {
	const [id, token, clientToken] = String(spec).split(':');
	if (!id || !token) throw new UsageError(`--instance expects ID:TOKEN[:CLIENTTOKEN], got "${spec}"`);
	return { id, token, clientToken: clientToken || undefined };
}

const mask = (token) => (token.length <= 4 ? '****' : `****${token.slice(-4)}`);
/** A receiver's address without the secret its query may carry (the trigger's signature). */
const maskUrl = (url) => String(url ?? '').replace(/([?&](?:signature|secret|token)=)[^&]+/gi, '$1****');

async function serve(args) {
	const instances = (args.instance || []).map(parseInstance);
	if (instances.length === 0) instances.push({ ...DEFAULT_INSTANCE });
	for (const id of args['multi-device'] || []) {
		const inst = instances.find((x) => x.id === id);
		if (!inst) throw new UsageError(`--multi-device ${id}: no such --instance`);
		inst.multiDevice = true;
	}
	const options = { instances, verbose: Boolean(args.verbose), host: args.host || '127.0.0.1' };
	if (args['partner-token'] !== undefined) options.partnerToken = args['partner-token'];
	if (args['delivery-ca']) options.deliveryCa = fs.readFileSync(args['delivery-ca'], 'utf8');
	if (args['tls-cert'] || args['tls-key']) {
		if (!args['tls-cert'] || !args['tls-key']) throw new UsageError('--tls-cert and --tls-key go together');
		options.tls = { cert: fs.readFileSync(args['tls-cert']), key: fs.readFileSync(args['tls-key']) };
	}
	const standIn = createStandIn(options);
	const port = args.port === undefined ? DEFAULT_PORT : Number(args.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: invalid port "${args.port}"`);
	const { url } = await standIn.start(port, options.host);
	const lines = [`Z-API stand-in listening on ${url}`];
	for (const inst of instances) {
		lines.push(`  instance ${inst.id} (token ${mask(inst.token)}${inst.clientToken ? ', Client-Token required' : ''}${inst.multiDevice ? ', multi-device' : ''})`);
		lines.push(`    base URL: ${url}/instances/${inst.id}/token/<token>`);
		if (args.seed) {
			const group = standIn.addGroup(inst.id, { name: 'Equipe Vendas', participants: ['5511988887777', '5511977776666'] });
			standIn.seedChat(inst.id, '5511988887777', { count: 25 });
			standIn.seedChat(inst.id, group.id, { count: 5 });
			lines.push(`    seeded group ${group.id} and a 25-message chat with 5511988887777`);
		}
	}
	lines.push(`  control: ${url}/_control/state  (Ctrl-C stops)`);
	// handlers first: whoever reads the banner may signal at once
	const shutdown = () => {
		standIn.stop().then(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
	process.stdout.write(`${lines.join('\n')}\n`);
}

async function request(base, method, path, body) {
	let res;
	try {
		res = await fetch(new URL(path, base), {
			method,
			headers: body ? { 'Content-Type': 'application/json' } : {},
			body: body ? JSON.stringify(body) : undefined,
		});
	} catch (e) {
		throw new Error(`Cannot reach the stand-in at ${base}: ${e.cause ? e.cause.message || e.cause.code : e.message}`);
	}
	const text = await res.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = { error: text };
	}
	return { status: res.status, json };
}

/** --instance, or the stand-in's only instance. */
async function instanceIdOf(args, base) {
	const given = args.instance && args.instance[args.instance.length - 1];
	if (given) return given;
	const { json } = await request(base, 'GET', '/_control/state');
	const ids = (json.instances || []).map((i) => i.id);
	if (ids.length !== 1) throw new UsageError(`--instance is required (the stand-in has ${ids.length} instances: ${ids.join(', ')})`);
	return ids[0];
}

async function emit(args) {
	const kind = args._[1];
	if (!kind) throw new UsageError('emit needs a kind (see --help)');
	const base = args.url || `http://127.0.0.1:${DEFAULT_PORT}`;
	const instanceId = await instanceIdOf(args, base);
	const body = { instanceId, kind };
	const copy = {
		phone: 'phone', group: 'group', message: 'message', 'sender-name': 'senderName', 'chat-name': 'chatName',
		'message-id': 'messageId', momment: 'momment', 'reference-message-id': 'referenceMessageId', code: 'code',
		params: 'parameters', status: 'status', ids: 'ids', to: 'url',
	};
	for (const [flag, field] of Object.entries(copy)) if (args[flag] !== undefined) body[field] = args[flag];
	if (args['from-me']) body.fromMe = true;
	if (args.variant) body.variants = args.variant;
	if (args.overrides) {
		try {
			body.overrides = JSON.parse(args.overrides);
		} catch {
			throw new UsageError('--overrides must be a JSON object');
		}
	}
	const { status, json } = await request(base, 'POST', '/_control/emit', body);
	if (status !== 200) {
		process.stderr.write(`emit failed: HTTP ${status}: ${json.error || JSON.stringify(json)}\n`);
		return status === 400 ? 2 : 1;
	}
	const d = json.delivered;
	const what = json.payload.type === 'MessageStatusCallback' ? `MessageStatusCallback ${json.payload.status}` : `${json.payload.type} (${json.payload.notification || fixtures.contentKindOf(json.payload) || kind})`;
	const answered = d.status ? `HTTP ${d.status}` : `no answer: ${d.error}`;
	process.stdout.write(`delivered ${what} to ${maskUrl(d.url)} -> ${answered}\n`);
	if (!args.quiet) process.stdout.write(`${JSON.stringify(json.payload, null, 2)}\n`);
	return d.status >= 200 && d.status < 300 ? 0 : 1;
}

async function reply(args) {
	const base = args.url || `http://127.0.0.1:${DEFAULT_PORT}`;
	const body = { instanceId: await instanceIdOf(args, base) };
	if (args.phone !== undefined) body.phone = args.phone;
	if (args.message !== undefined) body.message = args.message;
	const { status, json } = await request(base, 'POST', '/_control/reply', body);
	if (status !== 200) {
		process.stderr.write(`reply failed: HTTP ${status}: ${json.error || JSON.stringify(json)}\n`);
		return 1;
	}
	const d = json.delivered;
	const answered = d.status ? `HTTP ${d.status}` : `no answer: ${d.error}`;
	process.stdout.write(`delivered a reply to ${json.repliedTo} from ${json.payload.phone} to ${maskUrl(d.url)} -> ${answered}\n`);
	if (!args.quiet) process.stdout.write(`${JSON.stringify(json.payload, null, 2)}\n`);
	return d.status >= 200 && d.status < 300 ? 0 : 1;
}

async function main(argv) {
	let args;
	try {
		args = parseArgs(argv);
		if (args.help || args._.length === 0 || args._[0] === 'help') {
			process.stdout.write(HELP);
			return args._.length === 0 && !args.help ? 2 : 0;
		}
		if (args._[0] === 'serve') {
			await serve(args);
			return null; // keep running
		}
		if (args._[0] === 'emit') return await emit(args);
		if (args._[0] === 'reply') return await reply(args);
		throw new UsageError(`unknown command "${args._[0]}" (serve, emit, reply, --help)`);
	} catch (e) {
		process.stderr.write(`${e.message}\n`);
		return e instanceof UsageError ? 2 : 1;
	}
}

if (require.main === module) {
	main(process.argv.slice(2)).then((code) => {
		if (code !== null) process.exitCode = code;
	});
}

module.exports = { main, parseArgs, HELP };
