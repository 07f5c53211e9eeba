import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getInstance, redactSecrets, secretsOf } from '../shared/transport';
import {
	isWebhookName,
	readWebhookAddresses,
	setWebhookAddress,
	WEBHOOKS,
	type WebhookAddresses,
	type WebhookName,
} from '../shared/webhooks';
import { ACTIVATION_PARAM, newActivationId, SIGNATURE_PARAM, signedUrl } from './deliverySecret';
import { webhooksFor } from './eventChoices';
import { checkFilterOptions } from './filters';
import type { RepeatMemory } from './repeats';

/**
 * What this trigger registered, kept in the workflow's static data (n8n saves it after
 * activation and deactivation, and hands a test session its own copy), never in module
 * memory: in queue mode activation and deliveries run in different processes.
 */
export interface Registration extends IDataObject {
	activation?: string;
	/**
	 * n8n's address put in each webhook, without its query: the signature is not stored, it
	 * is made again from the activation id and the instance token when needed.
	 */
	registered?: Partial<Record<WebhookName, string>>;
	/** Only while listening for a test event: what each webhook pointed at before. */
	testSession?: { previous: Partial<Record<WebhookName, string | null>> };
	/** Deliveries that started an execution lately (repeats.ts). */
	recentDeliveries?: RepeatMemory;
}

export function registrationOf(context: { getWorkflowStaticData(type: string): IDataObject }): Registration {
	return context.getWorkflowStaticData('node') as Registration;
}

/** Binds a signature to this workflow and node, so another trigger's address is not ours. */
export function deliveryScope(context: Pick<IHookFunctions, 'getWorkflow' | 'getNode'>): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
}

/**
 * The secrets a signed address carries: the address, its activation id and its signature
 * (a service may echo the address re-encoded, so each part is redacted on its own too).
 */
export function secretsOfAddress(address: string | null | undefined): string[] {
	if (!address) return [];
	try {
		const query = new URL(address).searchParams;
		return [address, query.get(ACTIVATION_PARAM), query.get(SIGNATURE_PARAM)].filter(
			(part): part is string => Boolean(part),
		);
	} catch {
		return [address];
	}
}

function isTestListening(context: IHookFunctions): boolean {
	return context.getMode() === 'manual';
}

