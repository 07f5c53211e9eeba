import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { credentialSecrets, getInstance, messageOf, nodeError, redactError, redactSecrets, secretsOf, wasRefused, type ZApiInstance } from '../shared/transport';
import {
	isWebhookName,
	readWebhookSettings,
	setSentByMe,
	setWebhookAddress,
	WEBHOOKS,
	type WebhookName,
	type WebhookSettings,
} from '../shared/webhooks';
import { deliveryScope, newActivationId, secretsOfAddress, SIGNATURE_PARAM, signatureDigest, signedUrl } from '../shared/signedAddress';
import { webhooksFor } from './eventChoices';
import { checkFilterOptions } from './filters';
import { joinHeads, leaveSharing } from './sharing';
import { endActivation, staticDataOf, type Before, type TriggerStaticData } from './staticData';
import { askerTablesAfterThis, combineAfterThis, tableForArrivals, tableForQuestions } from './arrivals';

function isTestListening(context: IHookFunctions): boolean {
	return context.getMode() === 'manual';
}

/**
 * The webhooks the chosen events need, and chat presence when a Combine Quick Messages after
 * the trigger waits while a person types (its deliveries start no execution: arrivals.ts).
 */
function neededWebhooks(context: IHookFunctions): WebhookName[] {
	const needed = webhooksFor(context.getNodeParameter('events', []) as string[]);
	return combineAfterThis(context)?.waitWhileTyping && !needed.includes('chatPresence') ? [...needed, 'chatPresence'] : needed;
}

/**
 * Whether the received webhook goes through the endpoint that also turns on "notify messages
 * sent by me" for the whole instance: only when Message Sent by Me is chosen, or Message
 * Received feeds a Combine Quick Messages node (it pauses the bot when a person answers from
 * the phone). Otherwise the setting stays as it is: another program on the instance that had
 * it off would receive its own messages (reply loops).
 */
function wantsSentByMe(context: IHookFunctions, needed: WebhookName[]): boolean {
	const events = context.getNodeParameter('events', []) as string[];
	return needed.includes('receivedAndSent') && (events.includes('messageSent') || (events.includes('messageReceived') && combineAfterThis(context) !== undefined));
}

function webhookUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default') ?? '';
	if (!url.toLowerCase().startsWith('https://')) {
		throw new NodeOperationError(context.getNode(), 'Z-API only delivers webhooks to https addresses', {
			description: `This n8n's webhook address is ${url || 'not set'}. Give n8n a public https address: set the WEBHOOK_URL environment variable of n8n to it (for example https://n8n.example.com/), or run n8n behind a tunnel or reverse proxy that provides https. Then activate the workflow again.`,
		});
	}
	return url;
}

/** The current settings, or why they could not be read (redacted, fit for a log line). */
type Reading = WebhookSettings | { unreadable: string };

async function readCurrent(context: IHookFunctions, secrets: string[]): Promise<Reading> {
	try {
		return await readWebhookSettings.call(context);
	} catch (error) {
		return { unreadable: redactSecrets(messageOf(error), secrets) };
	}
}

/** A message with more said after it, as one sentence follows another. */
function followedBy(message: string, more: string): string {
	return `${message.replace(/[\s.:]+$/, '')}. ${more}`;
}

/** Why a call failed, redacted, fit to go in parentheses. */
function whyOf(error: unknown, secrets: string[]): string {
	return redactSecrets(messageOf(error), secrets).replace(/[\s.]+$/, '');
}

function log(context: IHookFunctions, level: 'info' | 'warn', text: string): void {
	context.logger[level](`Z-API Trigger: ${text}`);
}

/** Points a webhook back at what it held before, or clears it (''). */
async function putBack(context: IHookFunctions, name: WebhookName, address: string, secrets: string[]): Promise<void> {
	await setWebhookAddress.call(context, { name, address, shownAs: 'the address from before', whatToDo: 'Check the webhook in the Z-API panel.', secrets, leaveSentByMe: true });
}

async function turnSentByMeOff(context: IHookFunctions, secrets: string[]): Promise<void> {
	await setSentByMe.call(context, false, 'Check notify sent by me in the Z-API panel.', secrets);
}

/** For an error that brings no what-to-do of its own. */
const FALLBACK_WHAT_TO_DO = 'Check the Z-API credentials and that n8n can reach Z-API, then try again.';

/**
 * n8n shows an activation error in a toast that carries only the error's message, not its
 * description: the what-to-do goes into the message too. The description stays for the
 * places that show it.
 */
