import type { IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../../shared/input';
import { readWebhookSettings } from '../../../../shared/webhooks';

/*
 * Where a reply is routed from: the Z-API Trigger receiving the instance's messages, the one
 * whose address the service holds for received messages (GET /me, docs/instance/me.md:
 * `receivedCallbackUrl`). It reads the questions of the Send and Wait for Reply after it from
 * the conversation table (ZApiTrigger/replyInChat.ts), so the question must be asked from an
 * active workflow with that trigger, and the service must send to this n8n.
 */

/** Only the host: the address the service holds carries the trigger's signature. */
function hostOf(address: string): string {
	try {
		return new URL(address).host;
	} catch {
		return 'an address that is not a URL';
	}
}

/** n8n's path for a trigger listening for a test event. */
const TEST_PATH = /\/webhook-test\//;

/**
 * Throws (InputError, before anything is sent) when no Z-API Trigger of this n8n can route the
 * reply: a manual run of a workflow that is not active, the service sends received messages to another program
 * (whose origin is not this execution's resume address's: both are n8n's webhook address, so a
 * question's resume token never goes elsewhere), or a trigger is listening for a test event.
 */
export async function checkTriggerRoutes(this: IExecuteFunctions, resumeUrl: string): Promise<void> {
	// Only a manual run can come from a workflow that is not active; and a queue-mode worker
	// reads every workflow as not active (n8n 2.41.1: the execution's copy of it holds neither
	// `active` nor its active version), so production runs are not asked.
	if (this.getMode() === 'manual' && this.getWorkflow().active !== true) {
		throw new InputError(
			'No active Z-API Trigger of this workflow receives messages of this instance',
			'Add a Z-API Trigger with Message Received to this workflow (same credentials) and activate the workflow: it routes the reply to the question.',
		);
	}
	const address = (await readWebhookSettings.call(this)).addresses.receivedAndSent;
	const ours = (() => {
		try {
			return !!address && new URL(address).origin === new URL(resumeUrl).origin;
		} catch {
			return false;
		}
	})();
	if (!ours) {
		throw new InputError(
			'No Z-API Trigger of this n8n receives messages of this instance',
			`The service sends received messages ${address ? `to ${hostOf(address)}` : 'nowhere'}, not to this n8n (${hostOf(resumeUrl)}). Activate this workflow with its Z-API Trigger (Message Received chosen, same credentials): it routes the reply to the question.`,
		);
	}
	if (TEST_PATH.test(new URL(address).pathname)) {
		throw new InputError(
			'The Z-API Trigger is listening for a test event, so no reply can be routed',
			'Replies in the chat are routed for active workflows only: stop listening, activate the workflow and let a message start it.',
		);
	}
}
