import type { IExecuteFunctions } from 'n8n-workflow';

import { notServedByN8n, placeQuestions } from '../../../../shared/control';
import { fieldOf, isObject, textOf } from '../../../../shared/delivery/readers';
import { InputError } from '../../../../shared/input';
import type { ZApiInstance } from '../../../../shared/transport';
import type { AskedQuestions } from '../../../../shared/waitingReplies';
import { readWebhookSettings } from '../../../../shared/webhooks';

/*
 * How a question reaches the Z-API Trigger that routes its reply (shared/waitingReplies.ts):
 * the trigger receiving the instance's messages is the one whose address the service holds
 * for received messages (GET /me, docs/instance/me.md: `receivedCallbackUrl`). The questions
 * go there as a control request proven with the instance token (shared/control.ts); a
 * trigger of another workflow holding that address passes them on to this workflow's.
 *
 * Asked this way, and not read from the workflow's static data, because a run in queue mode
 * gets none of it (n8n 2.41.1) and a run writing it would overwrite the trigger's.
 */

/**
 * Where the trigger's answer went wrong: what the user sees, and what to do. Checked in order.
 * A network error's text goes in the description: n8n replaces a message naming a code
 * (ECONNREFUSED…) with its own generic one.
 */
const PLACING_FAILURES: Array<{ when: (answer: Answer) => boolean; message: (answer: Answer) => string; hint: string }> = [
	{
		when: (answer) => 'error' in answer,
		message: () => 'This n8n could not reach the Z-API Trigger at its own webhook address',
		hint: "n8n must reach its webhook address (WEBHOOK_URL) from where the workflow runs: in queue mode, from the workers. Check that address, then run the workflow again.",
	},
	{
		when: (answer) => statusOf(answer) === 409,
		message: () => 'The Z-API Trigger is listening for a test event, so no reply can be routed',
		hint: 'Replies in the chat are routed for active workflows only: stop listening, activate the workflow and let a message start it.',
	},
	{
		when: (answer) => fieldOf(bodyOf(answer), 'full') === true,
		message: (answer) =>
			`The Z-API Trigger already keeps ${String(fieldOf(bodyOf(answer), 'waiting'))} questions waiting for this workflow, at most ${String(fieldOf(bodyOf(answer), 'limit'))}`,
		hint: 'None was dropped to make room. Let some of them be answered or reach their limit (a shorter Limit Wait Time frees room sooner), or ask from fewer items at once, then run it again.',
	},
	{
		when: (answer) => statusOf(answer) === 404 && !notServedByN8n(answer),
		message: () => 'No active Z-API Trigger of this workflow receives messages of this instance',
		hint: 'Add a Z-API Trigger with Message Received to this workflow (same credentials) and activate the workflow: it routes the reply to the question.',
	},
	{
		when: notServedByN8n,
		message: () => 'The address the service sends messages to is not served by this n8n any more',
		hint: 'Activate the workflow again: its Z-API Trigger registers a new address at the service.',
	},
	{
		when: (answer) => statusOf(answer) === 401 || statusOf(answer) === 403,
		message: (answer) => `The Z-API Trigger refused the question (HTTP ${statusOf(answer)}: ${textOf(fieldOf(bodyOf(answer), 'error')) ?? 'refused'})`,
		hint: 'The service holds the address of an earlier activation, or the credentials differ from the trigger’s: use the same credentials, deactivate and activate the workflow again.',
	},
	{
		when: (answer) => fieldOf(bodyOf(answer), 'ok') !== true,
		message: (answer) => `The Z-API Trigger did not take the question (HTTP ${statusOf(answer)})`,
		hint: 'Check that the workflow is active and its Z-API Trigger has Message Received chosen, then run it again.',
	},
];

type Answer = Awaited<ReturnType<typeof placeQuestions>>;
const statusOf = (answer: Answer) => ('status' in answer ? answer.status : 0);
const bodyOf = (answer: Answer) => ('body' in answer && isObject(answer.body) ? answer.body : {});

/** Only the host: the address the service holds carries the trigger's signature. */
function hostOf(address: string): string {
	try {
		return new URL(address).host;
	} catch {
		return 'an address that is not a URL';
	}
}

export interface QuestionRoute {
	/**
	 * Replaces this execution's questions at the trigger; throws (InputError) when it did not
	 * take them. False when the trigger found them saved as they are and wrote nothing.
	 */
	place(questions: AskedQuestions): Promise<boolean>;
}

/**
 * The trigger receiving this instance's messages, when it is a Z-API Trigger of this n8n:
 * its address must have the origin of this execution's own resume address (both are n8n's
 * webhook address), so a question's resume token never goes to another program.
 */
export async function routeToTrigger(this: IExecuteFunctions, instance: ZApiInstance, resumeUrl: string): Promise<QuestionRoute> {
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
	const workflowId = String(this.getWorkflow().id ?? '');
	return {
		place: async (questions) => {
			const answer = await placeQuestions(this, address, workflowId, questions, instance.instanceToken);
			const failure = PLACING_FAILURES.find((candidate) => candidate.when(answer));
			if (failure) throw new InputError(failure.message(answer), 'error' in answer ? `${answer.error}. ${failure.hint}` : failure.hint);
			return fieldOf(bodyOf(answer), 'changed') !== false;
		},
	};
}