export function withWhatToDo(error: unknown, context: Pick<IHookFunctions, 'getNode'>): Error {
	const failure = error instanceof Error ? error : new NodeOperationError(context.getNode(), String(error));
	const description = (failure as { description?: unknown }).description;
	const whatToDo = typeof description === 'string' && description.trim() ? description.trim() : FALLBACK_WHAT_TO_DO;
	if (!failure.message.includes(whatToDo)) failure.message = followedBy(failure.message, whatToDo);
	return failure;
}

/**
 * The activation boundary: every error leaving the hook it wraps, whoever threw it, passes
 * withWhatToDo, and is redacted with the credentials' secrets (an option's error quotes what
 * was typed, a token pasted there by mistake included).
 */
function atActivation<T>(hook: (this: IHookFunctions) => Promise<T>): (this: IHookFunctions) => Promise<T> {
	return async function (this: IHookFunctions): Promise<T> {
		try {
			return await hook.call(this);
		} catch (error) {
			throw redactError(withWhatToDo(error, this), await credentialSecrets(this));
		}
	};
}

/**
 * Who an address belongs to, in words fit for a log: its host, and whether it is an n8n
 * webhook. Never its path or query, which may hold another program's secret.
 */
export function ownerOf(address: string): string {
	try {
		const url = new URL(address);
		return /^\/webhook(-test)?\//.test(url.pathname) ? `an n8n webhook at ${url.host}` : url.host;
	} catch {
		return 'an address that is not a URL';
	}
}

/** True when `address` is this node's webhook address, whatever activation it was signed for. */
function isOwnAddress(address: string, webhookUrl: string): boolean {
	return address.split('?')[0] === webhookUrl.split('?')[0];
}

/** True when every webhook the chosen events need still points at this activation. */
export const checkExists = atActivation(async function checkExists(this: IHookFunctions): Promise<boolean> {
	if (isTestListening(this)) return false;
	const data = staticDataOf(this);
	const needed = neededWebhooks(this);
	const sentByMe = wantsSentByMe(this, needed);
	const webhookUrl = this.getNodeWebhookUrl('default') ?? '';
	const { activation, registered } = data;
	if (!activation || needed.some((name) => registered?.[name] !== webhookUrl)) return false;
	// Message Sent by Me chosen or dropped since: the received webhook is set again the other way.
	if (sentByMe !== (data.sentByMeBefore !== undefined)) return false;
	// A Combine Quick Messages added, removed or changed since: its table is found again (arrivals.ts).
	const combine = combineAfterThis(this);
	if (!!combine !== !!data.burstTable || (combine?.waitWhileTyping ?? false) !== !!data.burstTable?.typing) return false;
	// The same for a Send and Wait for Reply and the table its questions wait in.
	if (askerTablesAfterThis(this)[0] !== data.questionTable?.name) return false;
	const instance = await getInstance.call(this);
	const ours = signedUrl(webhookUrl, instance.instanceToken, deliveryScope(this), activation);
	// Unreadable settings answer "no": activating claims the webhooks, so registering the
	// same address again is what the user asked for.
	const current = await readCurrent(this, [...secretsOf(instance), ...secretsOfAddress(ours)]);
	if ('unreadable' in current) return false;
	if (sentByMe && current.sentByMe === false) return false;
	return needed.every((name) => current.addresses[name] === ours);
});

