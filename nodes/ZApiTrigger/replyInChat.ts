import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { ConversationTable, type Row } from '../shared/conversationState/table';
import { learnAndAddContactForms, learnedPairs } from '../shared/lidPairs';
import { helperSender, redactSecrets, secretsOf, sendWithinOrigin, zApiRequest, type ZApiInstance } from '../shared/transport';
import {
	chatFormsOf,
	chosenChoice,
	questionItemOf,
	questionsIn,
	replyCounts,
	signHandOff,
	waitingFor,
	type ReplyHandOff,
	type WaitingReply,
} from '../shared/waitingReplies';
import type { MediaOptions } from '../shared/mediaDownload';
import { isTrue, textOf } from '../shared/delivery/readers';
import { dropRetiredKeys, SHARED_STATIC_DATA_KEYS } from './staticData';

/*
 * A message about to start the workflow, seen first by the conversation features: its
 * phone–LID pairs are learned and both forms put on the items (shared/lidPairs.ts), and when
 * an execution of this workflow waits for this chat's reply (shared/waitingReplies.ts) the
 * message goes to that execution instead of starting one.
 */

export interface ReplyOutcome {
	/** The items, with contactPhone and contactLid. */
	items: IDataObject[];
	/** True when the message went to a waiting execution (or was asked again): start nothing. */
	startsNothing: boolean;
	/** True when the workflow's static data changed (n8n must get the chance to save it). */
	staticDataChanged: boolean;
}

/** How long the waiting execution's address has to answer: it answers before any download. */
const HAND_OFF_TIMEOUT_MS = 15_000;

/**
 * A question's row is kept before it goes out; n8n marks the execution waiting once every
 * question of the run is sent and its id kept, and an answer in between gets 409 "running
 * already". n8n changed nothing then, so asking again is safe.
 */
const STILL_RUNNING_TRIES = 5;
const STILL_RUNNING_PAUSE_MS = 1_000;