function neededWebhooks(context: IHookFunctions): WebhookName[] {
	return webhooksFor(context.getNodeParameter('events', []) as string[]);
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The current addresses, or why they could not be read (redacted, fit for a log line). */
async function readCurrent(
	context: IHookFunctions,
	secrets: string[],
): Promise<{ addresses: WebhookAddresses } | { unreadable: string }> {
	try {
		return { addresses: await readWebhookAddresses.call(context) };
	} catch (error) {
		return { unreadable: redactSecrets(messageOf(error), secrets) };
	}
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
	if (!failure.message.includes(whatToDo)) {
		failure.message = `${failure.message.replace(/[\s.:]+$/, '')}. ${whatToDo}`;
	}
	return failure;
}

/** The activation boundary: every error leaving the hook it wraps, whoever threw it, passes withWhatToDo. */
function atActivation<T>(hook: (this: IHookFunctions) => Promise<T>): (this: IHookFunctions) => Promise<T> {
	return async function (this: IHookFunctions): Promise<T> {
		try {
			return await hook.call(this);
		} catch (error) {
			throw withWhatToDo(error, this);
		}
	};
}

/** True when every webhook the chosen events need still points at this activation. */
export const checkExists = atActivation(async function checkExists(this: IHookFunctions): Promise<boolean> {
	if (isTestListening(this)) return false;
	const registration = registrationOf(this);
	const needed = neededWebhooks(this);
	const webhookUrl = this.getNodeWebhookUrl('default') ?? '';
	const { activation, registered } = registration;
	if (!activation || needed.some((name) => registered?.[name] !== webhookUrl)) return false;
	const instance = await getInstance.call(this);
	const ours = signedUrl(webhookUrl, instance.instanceToken, deliveryScope(this), activation);
	// Unreadable settings answer "no": activating claims the webhooks, so registering the
	// same address again is what the user asked for.
	const current = await readCurrent(this, [...secretsOf(instance), ...secretsOfAddress(ours)]);
	return 'addresses' in current && needed.every((name) => current.addresses[name] === ours);
});

export const create = atActivation(async function create(this: IHookFunctions): Promise<boolean> {
	checkFilterOptions(this.getNode(), this.getNodeParameter('options', {}) as IDataObject);
	const webhookUrl = webhookUrlOf(this);
	const instance = await getInstance.call(this);
	const registration = registrationOf(this);
	const test = isTestListening(this);
	const needed = neededWebhooks(this);
	if (!needed.length) {
		throw new NodeOperationError(this.getNode(), 'No event is chosen', {
			description: 'Choose at least one event in Events.',
		});
	}
	// Re-activation keeps the activation id, so an address already registered stays valid.
	const activation = (!test && registration.activation) || newActivationId();
	const url = signedUrl(webhookUrl, instance.instanceToken, deliveryScope(this), activation);

	if (test) registration.testSession = { previous: await addressesBeforeListening(this, needed) };
	// Each address is recorded before it is sent: when a later one fails, n8n calls delete()
	// with this static data, and it must undo what did go through (remove() asks /me first,
	// so an address that never landed is left alone).
	const registered: Registration['registered'] = {};
	registration.activation = activation;
	registration.registered = registered;
	for (const name of needed) {
		registered[name] = webhookUrl;
		await setWebhookAddress.call(this, {
			name,
			address: url,
			shownAs: test ? 'the test address of this workflow' : 'the address of this workflow',
			whatToDo: `Check the credentials and that the instance is connected, then ${test ? 'listen for a test event' : 'activate the workflow'} again.`,
			secrets: secretsOfAddress(url),
		});
	}
	return true;
});

/**
 * Listening takes the webhooks over from whatever had them (often this workflow's own
 * production address) and puts that back when it ends. When the current addresses cannot
 * be read, the end could only clear the webhooks or leave them on a test address nobody
 * answers any more: a live workflow would stop receiving either way. So listening does not
 * start, and nothing has been changed.
 */
async function addressesBeforeListening(
	context: IHookFunctions,
	needed: WebhookName[],
): Promise<Partial<Record<WebhookName, string>>> {
	let current: WebhookAddresses;
	try {
		current = await readWebhookAddresses.call(context);
	} catch (error) {
		throw new NodeOperationError(
			context.getNode(),
			`Listening did not start: Z-API’s current webhook addresses could not be read (${messageOf(error).replace(/[\s.]+$/, '')})`,
			{
				description:
					'Listening points the webhooks at the test address and, when it ends, puts back the address that was there, which it reads from the instance settings (GET /me). Nothing was changed. Check the Z-API credentials and that Z-API answers, then listen for a test event again; or activate the workflow to try it with real events.',
			},
		);
	}
	return Object.fromEntries(needed.map((name) => [name, current[name]]));
}

/**
 * Clears what this activation registered, only where it can prove the webhook still points
 * at it. At the end of a test session it puts back what was there before (the production
 * registration of an active workflow). Anything it cannot prove is left as it is and
 * logged; a failed clean-up is logged, never thrown: deactivation must not fail.
 */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const registration = registrationOf(this);
	if (registration.activation && Object.keys(registration.registered ?? {}).length) {
		await clearRegistered(this, registration);
	}
	delete registration.activation;
	delete registration.registered;
	delete registration.testSession;
	delete registration.recentDeliveries;
	return true;
}

/** What the clean-up knows about one webhook. */
export interface CleanUpFacts {
	/** Where the webhook points now; undefined when the settings could not be read. */
	current: string | undefined;
	/** The address this activation registered. */
	ours: string;
	/** Set at the end of a test session: what the webhook pointed at before (null: unknown). */
	testSession?: { previous: string | null | undefined };
}