export const create = atActivation(async function create(this: IHookFunctions): Promise<boolean> {
	checkFilterOptions(this.getNode(), this.getNodeParameter('options', {}) as IDataObject);
	const webhookUrl = webhookUrlOf(this);
	const instance = await getInstance.call(this);
	const data = staticDataOf(this);
	const test = isTestListening(this);
	const needed = neededWebhooks(this);
	if (!needed.length) {
		throw new NodeOperationError(this.getNode(), 'No event is chosen', { description: 'Choose at least one event in Events.' });
	}
	const sentByMe = wantsSentByMe(this, needed);
	// Before any webhook is set: a missing credential is said now, with nothing to undo.
	const burstTable = await tableForArrivals.call(this);
	const questionTable = await tableForQuestions.call(this);
	// Re-activation keeps the activation id, so an address already registered stays valid,
	// and what was there before the first activation stays what is put back.
	const again = !test && typeof data.activation === 'string' ? data : undefined;
	const activation = again?.activation ?? newActivationId();
	const url = signedUrl(webhookUrl, instance.instanceToken, deliveryScope(this), activation);
	const secrets = [...secretsOf(instance), ...secretsOfAddress(url)];

	const now = await readCurrent(this, secrets);
	if (test && 'unreadable' in now) throw listeningRefused(this, now.unreadable);
	const before: Before = {};
	for (const name of needed) {
		const known = again?.before?.[name];
		if (known !== undefined) before[name] = known;
		else if ('unreadable' in now) before[name] = null;
		else before[name] = isOwnAddress(now.addresses[name], webhookUrl) ? '' : now.addresses[name];
	}
	const flagBefore = 'unreadable' in now ? null : now.sentByMe;
	const sentByMeBefore = again?.sentByMeBefore !== undefined ? again.sentByMeBefore : flagBefore;
	// Webhooks another workflow of this n8n holds are shared with it (sharing.ts), not taken.
	const shared = await joinHeads(this, data, { needed, now, webhookUrl, activation, instance, sentByMe, test });
	for (const name of [...shared.joined, ...shared.orphaned]) before[name] = '';
	const taking = needed.filter((name) => !shared.joined.includes(name));
	tellTakeOvers(this, taking, now, webhookUrl, test, sentByMe && taking.includes('receivedAndSent') && sentByMeBefore === false);

	// The record is complete before the first PUT: a delivery may come as soon as one lands.
	// A field undefined here is deleted: absent, not undefined, when it does not apply.
	const record: Partial<TriggerStaticData> = {
		activation,
		registered: Object.fromEntries(needed.map((name) => [name, webhookUrl])),
		before,
		deliveryCheck: { instanceId: instance.instanceId, signatureDigest: signatureDigest(new URL(url).searchParams.get(SIGNATURE_PARAM) ?? '') },
		setupWebhook: true,
		sentByMeBefore: sentByMe ? sentByMeBefore : undefined,
		testSession: test || undefined,
		burstTable,
		questionTable,
	};
	for (const [key, value] of Object.entries(record)) {
		if (value === undefined) delete data[key];
		else data[key] = value;
	}
	await pointAt(this, data, taking, url, sentByMe, secrets);
	return true;
});

/**
 * Listening takes the webhooks over from whatever had them (often this workflow's own
 * production address) and puts that back when it ends. When the current addresses cannot
 * be read, the end could only clear the webhooks or leave them on a test address nobody
 * answers any more: a live workflow would stop receiving either way. So listening does not
 * start, and nothing has been changed.
 */
function listeningRefused(context: IHookFunctions, why: string): NodeOperationError {
	return nodeError(context.getNode(), `Listening did not start: Z-API’s current webhook addresses could not be read (${why.replace(/[\s.]+$/, '')})`, {
		description:
			'Listening points the webhooks at the test address and, when it ends, puts back the address that was there, which it reads from the instance settings (GET /me). Nothing was changed. Check the Z-API credentials and that Z-API answers, then listen for a test event again; or activate the workflow to try it with real events.',
	});
}

/** Logs what the activation takes from whom, by host only. */
function tellTakeOvers(context: IHookFunctions, taking: WebhookName[], now: Reading, webhookUrl: string, test: boolean, turnsOnSentByMe: boolean): void {
	const until = test ? 'until listening ends' : 'until the workflow is deactivated';
	if ('unreadable' in now) {
		log(context, 'warn', `registers its webhooks without knowing what they pointed at before (${now.unreadable}); deactivating clears them`);
		return;
	}
	for (const name of taking) {
		const address = now.addresses[name];
		if (address && !isOwnAddress(address, webhookUrl)) log(context, 'info', `takes the ${WEBHOOKS[name].label} webhook over from ${ownerOf(address)} ${until}, then puts it back`);
	}
	if (turnsOnSentByMe) log(context, 'info', `turns on notify sent by me for the whole instance (Message Sent by Me is chosen) ${until}, then turns it off again`);
}

/**
 * Points the webhooks taken at this activation's address. On a failure, what may have landed
 * is put back and the record ended: n8n does not undo a failed activation with this static
 * data (2.41.1 calls delete() with the record saved before, if any).
 */
