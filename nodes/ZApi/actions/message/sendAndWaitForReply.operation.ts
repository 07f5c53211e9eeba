import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { sleep, WAIT_INDEFINITELY } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../../shared/input';
import { getInstance } from '../../../shared/transport';
import type { AskedQuestions, ReplyRule, WaitingReply } from '../../../shared/waitingReplies';
import { errorItem, itemError } from '../itemErrors';
import { readAnsweredChat } from '../answeredChat';
import { sentItemsOf } from '../sentItems';
import type { ItemRead, ZApiOperation } from '../types';
import { waitLimit } from './helpers';
import { ANSWER_RULES, DEFAULT_LIMIT, DEFAULT_REASK_MESSAGE, QUESTION_KINDS, sendAndWaitForReplyProperties } from './sendAndWaitForReply/properties';
import { routeToTrigger, type QuestionRoute } from './sendAndWaitForReply/routing';

export const SEND_AND_WAIT_FOR_REPLY = 'sendAndWaitForReply';

/**
 * How many times the questions are placed until the trigger finds them saved, and the pauses
 * between (placeAndConfirm).
 */
const CONFIRM_ROUNDS = 14;
/** How many times in a row the trigger must find them saved as they are. */
const CONFIRMATIONS = 2;
const CONFIRM_PAUSE_MS = 250;
const CONFIRM_SPREAD_MAX_MS = 4_000;

const questionKindOf = (context: IExecuteFunctions, itemIndex: number) => {
	const value = context.getNodeParameter('questionType', itemIndex, 'text');
	const kind = QUESTION_KINDS.find((candidate) => candidate.value === value);
	if (!kind) throw new InputError(`Question Type '${String(value)}' is not known`, `Choose one of ${QUESTION_KINDS.map((k) => k.name).join(', ')}.`);
	return kind;
};

/** Everything one item's wait needs besides the sent question, read and checked before any send. */
function readItem(context: IExecuteFunctions, itemIndex: number) {
	const read = (name: string, fallback?: unknown) => context.getNodeParameter(name, itemIndex, fallback);
	const kind = questionKindOf(context, itemIndex);
	const ruleName = read('answerRule', 'anyMessage');
	const answerRule = ANSWER_RULES.find((candidate) => candidate.value === ruleName);
	if (!answerRule) throw new InputError(`Answer Must Be '${String(ruleName)}' is not known`, `Choose one of ${ANSWER_RULES.map((r) => r.name).join(', ')}.`);
	const rule: ReplyRule = answerRule.rule(read, () => kind.choices(read));
	const reaskTimes = rule.type === 'anyMessage' ? 0 : Number(read('reaskTimes', 2));
	if (!Number.isInteger(reaskTimes) || reaskTimes < 0) throw new InputError(`Ask Again Times '${String(reaskTimes)}' is not a whole number of 0 or more`, 'Set it to 0 to never ask again, or to how many times to ask.');
	const reaskMessage = String(read('reaskMessage', DEFAULT_REASK_MESSAGE) ?? '').trim();
	if (reaskTimes > 0 && !reaskMessage) throw new InputError('Ask Again Message is empty', 'Write what to say when a message does not count, or set Ask Again Times to 0.');
	const options = (read('options', {}) ?? {}) as IDataObject;
	const from = String(options.answerFrom ?? '').trim();
	return {
		kind,
		phone: readAnsweredChat.call(context, itemIndex),
		rule,
		reaskTimes,
		reaskMessage,
		from: from ? normalizeChatId(from) : null,
	};
}

/** Until when to wait: always limited, an hour when no limit is set. */
function waitTillOf(context: IExecuteFunctions, now: Date): Date {
	const until = waitLimit((name, fallback) => context.getNodeParameter(name, 0, fallback), now);
	return until.getTime() === WAIT_INDEFINITELY.getTime() ? waitLimit(() => DEFAULT_LIMIT, now) : until;
}

/**
 * n8n's waiting-webhook address of this execution and node, with the resume token n8n 2.x
 * checks for it (`$execution.resumeUrl`, plus the node's id as the path the webhook serves).
 */
