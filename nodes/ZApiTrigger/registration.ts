import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	getInstance,
	notConfirmedError,
	redactSecrets,
	secretsOf,
	zApiRequest,
	type ZApiInstance,
} from '../shared/transport';
import { WEBHOOKS, type WebhookName } from '../shared/webhooks';
import { newActivationId, signedUrl } from './deliverySecret';
import { webhooksFor } from './eventChoices';
import { checkFilterOptions } from './filters';

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
}

export function registrationOf(context: { getWorkflowStaticData(type: string): IDataObject }): Registration {
	return context.getWorkflowStaticData('node') as Registration;
}

/** Binds a signature to this workflow and node, so another trigger's address is not ours. */
export function deliveryScope(context: Pick<IHookFunctions, 'getWorkflow' | 'getNode'>): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
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

/** The current address of each webhook, from the service's settings; undefined if unreadable. */
async function currentAddresses(context: IHookFunctions): Promise<Partial<Record<WebhookName, string>> | undefined> {
	try {
		const settings = (await zApiRequest.call(context, { method: 'GET', path: '/me' })) as IDataObject;
		const out: Partial<Record<WebhookName, string>> = {};
		for (const [name, webhook] of Object.entries(WEBHOOKS) as Array<[WebhookName, (typeof WEBHOOKS)[WebhookName]]>) {
			const value = settings?.[webhook.settingsField];
			out[name] = typeof value === 'string' ? value : '';
		}
		return out;
	} catch {
		// Compatible servers may lack this read; callers fall back to static data.
		return undefined;
	}
}

async function putAddress(context: IHookFunctions, name: WebhookName, value: string): Promise<void> {
	const answer = (await zApiRequest.call(context, {
		method: 'PUT',
		path: WEBHOOKS[name].endpoint,
		body: { value },
	})) as IDataObject | undefined;
	if (answer?.value === false) {
		throw notConfirmedError(
			context.getNode(),
			`set the ${WEBHOOKS[name].label} webhook`,
			answer,
			'Check the credentials and that the instance is connected, then activate again.',
		);
	}
}

/** True when every webhook the chosen events need still points at this activation. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	if (isTestListening(this)) return false;
	const registration = registrationOf(this);
	const needed = neededWebhooks(this);
	const webhookUrl = this.getNodeWebhookUrl('default') ?? '';
	const { activation, registered } = registration;
	if (!activation || needed.some((name) => registered?.[name] !== webhookUrl)) return false;
	const current = await currentAddresses(this);
	if (current === undefined) return false;
	const instance = await getInstance.call(this);
	const ours = signedUrl(webhookUrl, instance.instanceToken, deliveryScope(this), activation);
	return needed.every((name) => current[name] === ours);
}

export async function create(this: IHookFunctions): Promise<boolean> {
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

	if (test) {
		const current = await currentAddresses(this);
		registration.testSession = {
			previous: Object.fromEntries(needed.map((name) => [name, current?.[name] ?? null])),
		};
	}
	// Each address is recorded before it is sent: when a later one fails, n8n calls delete()
	// with this static data, and it must undo what did go through (remove() asks /me first,
	// so an address that never landed is left alone).
	const registered: Registration['registered'] = {};
	registration.activation = activation;
	registration.registered = registered;
	for (const name of needed) {
		registered[name] = webhookUrl;
		await putAddress(this, name, url);
	}
	return true;
}

/**
 * Clears what this activation registered, only where it still points at it. At the end of
 * a test session it puts back what was there before (the production registration of an
 * active workflow). A failed clean-up is logged, never thrown: deactivation must not fail.
 */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const registration = registrationOf(this);
	if (registration.activation && Object.keys(registration.registered ?? {}).length) {
		await clearRegistered(this, registration);
	}
	delete registration.activation;
	delete registration.registered;
	delete registration.testSession;
	return true;
}

async function clearRegistered(context: IHookFunctions, registration: Registration): Promise<void> {
	let instance: ZApiInstance | undefined;
	try {
		instance = await getInstance.call(context);
		const current = await currentAddresses(context);
		const scope = deliveryScope(context);
		for (const [name, address] of Object.entries(registration.registered ?? {}) as Array<[WebhookName, string]>) {
			const ours = signedUrl(address, instance.instanceToken, scope, registration.activation as string);
			const label = WEBHOOKS[name].label;
			if (current && current[name] !== ours) {
				context.logger.info(`Z-API Trigger: the ${label} webhook now points elsewhere; left as it is`);
				continue;
			}
			const previous = registration.testSession?.previous[name];
			const restore = previous && previous !== ours ? previous : '';
			try {
				await putAddress(context, name, restore);
			} catch (error) {
				context.logger.warn(
					`Z-API Trigger: could not ${restore ? 'restore' : 'clear'} the ${label} webhook: ${redactSecrets((error as Error).message, [...secretsOf(instance), ours, restore])}`,
				);
			}
		}
	} catch (error) {
		context.logger.warn(
			`Z-API Trigger: clean-up of its webhooks failed: ${redactSecrets((error as Error).message, instance ? secretsOf(instance) : [])}`,
		);
	}
}
