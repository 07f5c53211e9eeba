import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { sendToTrigger } from './control';
import { isObject } from '../shared/delivery/readers';
import { deliveryScope, secretsOfAddress, signedUrl } from '../shared/signedAddress';
import { messageOf, redactSecrets, type ZApiInstance } from '../shared/transport';
import { addressOf, sendControl, sharingOf, workflowOf } from './sharing';
import { afterRelay, membersIn, relayTargets, webhooksOfDelivery, type Member } from './sharingRules';
import type { TriggerStaticData } from './staticData';

/*
 * A head passing each delivery on to its members (sharing.ts says who they are), for the
 * sharing stage of receiving (receive.ts, share), after the replies and before the head's own
 * media, record and execution. The head answers the service first, so no member makes it wait, then sends
 * the delivery to every member at once, marked as passed on (a member never passes one on
 * again), and does not wait for them, but for a message a member's waiting question may take:
 * then its execution waits for each member's first try. The members' failures are recorded
 * through a report the head sends itself once the tries ended (static data written after
 * webhook() returned is not saved).
 */

/** The header a passed-on delivery carries. */
export const RELAYED_HEADER = 'x-zapi-trigger-relayed';
/** The header of a passed-on message that answered a question waiting in the head's workflow. */
export const ANSWERED_HEADER = 'x-zapi-trigger-answered';
/**
 * Passing a delivery on: tries per member, the pauses between them, and how long each try
 * waits. The service has its answer already, and the head's execution does not wait for
 * them, so they are patient: a member's n8n busy with a burst (in single mode, the head's own
 * process) still gets the delivery. They bound how long a delivery is in flight for a member
 * that never answers (about 3 × 5 s + 2.5 s).
 */
const RELAY_TRIES = 3;
const RELAY_PAUSES_MS = [500, 2_000];
const RELAY_TIMEOUT_MS = 5_000;
/**
 * How long the head's execution waits at most for its members' first tries (receive.ts, share): as
 * long as a try may take, so a member whose question takes the message while its n8n is busy
 * still keeps the head from starting on it.
 */
const FIRST_TRIES_WAIT_MS = RELAY_TIMEOUT_MS;

/** The members a delivery the service sent to this head goes on to; none for one passed on already. */
export function relayTargetsOf(context: IWebhookFunctions, data: TriggerStaticData, body: unknown): Member[] {
	const members = sharingOf(data).members;
	if (!Array.isArray(members) || !members.length || !isObject(body)) return [];
	if ((context.getHeaderData() as IDataObject)[RELAYED_HEADER] !== undefined) return [];
	return relayTargets(membersIn(members), webhooksOfDelivery(body));
}

/** What the members said: whether one of them handed the message to a question waiting there. */
export interface RelayOutcome {
	answeredElsewhere: boolean;
}

/**
 * A delivery being passed on. `firstTries`: settles once every member answered its first try
 * or that try failed (what the head needs to decide whether its own workflow starts on a
 * message a member's question took). `settled`: once every member took it or had all its
 * tries and the head's report of them was sent. Neither rejects.
 */
export interface Relay {
	firstTries: Promise<RelayOutcome>;
	settled: Promise<void>;
}

/** Nothing to pass on. */
export const NO_RELAY: Relay = { firstTries: Promise.resolve({ answeredElsewhere: false }), settled: Promise.resolve() };

/**
 * What the members' first tries said, waiting FIRST_TRIES_WAIT_MS at most: a member slower
 * than that counts as not answering the message (its tries go on).
 */
export async function firstAnswersOf(relay: Relay): Promise<RelayOutcome> {
	return await Promise.race([relay.firstTries, sleep(FIRST_TRIES_WAIT_MS).then(() => ({ answeredElsewhere: false }))]);
}