/** Whether the waiting execution took the hand-off: n8n ran the node's resume webhook and it accepted. */
async function handOff(this: IWebhookFunctions, instance: ZApiInstance, record: WaitingReply, handOff: ReplyHandOff): Promise<boolean> {
	try {
		for (let attempt = 1; ; attempt++) {
			// The resume address is signed and the hand-off proved: a redirect to another origin is not followed.
			const response = await sendWithinOrigin(
				helperSender(this.helpers),
				{ method: 'POST', url: record.resumeUrl, body: signHandOff(instance.instanceToken, handOff), json: true, timeout: HAND_OFF_TIMEOUT_MS },
			);
			const body = response.body as IDataObject | undefined;
			const stillRunning = response.statusCode === 409 && /running/i.test(textOf(body?.message) ?? '');
			if (stillRunning && attempt < STILL_RUNNING_TRIES) {
				await sleep(STILL_RUNNING_PAUSE_MS);
				continue;
			}
			return response.statusCode < 300 && body?.accepted === true;
		}
	} catch (error) {
		// The address carries the resume token: neither it nor the instance's secrets reach the log.
		const token = /[?&]signature=([^&#]+)/.exec(record.resumeUrl)?.[1];
		const secrets = [...secretsOf(instance), record.resumeUrl, ...(token ? [token, decodeURIComponent(token)] : [])];
		this.logger.warn(`Z-API Trigger: a reply could not be handed to its waiting execution: ${redactSecrets(textOf((error as Error).message) ?? 'unknown error', secrets)}`);
		return false;
	}
}

/** Asks again, in the chat the question went to. Sent once: a send is never repeated. */
async function askAgain(this: IWebhookFunctions, record: WaitingReply, item: IDataObject): Promise<void> {
	try {
		await zApiRequest.call(this, {
			method: 'POST',
			path: '/send-text',
			body: { phone: textOf(item.phone) ?? record.chat, message: record.reaskMessage, messageId: textOf(item.messageId) ?? undefined },
		});
	} catch (error) {
		this.logger.warn(`Z-API Trigger: the question could not be asked again: ${(error as Error).message}`);
	}
}

/**
 * The hook of receive(): learns LIDs, and hands a reply to the execution waiting for it.
 * Among the questions waiting for this chat, the newest whose rule the message meets gets
 * it; when none does, the newest is asked again while it has re-asks left, else it gets the
 * message marked as not counting. A question is taken (its row claimed) before its hand-off,
 * so one message answers it; a waiting execution that is gone (ended at its limit, deleted)
 * leaves its question taken and the next is tried; when none is left the message starts the
 * workflow as usual. Test listening hands nothing off: the waiting executions are production ones.
 *
 * Learning needs no credentials. The questions are read only when a Send and Wait for Reply
 * follows this trigger (`questionTable`, found at activation); the hand-off is signed with
 * the instance token, so `instanceOf` (which reads the credentials) is called only for a
 * message of a chat a question waits for.
 */
export async function replyInChat(
	this: IWebhookFunctions,
	asked: { instanceId: string; questionTable: string | undefined },
	instanceOf: () => Promise<ZApiInstance | undefined>,
	started: IDataObject[],
	media: MediaOptions | undefined,
): Promise<ReplyOutcome> {
	const known: { instance?: ZApiInstance } = {};
	const global = this.getWorkflowStaticData('global');
	const before = SHARED_STATIC_DATA_KEYS.map((key) => global[key]);
	const items = learnAndAddContactForms(this, started);
	const learned = dropRetiredKeys(global) || SHARED_STATIC_DATA_KEYS.some((key, index) => global[key] !== before[index]);
	try {
		const startsNothing = await routeReply.call(this, { ...asked, instanceOf: async () => (known.instance = await instanceOf()), items, media });
		return { items, startsNothing, staticDataChanged: learned };
	} catch (error) {
		// A fault here must not cost the message: it starts the workflow as it would have.
		const secrets = known.instance ? secretsOf(known.instance) : [];
		this.logger.warn(`Z-API Trigger: the message could not be checked for a waiting question: ${redactSecrets(textOf((error as Error | undefined)?.message) ?? 'unknown error', secrets)}`);
		return { items, startsNothing: false, staticDataChanged: learned };
	}
}

/** Whether a question waiting for this message took it (handed off, or asked again). */
async function routeReply(
	this: IWebhookFunctions,
	{ instanceId, questionTable, instanceOf, items, media }: { instanceId: string; questionTable: string | undefined; instanceOf: () => Promise<ZApiInstance | undefined>; items: IDataObject[]; media: MediaOptions | undefined },
): Promise<boolean> {
	const [item] = items;
	if (!questionTable || items.length !== 1 || item.event !== 'message' || isTrue(item.fromMe) || this.getMode() === 'manual') return false;
	const pairs = learnedPairs(this);
	const table = await ConversationTable.at(this, 0, questionTable);
	const rows = new Map<number, Row>();
	for (const form of chatFormsOf(item, pairs)) for (const row of await table.questionsOf(form)) rows.set(row.id, row);
	const byId = (id: number) => rows.get(id)!;
	const candidates = waitingFor(questionsIn([...rows.values()], Date.now()), instanceId, item, pairs);
	if (!candidates.length) return false;
	// Only now the token: a question waits for this chat.
	const instance = await instanceOf();
	// Credentials that cannot be read: the message starts the workflow as it would have (receive logged why).
	if (!instance) return false;

	const counting = candidates.filter(([, record]) => replyCounts(record, item));
	const [[newestId, newest]] = candidates;
	if (!counting.length && newest.reasksLeft > 0) {
		// Asked again only while it waits: another message may have taken it since it was read.
		if (!(await table.changeQuestion(String(byId(newestId).messageId), questionItemOf({ ...newest, reasksLeft: newest.reasksLeft - 1 })))) return false;
		await askAgain.call(this, newest, item);
		return true;
	}
	const chosen: Array<[number, WaitingReply, boolean]> = counting.length ? counting.map(([id, record]) => [id, record, true]) : [[newestId, newest, false]];
	const claimant = `${textOf(item.messageId) ?? 'message'}@${Date.now()}`;
	for (const [id, record, counted] of chosen) {
		if (!(await table.claimQuestion(id, claimant))) continue;
		const taken = await handOff.call(this, instance, record, {
			reply: item,
			counted,
			questionMessageId: record.questionMessageId,
			askedAt: record.askedAt,
			choice: counted ? chosenChoice(record, item) : null,
			...(media ? { media } : {}),
		});
		if (taken) return true;
	}
	return false;
}