async function pointAt(context: IHookFunctions, data: TriggerStaticData, taking: WebhookName[], url: string, sentByMe: boolean, secrets: string[]): Promise<void> {
	const test = data.testSession === true;
	// Every webhook a PUT was sent for: the one that failed too, unless the service said it did
	// not take it, as it may have landed all the same (a connection cut after the service took it).
	const touched: WebhookName[] = [];
	try {
		for (const name of taking) {
			touched.push(name);
			await setWebhookAddress.call(context, {
				name,
				address: url,
				shownAs: test ? 'the test address of this workflow' : 'the address of this workflow',
				whatToDo: `Check the credentials and that the instance is connected, then ${test ? 'listen for a test event' : 'activate the workflow'} again.`,
				secrets: secretsOfAddress(url),
				leaveSentByMe: !sentByMe,
			});
		}
	} catch (error) {
		if (wasRefused(error)) touched.pop();
		const summary = await rollBack(context, data, touched, secrets);
		endActivation(data);
		const failure =
			error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error);
		failure.message = followedBy(failure.message, summary);
		throw failure;
	}
}

/** Puts back what a failed activation changed; says what is where now. Never throws. */
async function rollBack(context: IHookFunctions, data: TriggerStaticData, done: WebhookName[], secrets: string[]): Promise<string> {
	const back: string[] = [];
	const left: string[] = [];
	const attempt = async (step: () => Promise<void>, ok: string, failed: string) => {
		try {
			await step();
			back.push(ok);
		} catch (error) {
			left.push(`${failed} (${whyOf(error, secrets)})`);
		}
	};
	for (const name of [...done].reverse()) {
		// Nothing known to put back: cleared, as a deactivation would.
		const address = data.before?.[name] ?? '';
		const webhook = `the ${WEBHOOKS[name].label} webhook`;
		await attempt(() => putBack(context, name, address, secrets), `${webhook} ${address ? `points at ${ownerOf(address)} again` : 'is cleared again'}`, `${webhook} still points at this workflow`);
	}
	if (done.includes('receivedAndSent') && data.sentByMeBefore === false) {
		await attempt(() => turnSentByMeOff(context, secrets), 'notify sent by me is off again', 'notify sent by me is still on');
	}
	const summary = !done.length
		? 'No webhook was changed'
		: left.length
			? `Left registered: ${left.join('; ')}${back.length ? `. Put back: ${back.join('; ')}` : ''}. Fix these in the Z-API panel`
			: `Nothing was left registered: ${back.join('; ')}`;
	log(context, left.length ? 'warn' : 'info', `the activation failed. ${summary}`);
	return summary;
}

/**
 * Puts back what was there before this activation (another program's address, or this
 * workflow's production address at the end of a test session), only where it can prove the
 * webhook still points at it; clears it where nothing was. Anything it cannot prove is left
 * as it is and logged; a failed clean-up is logged, never thrown: deactivation must not fail.
 */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const data = staticDataOf(this);
	if (data.activation && Object.keys(data.registered ?? {}).length) {
		// Webhooks shared with other workflows are left or handed over (sharing.ts); the rest are this one's alone.
		await leaveSharing(this, data);
		if (Object.keys(data.registered ?? {}).length) await clearRegistered(this, data);
	}
	endActivation(data);
	return true;
}

/** What the clean-up knows about one webhook. */
export interface CleanUpFacts {
	/** Where the webhook points now; undefined when the settings could not be read. */
	current: string | undefined;
	/** The address this activation registered. */
	ours: string;
	/** What it pointed at before the activation: '' nothing, null or undefined not known. */
	previous: string | null | undefined;
	/** The activation was a test session. */
	test?: boolean;
}

export type CleanUp = { put: string } | { leave: string; level: 'info' | 'warn' };

/** Tried in order; the first that matches decides. Never clear or overwrite an address not proven ours. */
export const CLEAN_UP_RULES: Array<{ name: string; matches: (facts: CleanUpFacts) => boolean; then: (facts: CleanUpFacts) => CleanUp }> = [
	{
		name: 'unreadable',
		matches: (facts) => facts.current === undefined,
		then: (facts) => ({
			level: 'warn',
			leave: facts.test
				? 'its current address could not be read, so the address from before listening was not put back. If it still points at the test address, deactivate and activate the production workflow again'
				: 'its current address could not be read, so it may belong to another workflow by now. If it still points at this workflow, clear it in the Z-API panel or with the Z-API node',
		}),
	},
	{ name: 'takenOver', matches: (facts) => facts.current !== facts.ours, then: () => ({ level: 'info', leave: 'it now points elsewhere' }) },
	{ name: 'restore', matches: (facts) => typeof facts.previous === 'string', then: (facts) => ({ put: facts.previous as string }) },
	{
		name: 'previousUnknown',
		matches: (facts) => facts.test === true,
		then: () => ({ level: 'warn', leave: 'what it pointed at before listening is not known. Deactivate and activate the production workflow again, if there is one' }),
	},
	// Production, what was there before not known: this workflow's address serves nothing
	// once deactivated, so it is cleared.
	{ name: 'clear', matches: () => true, then: () => ({ put: '' }) },
];