/**
 * Passes a delivery on to `targets`, all at once, once the head answered the service (so no
 * member makes the service wait). Returns at once: webhook() does not wait for the members,
 * so the head's own execution starts without them (receive.ts waits for the first tries only
 * when a member's waiting question may take the message). Each member gets RELAY_TRIES tries,
 * each limited to RELAY_TIMEOUT_MS, with the pauses of RELAY_PAUSES_MS between.
 *
 * The tries end after webhook() returned, when n8n has saved the static data already: what
 * they changed there would be lost. So the head reports the members' outcomes to itself,
 * a control request to its own signed address ('relayed'), whose webhook() writes them and
 * n8n saves them (answerControl; sharingRules.ts, afterRelay, drops a member that failed
 * repeatedly over a while). Sent only when a member's record changes: one that failed, or
 * took a delivery after failures.
 *
 * If the head's process stops in the middle (n8n stopped, crashed, or a queue-mode webhook
 * process ended), the members not reached yet miss that delivery: the service has had its
 * answer and does not send it again. Chosen that way so that no member makes the service
 * wait; the tries start right after the answer, all at once, so that window is one request
 * long for members that answer. Nothing is counted against a member then: a failure counts
 * only once all its tries have ended and the report arrived, so a head stopping never drops
 * a member. `answeredHere`: the message went to a question waiting in this workflow; members
 * then start nothing unless their trigger's Start on Answers Elsewhere is on. Never throws.
 */
export function relayToMembers(
	context: IWebhookFunctions,
	instance: ZApiInstance,
	data: TriggerStaticData,
	body: unknown,
	targets: Member[],
	answeredHere: boolean,
): Relay {
	if (!targets.length) return NO_RELAY;
	const headers: Record<string, string> = { [RELAYED_HEADER]: '1', ...(answeredHere ? { [ANSWERED_HEADER]: '1' } : {}) };
	// The head's own signed address, for the report: made now, from the record webhook() read.
	const activation = typeof data.activation === 'string' ? data.activation : undefined;
	const own = activation ? signedUrl(context.getNodeWebhookUrl('default') ?? '', instance.instanceToken, deliveryScope(context), activation) : undefined;
	const firsts: Array<Promise<boolean>> = [];
	const runs = targets.map((member) => {
		let firstAnswered: (answered: boolean) => void = () => {};
		firsts.push(new Promise<boolean>((resolve) => (firstAnswered = resolve)));
		return (async () => {
			const address = addressOf(member, instance.instanceToken);
			let last = '';
			try {
				for (let attempt = 0; attempt < RELAY_TRIES; attempt++) {
					if (attempt > 0) await sleep(RELAY_PAUSES_MS[attempt - 1]);
					const answer = await sendToTrigger(context, address, { method: 'POST', body, headers, secrets: [instance.instanceToken], timeoutMs: RELAY_TIMEOUT_MS });
					if ('status' in answer && answer.status >= 200 && answer.status < 300) {
						const answered = isObject(answer.body) && answer.body.answered === true;
						firstAnswered(answered);
						return { member, took: true };
					}
					firstAnswered(false);
					last = 'error' in answer ? answer.error : `HTTP ${answer.status}`;
				}
			} catch (error) {
				last = redactSecrets(messageOf(error), [...secretsOfAddress(address), instance.instanceToken]);
			}
			firstAnswered(false);
			context.logger.warn(`Z-API Trigger: could not pass a delivery on to ${workflowOf(member.scope)} after ${RELAY_TRIES} tries (${last})`);
			return { member, took: false };
		})();
	});
	const firstTries = Promise.all(firsts).then((answers) => ({ answeredElsewhere: answers.some((answered) => answered) }));
	const settled = Promise.all(runs)
		.then(async (results) => await reportRelay(context, instance, own, results))
		.catch((error: unknown) => {
			context.logger.warn(`Z-API Trigger: could not finish passing a delivery on (${redactSecrets(messageOf(error), [instance.instanceToken])})`);
		});
	return { firstTries, settled };
}

/** Sends the head the outcomes that change its members' records (see relayToMembers). */
async function reportRelay(context: IWebhookFunctions, instance: ZApiInstance, own: string | undefined, results: Array<{ member: Member; took: boolean }>): Promise<void> {
	const at = Date.now();
	// As the static data read for this delivery shows them; the head applies them to what it holds then.
	const outcomes = results
		.filter(({ member, took }) => afterRelay(member, took, at) !== member)
		.map(({ member, took }) => ({ scope: member.scope, activation: member.activation, took }));
	if (!outcomes.length) return;
	if (!own) return;
	const answer = await sendControl(context, own, { op: 'relayed', at, outcomes }, instance.instanceToken);
	if (answer !== true) {
		context.logger.warn(`Z-API Trigger: could not record which workflows took a delivery passed on (${answer}); a member that failed is counted on its next failure`);
	}
}

/** Logged when a message taken by a question waiting in another workflow starts nothing here. */
export const ANSWERED_ELSEWHERE = 'Z-API Trigger: a message that answered a question waiting in another workflow started nothing (Start on Answers Elsewhere is off)';
