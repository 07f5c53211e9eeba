import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../../shared/input';
import { getInstance } from '../../../shared/transport';
import { SEND_AND_WAIT_FOR_REPLY as ASKER } from '../../../shared/combineLink';
import { ConversationTable } from '../../../shared/conversationState/table';
import { questionItemOf, questionKeyOf, type ReplyRule, type WaitingReply } from '../../../shared/waitingReplies';
import { readTableName } from '../conversation/helpers';
import { errorItem, itemError } from '../itemErrors';
import { readAnsweredChat } from '../answeredChat';
import { sentItemsOf } from '../sentItems';
import type { ItemRead, ZApiOperation } from '../types';
import { waitLimit } from './helpers';
import { ANSWER_RULES, DEFAULT_LIMIT, DEFAULT_REASK_MESSAGE, QUESTION_KINDS, sendAndWaitForReplyProperties } from './sendAndWaitForReply/properties';
import { checkTriggerRoutes } from './sendAndWaitForReply/routing';

/** The operation's value, named where the trigger reads it too (it finds this node after it by it). */
export const SEND_AND_WAIT_FOR_REPLY = ASKER.operation;

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
 * any question goes out. Checks that the workflow's Z-API Trigger can route the reply
 * (routing.ts), keeps each question in the conversation table (shared/waitingReplies.ts), then
 * sends each item's question through the send operation of its kind, keeps the sent
 * question's id with it, and puts the execution to wait. A question that could not be sent
 * leaves the table.
 * The first answer from any of the chats goes on with the workflow (marked replied: true); at
 * the limit n8n passes the input items on unchanged, as it does for every wait with a limit
 * (Send and Wait for Response included).
 */
async function askThenWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const failed: INodeExecutionData[] = [];
	const fail: Fail = (caught, item) => {
		const error = itemError(this, caught, item);
		if (!this.continueOnFail()) throw error;
		failed.push(errorItem(error, item));
	};
	const run = readRun(this, items.length, fail);
	if (!run) return [failed];
	const kept = await keepQuestions.call(this, run, fail);
	if (!kept) return [failed];
	const sentCount = await sendQuestions.call(this, kept, fail);
	await kept.clearing;
	if (!sentCount) return [failed];
	await this.putExecutionToWait(run.waitTill);
	return [
		items.map((item, index) => ({
			json: item.json,
			pairedItem: { item: index },
		})),
	];
}

type Fail = (caught: unknown, item: number) => void;

/** One item's question: its item, what it asks, its key in the table, and its record with the question's id once sent. */
interface Question {
	item: number;
	ask: ReturnType<typeof readItem>;
	key: string;
	recordWith(questionMessageId: string | null): string;
}

/** The run's limit and every item's question, read and checked; undefined when none is left. */
function readRun(context: IExecuteFunctions, count: number, fail: Fail): { now: Date; waitTill: Date; asks: Array<Pick<Question, 'item' | 'ask'>> } | undefined {
	const now = new Date();
	let waitTill: Date;
	try {
		waitTill = waitTillOf(context, now);
	} catch (caught) {
		for (let item = 0; item < count; item++) fail(caught, item);
		return undefined;
	}
	const asks: Array<Pick<Question, 'item' | 'ask'>> = [];
	for (let item = 0; item < count; item++) {
		try {
			asks.push({ item, ask: readItem(context, item) });
		} catch (caught) {
			fail(caught, item);
		}
	}
	return asks.length ? { now, waitTill, asks } : undefined;
}

/**
 * Checks that the reply can be routed and keeps each question in the table before any goes
 * out (an answer that comes at once finds it). On a failure nothing is sent and what was kept
 * is dropped. Returns the table, the questions, and the clearing of questions answered or past
 * their limit (one call per run, made while the questions go out), or undefined when every
 * item failed.
 */
async function keepQuestions(
	this: IExecuteFunctions,
	{ now, waitTill, asks }: NonNullable<ReturnType<typeof readRun>>,
	fail: Fail,
): Promise<{ table: ConversationTable; questions: Question[]; clearing: Promise<unknown> } | undefined> {
	const execution = String(this.getExecutionId());
	const resumeUrl = resumeUrlOf(this);
	let table: ConversationTable | undefined;
	const kept: string[] = [];
	try {
		const { instanceId } = await getInstance.call(this);
		await checkTriggerRoutes.call(this, resumeUrl);
		table = await ConversationTable.open(this, 0, readTableName.call(this, 0));
		const questions = asks.map(({ item, ask }): Question => {
			const record = (questionMessageId: string | null): WaitingReply => ({
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
			return { item, ask, key: questionKeyOf(execution, item, now.getTime()), recordWith: (id) => questionItemOf(record(id)) };
		});
		for (const { ask, key, recordWith } of questions) {
			await table.keepQuestion(ask.phone, key, { until: waitTill.getTime(), item: recordWith(null) });
			kept.push(key);
		}
		return { table, questions, clearing: table.forgetOld(now.getTime()).catch(() => undefined) };
	} catch (caught) {
		await Promise.all(kept.map(async (key) => await table?.dropQuestion(key).catch(() => undefined)));
		// Every refusal here comes before any send: the item's error says so.
		const nothingSent = caught instanceof InputError ? new InputError(caught.message, `${caught.description} Nothing was sent.`) : caught;
		asks.forEach(({ item }) => fail(nothingSent, item));
		return undefined;
	}
}

/**
 * Sends each question through the send operation of its kind, then keeps its id with it (the
 * output names the question answered, and a poll's vote is matched by it). A question that
 * could not be sent leaves the table. Returns how many went out.
 */
async function sendQuestions(this: IExecuteFunctions, { table, questions }: { table: ConversationTable; questions: Question[] }, fail: Fail): Promise<number> {
	const sentItems = sentItemsOf(this);
	let sentCount = 0;
	for (const { item, ask, key, recordWith } of questions) {
		try {
			const [sent] = await sentItems.once(item, async () => await ask.kind.send.execute.call(this, item));
			sentCount++;
			const questionMessageId = textOf((sent as IDataObject).messageId);
			if (questionMessageId) {
				await table.changeQuestion(key, recordWith(questionMessageId)).catch((caught: Error) => this.logger.warn(`Z-API Send and Wait for Reply: the sent question's id could not be kept: ${caught.message}`));
			}
		} catch (caught) {
			await table.dropQuestion(key).catch(() => undefined);
			fail(caught, item);
		}
	}
	return sentCount;
}

function textOf(value: unknown): string | null {
	return typeof value === 'string' && value ? value : null;
}

export const sendAndWaitForReply: ZApiOperation = {
	value: SEND_AND_WAIT_FOR_REPLY,
	name: 'Send and Wait for Reply',
	action: 'Ask a question and wait for the reply in the chat',
	description:
		"Send a question (text, buttons, option list or poll) and pause the workflow until the person answers in the WhatsApp chat; the answer is the output, with the choice picked as 'choice' (position, label, ID), typed or pressed. Needs the Z-API Trigger in the same workflow, and the Z-API Conversation State credential here and in the trigger.",
	properties: sendAndWaitForReplyProperties,
	orderedBy: 'phone',
	answersChat: true,
	keepsConversationState: true,
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		// Used as a tool, or item by item: the question is sent, nothing waits.
		return (await questionKindOf(this, itemIndex).send.execute.call(this, itemIndex, read)) as IDataObject[];
	},
	executeAllItems: askThenWait,
};