export function cleanUpOf(facts: CleanUpFacts): CleanUp {
	return CLEAN_UP_RULES.find((rule) => rule.matches(facts))!.then(facts);
}

/**
 * Clearing: the docs document no way to clear a webhook and say non-https values are
 * refused. An empty value is sent: it is the only value that cannot send deliveries to
 * anyone (a placeholder https address would send every message to whoever owns it). If the
 * service refuses it, the webhook keeps this workflow's retired address, which n8n no longer
 * serves and whose signature is refused: nothing is delivered anywhere, and the log says so.
 */
const CLEAR_REFUSED =
	'it still points at this workflow’s old address, where nothing is accepted any more; clear or change it in the Z-API panel if needed';

async function clearRegistered(context: IHookFunctions, data: TriggerStaticData): Promise<void> {
	let instance: ZApiInstance;
	try {
		instance = await getInstance.call(context);
	} catch (error) {
		log(context, 'warn', `left its webhooks as they are: ${messageOf(error)}`);
		return;
	}
	const scope = deliveryScope(context);
	const signed = (address: string): string | undefined => {
		try {
			return signedUrl(address, instance.instanceToken, scope, data.activation as string);
		} catch {
			// An address that is not a URL was never sent; there is nothing of ours to clear.
			return undefined;
		}
	};
	const registered = Object.entries(data.registered ?? {}).map(([name, address]) => ({ name, ours: signed(address) }));
	const secrets = [...secretsOf(instance), ...[...registered.map(({ ours }) => ours), ...Object.values(data.before ?? {})].flatMap(secretsOfAddress)];
	const reading = await readCurrent(context, secrets);
	let receivedHandled = false;
	for (const { name, ours } of registered) {
		if (!isWebhookName(name)) {
			log(context, 'warn', `its record names a webhook it does not know (${JSON.stringify(name).slice(0, 60)}); skipped`);
			continue;
		}
		const label = WEBHOOKS[name].label;
		if (!ours) {
			log(context, 'warn', `its record holds no address for the ${label} webhook; left as it is`);
			continue;
		}
		const current = 'addresses' in reading ? reading.addresses[name] : undefined;
		const step = cleanUpOf({ current, ours, previous: data.before?.[name], test: data.testSession === true });
		if ('leave' in step) {
			log(context, step.level, `left the ${label} webhook as it is: ${step.leave}${'unreadable' in reading ? ` (${reading.unreadable})` : ''}`);
			continue;
		}
		try {
			await putBack(context, name, step.put, secrets);
			if (name === 'receivedAndSent') receivedHandled = true;
			if (step.put) log(context, 'info', `put the ${label} webhook back to ${ownerOf(step.put)}`);
		} catch (error) {
			log(context, 'warn', step.put ? `could not restore the ${label} webhook: ${redactSecrets(messageOf(error), secrets)}` : `could not clear the ${label} webhook (${whyOf(error, secrets)}): ${CLEAR_REFUSED}`);
		}
	}
	await restoreSentByMe(context, data, receivedHandled, 'addresses' in reading ? reading.sentByMe : null, secrets);
}

/**
 * Turns "notify messages sent by me" off again when this activation turned it on, only once
 * the received webhook was put back by this clean-up (a program that took it over since may
 * want the setting as it is now).
 */
async function restoreSentByMe(context: IHookFunctions, data: TriggerStaticData, receivedHandled: boolean, now: boolean | null, secrets: string[]): Promise<void> {
	if (data.sentByMeBefore === undefined || data.sentByMeBefore === true || now === false) return;
	if (!receivedHandled) {
		log(context, 'info', 'left notify sent by me as it is: the received/sent messages webhook is no longer this workflow’s');
	} else if (data.sentByMeBefore === null) {
		log(context, 'warn', 'left notify sent by me on: whether it was on before this activation could not be read. Turn it off in the Z-API panel if no program needs it');
	} else {
		try {
			await turnSentByMeOff(context, secrets);
			log(context, 'info', 'turned notify sent by me off again, as it was before');
		} catch (error) {
			log(context, 'warn', `could not turn notify sent by me off again: ${redactSecrets(messageOf(error), secrets)}`);
		}
	}
}
