import type { IDataObject } from 'n8n-workflow';

import { LID_PAIRS_KEY } from '../shared/lidPairs';
import type { WebhookName } from '../shared/webhooks';

/*
 * Everything the trigger keeps, in one place: the workflow's static data of the node, never
 * module memory (in queue mode activation, deliveries and executions run in different
 * processes). n8n saves it after activation and deactivation, and after a delivery whose
 * webhook() changed it; a test session gets its own copy that is not saved.
 */

/**
 * The workflow's shared part (`global`), beside the node's own record above: what the trigger
 * writes there for the Z-API node of the same workflow, each kept and documented in its own
 * module. Not touched by activation or deactivation: pairs stay learned across a reactivation.
 * - LID_PAIRS_KEY: phone–LID pairs learned from deliveries (shared/lidPairs.ts).
 */
export const SHARED_STATIC_DATA_KEYS = [LID_PAIRS_KEY] as const;

/** Keys of the shared part earlier versions wrote (waiting and ended questions, now rows of the conversation table). */
export const RETIRED_GLOBAL_KEYS = ['zApiWaitingReplies', 'zApiEndedQuestions'] as const;

/** Removes them from the shared part when there (nothing reads them now, and every delivery would load them): true when it did. */
export function dropRetiredKeys(shared: IDataObject): boolean {
	const there = RETIRED_GLOBAL_KEYS.filter((key) => key in shared);
	for (const key of there) delete shared[key];
	return there.length > 0;
}

/** What a webhook pointed at before an activation took it: '' nothing, null not known. */
export type Before = Partial<Record<WebhookName, string | null>>;

export interface TriggerStaticData extends IDataObject {
	/** The current activation id (shared/signedAddress.ts); absent when not active. */
	activation?: string;
	/**
	 * n8n's address put in each webhook, without its query: the signature is not stored, it
	 * is made again from the activation id and the instance token when needed.
	 */
	registered?: Partial<Record<WebhookName, string>>;
	/** What each registered webhook pointed at before; put back when the activation ends. */
	before?: Before;
	/**
	 * The instance's "notify messages sent by me" setting before the activation turned it on
	 * (null: not known); absent when the activation left it as it was.
	 */
	sentByMeBefore?: boolean | null;
	/** Set while listening for a test event. */
	testSession?: boolean;
	/** Activation ids ended lately, newest last: their addresses stay refused (shared/signedAddress.ts). */
	retired?: string[];
	/** Deliveries that started an execution lately (repeats.ts; an object in earlier versions). */
	recentDeliveries?: string | IDataObject;
	/**
	 * What a delivery is checked against without reading the credentials (shared/signedAddress.ts,
	 * signatureDigest): the instance and the digest of the current address's signature.
	 */
	deliveryCheck?: DeliveryCheck;
	/**
	 * The conversation table the trigger records arrivals in (arrivals.ts), set at activation when
	 * a Combine Quick Messages follows: all a delivery needs to know of it. `typing`: the node
	 * waits while a person types, so the trigger records chat presence too.
	 */
	burstTable?: BurstTable;
	/** The conversation table the questions of the Send and Wait for Reply after this trigger wait in (arrivals.ts). */
	questionTable?: { id: string; name: string };
	/**
	 * Set by an activation of a version with the `setup` webhook: n8n registered it with the
	 * activation. Absent, the activation is older and control requests come to `default` (receive.ts).
	 */
	setupWebhook?: true;
}

export type BurstTable = { id: string; name: string; typing?: true };

export interface DeliveryCheck extends IDataObject {
	instanceId: string;
	signatureDigest: string;
}

/** The saved check of the current activation, when the record holds a whole one. */
export function deliveryCheckOf(data: TriggerStaticData): (DeliveryCheck & { activation: string }) | undefined {
	const check = data.deliveryCheck;
	if (typeof data.activation !== 'string' || !check || typeof check !== 'object') return undefined;
	const { instanceId, signatureDigest } = check as IDataObject;
	if (typeof instanceId !== 'string' || !instanceId || typeof signatureDigest !== 'string' || !/^[0-9a-f]{64}$/.test(signatureDigest)) {
		return undefined;
	}
	return { instanceId, signatureDigest, activation: data.activation };
}

/** How many ended activation ids are kept: only those of the last minutes matter. */
const RETIRED_KEPT = 10;

export function staticDataOf(context: { getWorkflowStaticData(type: string): IDataObject }): TriggerStaticData {
	return context.getWorkflowStaticData('node') as TriggerStaticData;
}

/** Ends the activation record; its id joins the retired ones. The repeat memory goes too. */
export function endActivation(data: TriggerStaticData): void {
	if (typeof data.activation === 'string') {
		const retired = Array.isArray(data.retired) ? data.retired.filter((id) => typeof id === 'string') : [];
		// Assigned, not changed in place: n8n saves static data only when it sees a change.
		data.retired = [...retired.filter((id) => id !== data.activation), data.activation].slice(-RETIRED_KEPT);
	}
	for (const key of ['activation', 'registered', 'before', 'sentByMeBefore', 'testSession', 'recentDeliveries', 'deliveryCheck', 'burstTable', 'questionTable', 'setupWebhook'] as const) {
		delete data[key];
	}
}