export type CleanUp = { put: string } | { leave: string; level: 'info' | 'warn' };

/** Tried in order; the first that matches decides. Never clear or overwrite an address not proven ours. */
export const CLEAN_UP_RULES: Array<{ name: string; matches: (facts: CleanUpFacts) => boolean; then: (facts: CleanUpFacts) => CleanUp }> = [
	{
		name: 'unreadable',
		matches: (facts) => facts.current === undefined,
		then: (facts) => ({
			level: 'warn',
			leave: facts.testSession
				? 'its current address could not be read, so the address from before listening was not put back. If it still points at the test address, deactivate and activate the production workflow again'
				: 'its current address could not be read, so it may belong to another workflow by now. If it still points at this workflow, clear it in the Z-API panel or with the Z-API node',
		}),
	},
	{
		name: 'takenOver',
		matches: (facts) => facts.current !== facts.ours,
		then: () => ({ level: 'info', leave: 'it now points elsewhere' }),
	},
	{ name: 'production', matches: (facts) => !facts.testSession, then: () => ({ put: '' }) },
	{
		name: 'previousUnknown',
		matches: (facts) => typeof facts.testSession?.previous !== 'string',
		then: () => ({
			level: 'warn',
			leave: 'what it pointed at before listening is not known. Deactivate and activate the production workflow again, if there is one',
		}),
	},
	{ name: 'restore', matches: () => true, then: (facts) => ({ put: facts.testSession?.previous as string }) },
];

export function cleanUpOf(facts: CleanUpFacts): CleanUp {
	return CLEAN_UP_RULES.find((rule) => rule.matches(facts))!.then(facts);
}

async function clearRegistered(context: IHookFunctions, registration: Registration): Promise<void> {
	const log = (level: 'info' | 'warn', text: string) => context.logger[level](`Z-API Trigger: ${text}`);
	let instanceToken: string;
	let secrets: string[];
	try {
		const instance = await getInstance.call(context);
		instanceToken = instance.instanceToken;
		secrets = secretsOf(instance);
	} catch (error) {
		log('warn', `left its webhooks as they are: ${messageOf(error)}`);
		return;
	}
	const scope = deliveryScope(context);
	const activation = registration.activation as string;
	const session = registration.testSession;
	const registered = Object.entries(registration.registered ?? {});
	const ours = new Map<string, string>();
	for (const [name, address] of registered) {
		try {
			ours.set(name, signedUrl(String(address), instanceToken, scope, activation));
		} catch {
			// An address that is not a URL was never sent; there is nothing of ours to clear.
		}
	}
	for (const address of [...ours.values(), ...Object.values(session?.previous ?? {})]) {
		secrets.push(...secretsOfAddress(address));
	}
	const reading = await readCurrent(context, secrets);
	for (const [name] of registered) {
		const address = ours.get(name);
		if (!isWebhookName(name)) {
			log('warn', `its record names a webhook it does not know (${JSON.stringify(name).slice(0, 60)}); skipped`);
			continue;
		}
		if (!address) {
			log('warn', `its record holds no address for the ${WEBHOOKS[name].label} webhook; left as it is`);
			continue;
		}
		const label = WEBHOOKS[name].label;
		const step = cleanUpOf({
			current: 'addresses' in reading ? reading.addresses[name] : undefined,
			ours: address,
			testSession: session && { previous: session.previous?.[name] },
		});
		if ('leave' in step) {
			const reason = 'unreadable' in reading ? ` (${reading.unreadable})` : '';
			log(step.level, `left the ${label} webhook as it is: ${step.leave}${reason}`);
			continue;
		}
		try {
			await setWebhookAddress.call(context, {
				name,
				address: step.put,
				shownAs: 'the address from before listening',
				whatToDo: 'Check the webhook in the Z-API panel.',
				secrets,
			});
		} catch (error) {
			log('warn', `could not ${step.put ? 'restore' : 'clear'} the ${label} webhook: ${redactSecrets(messageOf(error), secrets)}`);
		}
	}
}