function resumeUrlOf(context: IExecuteFunctions): string {
	const url = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${context.getNode().id}`;
	return url.toString();
}

/**
 * Checks everything first (the limit, then every item), so bad input stops the node before
 * any question goes out. Tells the Z-API Trigger what each question waits for (routing.ts),
 * until it confirms them saved, before sending any, then sends each item's question through
 * the send operation of its kind, gives the trigger the sent questions' ids, and puts the
 * execution to wait.
 * The first answer from any of the chats goes on with the workflow (marked replied: true); at
 * the limit n8n passes the input items on unchanged, as it does for every wait with a limit
 * (Send and Wait for Response included).
 */
async function askThenWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const now = new Date();
	const failed: INodeExecutionData[] = [];
	const fail = (caught: unknown, item: number) => {
		const error = itemError(this, caught, item);
		if (!this.continueOnFail()) throw error;
		failed.push(errorItem(error, item));
	};
	let waitTill: Date;
	try {
		waitTill = waitTillOf(this, now);
	} catch (caught) {
		items.forEach((_item, index) => fail(caught, index));
		return [failed];
	}
	const asks: Array<{ item: number; ask: ReturnType<typeof readItem> }> = [];
	items.forEach((_item, item) => {
		try {
			asks.push({ item, ask: readItem(this, item) });
		} catch (caught) {
			fail(caught, item);
		}
	});
	if (!asks.length) return [failed];

	const execution = String(this.getExecutionId());
	const resumeUrl = resumeUrlOf(this);
	const recordOf = (ask: ReturnType<typeof readItem>, instanceId: string, questionMessageId: string | null): WaitingReply => ({
		instanceId,
		chat: ask.phone,
		chatOtherForm: null,
		from: ask.from,
		resumeUrl,
		questionMessageId,
		askedAt: now.getTime(),
		expiresAt: waitTill.getTime(),
		rule: ask.rule,
		reasksLeft: ask.reaskTimes,
		reaskMessage: ask.reaskMessage,
	});
	let instanceId: string;
	let route: QuestionRoute;
	try {
		const instance = await getInstance.call(this);
		instanceId = instance.instanceId;
		route = await routeToTrigger.call(this, instance, resumeUrl);
		await placeAndConfirm.call(this, route, { execution, records: Object.fromEntries(asks.map(({ item, ask }) => [`${execution}#${item}`, recordOf(ask, instanceId, null)])) });
	} catch (caught) {
		// Every refusal of routing.ts comes before any send: the item's error says so.
		const nothingSent = caught instanceof InputError ? new InputError(caught.message, `${caught.description} Nothing was sent.`) : caught;
		asks.forEach(({ item }) => fail(nothingSent, item));
		return [failed];
	}

	const sentItems = sentItemsOf(this);
	const records: Record<string, WaitingReply> = {};
	for (const { item, ask } of asks) {
		try {
			const [sent] = await sentItems.once(item, async () => await ask.kind.send.execute.call(this, item));
			records[`${execution}#${item}`] = recordOf(ask, instanceId, textOf((sent as IDataObject).messageId));
		} catch (caught) {
			fail(caught, item);
		}
	}
	try {
		// Again, with the questions' ids (the output names the question answered, a poll's vote is
		// matched by it) and without those that could not be sent, confirmed the same way. A save
		// overwriting these was loaded after the first confirmation: it keeps the records.
		await placeAndConfirm.call(this, route, { execution, records });
	} catch (caught) {
		this.logger.warn(`Z-API Send and Wait for Reply: the sent questions' ids could not be given to the Z-API Trigger: ${(caught as Error).message}`);
	}
	if (!Object.keys(records).length) return [failed];
	await this.putExecutionToWait(waitTill);
	return [
		items.map((item, index) => ({
			json: item.json,
			pairedItem: { item: index },
		})),
	];
}

/**
 * Places the questions, then again after a pause until the trigger has found them saved as
 * they are twice in a row (shared/waitingReplies.ts: static data is saved whole, so runs
 * asking at once overwrite each other). Done before the questions go out, so no answer waits
 * on it. Throws when the trigger refuses.
 *
 * Twice: a save that overwrites the records was read before they were saved and lands after
 * them; one that lands after the first finding is seen by the second, and the questions are
 * placed again. The pause (pauseBefore) is random, so runs that asked at once no longer write
 * at once, and its spread doubles with each round that had to write again, so twenty runs
 * asking at the same moment spread out instead of overwriting each other round after round.
 * It is never shorter than twice the slowest placement seen: under load every handling of the
 * trigger, and so every save that could overwrite, takes longer.
 */
async function placeAndConfirm(this: IExecuteFunctions, route: QuestionRoute, questions: AskedQuestions): Promise<void> {
	let slowestMs = 0;
	let writes = 0;
	let foundSaved = 0;
	for (let round = 1; round <= CONFIRM_ROUNDS; round++) {
		if (round > 1) await sleep(pauseBefore(writes, slowestMs));
		const started = Date.now();
		const changed = await route.place(questions);
		slowestMs = Math.max(slowestMs, Date.now() - started);
		if (changed) {
			writes++;
			foundSaved = 0;
		} else if (++foundSaved === CONFIRMATIONS) {
			return;
		}
	}
	this.logger.warn('Z-API Send and Wait for Reply: the Z-API Trigger did not confirm the questions saved; their replies may start the workflow instead');
}

/** The pause before the next placement, after `writes` rounds that wrote, in ms. */
export function pauseBefore(writes: number, slowestMs: number, random = Math.random()): number {
	const spread = Math.min(CONFIRM_SPREAD_MAX_MS, CONFIRM_PAUSE_MS * 2 ** writes);
	return Math.max(CONFIRM_PAUSE_MS, 2 * slowestMs) + Math.floor(random * spread);
}

function textOf(value: unknown): string | null {
	return typeof value === 'string' && value ? value : null;
}

export const sendAndWaitForReply: ZApiOperation = {
	value: SEND_AND_WAIT_FOR_REPLY,
	name: 'Send and Wait for Reply',
	action: 'Ask a question and wait for the reply in the chat',
	description:
		"Send a question (text, buttons, option list or poll) and pause the workflow until the person answers in the WhatsApp chat; the answer is the output, with the choice picked as 'choice' (position, label, ID), typed or pressed. Needs the Z-API Trigger in the same workflow.",
	properties: sendAndWaitForReplyProperties,
	orderedBy: 'phone',
	answersChat: true,
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		// Used as a tool, or item by item: the question is sent, nothing waits.
		return (await questionKindOf(this, itemIndex).send.execute.call(this, itemIndex, read)) as IDataObject[];
	},
	executeAllItems: askThenWait,
};
