import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { COMBINE, COMBINE_OPTIONS } from '../../../shared/combineLink';
import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { BURST_FIELD, openAnswer, skippingSendFollows } from '../skipIfWroteAgain';
import { ItemWithFile, type ZApiOperation } from '../types';
import { botState, readTableName, needsNotice, tableNameOption } from './helpers';
import {
	MOST_EXTRA_MS,
	SEND_AT_ONCE_RULES,
	WENT_ON_BECAUSE,
	burstOf,
	closedBecause,
	cutByMaximumWait,
	combine,
	commandOf,
	decidesAt,
	goesOnAtOnce,
	isBehind,
	patternOf,
	progressPause,
	triggerIsPast,
	typingHold,
	wordList,
	wordsOf,
	type Arrival,
	type BurstRules,
	type GoOnAtOnce,
	type Newest,
	type WentOnBecause,
} from './combineMessages/burst';
import { filesForThisExecution } from './combineMessages/burstFiles';
import { DEFAULT_TRANSCRIPTION_MODEL, transcribeVoiceNotes } from './combineMessages/transcribe';
import { RUN_OUTCOMES, tellRun } from './combineMessages/runSummary';
import { keep, readIncoming, recordedOf, unkeep, type IncomingMessage, type KeptMessage } from '../../../shared/conversationState/messages';
import { ConversationTable, FORGET_EVERY, StateStoreError, UNTIL_RESUMED, pausedUntilOf, sentAtOf, typingOf, writtenAtOf, type Row } from '../../../shared/conversationState/table';

/**
 * Waits are slept inside the execution, as n8n's Wait node does below 65 seconds (above that it
 * saves the execution and n8n's wait tracker, which looks once a minute, resumes it). Both
 * bounds stay under a minute so a burst is never handed to that tracker.
 */
const MOST_SECONDS = 60;

/**
 * How long after its Maximum Wait a burst nobody claimed counts as left behind (its execution
 * died with its process) rather than late (n8n busy): then it goes with the chat's next burst.
 */
const LEFT_BEHIND_MS = 2 * 60_000;

/**
 * How long before a burst could close its message's execution reads the chat: the read's time
 * is then not between the burst's last message and its answer. A message of the burst written
 * within this time is not in the read; the claim takes it, and the execution waits for quiet
 * after it.
 */
const READ_AHEAD_MS = 250;

type Output = IDataObject | ItemWithFile;
type Item = { json: IDataObject; binary?: ItemWithFile['binary'] };

/**
 * One execution per message; per burst, exactly one goes on. Two calls to n8n's API per
 * message, and one more per burst:
 * 1. the message's row: the Z-API Trigger recorded it as it arrived, before the execution
 *    started (its `recorded` field), with the time the person sent it (the delivery's
 *    `momment`), so its place in the burst is fixed by the person's own timing, however late a
 *    busy n8n receives it or starts its execution. An item the trigger did not record (a test
 *    run, an item from elsewhere) is recorded here.
 * 2. the execution sleeps until just before Quiet Period after its message was sent and its row
 *    written (burst.ts, decidesAt; not at all when a send-at-once rule matches), then reads the
 *    chat's open rows once: if its message was taken, its burst went on. Which burst it belongs
 *    to is drawn from the times sent alone (burst.ts, burstOf), so the lines are the same
 *    whenever each execution runs; if a later message of its burst arrived, that message's
 *    execution decides, and this one stops here.
 * 3. otherwise, at the burst's close, it claims the burst's messages (those sent from the
 *    burst's first to its close) in one update (see shared/conversationState/table.ts): the
 *    rows it got are its burst; none, and another execution took them. The claim is the only
 *    call between the close and the answer. If n8n was behind when it recorded the message or
 *    woke the execution, the claim waits until the trigger has recorded what was sent before the
 *    burst could close (claimBurst, followTrigger: one more call per look), so only a burst's
 *    last message pays for following the trigger.
 * A process that stops while sleeping leaves its messages unclaimed: they go with the chat's
 * next burst. When the state store fails (n8n's API down or refusing), If the State Store Fails
 * decides: the message goes on alone, marked, or the execution stops with the error.
 */
export const combineMessages: ZApiOperation = {
	value: COMBINE.operation,
	name: 'Combine Quick Messages',
	action: 'Combine quick messages into one',
	description:
		"Wait until a person stops typing, then go on once with all their messages; pause the bot in a chat a person answers from the phone. Put it right after the Z-API Trigger.",
	properties: [
		needsNotice,
		{
			displayName: 'Quiet Period (Seconds)',
			name: 'quietSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MOST_SECONDS },
			default: 5,
			description:
				"How long the chat must be quiet after a message before the burst goes on. Each new message of the chat starts the wait again; the other messages' executions end without output.",
		},
		{
			displayName: 'Maximum Wait (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MOST_SECONDS },
			default: 30,
			description: "The longest a burst waits after its first message, for someone who doesn't stop typing",
		},
		{
			displayName: 'Transcribe Voice Notes',
			name: 'transcribeVoiceNotes',
			type: 'boolean',
			default: false,
			description:
				"Whether the burst's voice notes and audio are transcribed with an OpenAI credential (its Base URL can be another OpenAI-compatible provider's) and each transcript put into the combined text where the audio was, as '[voice note] …'. Needs Download Media on in the Z-API Trigger. An audio that fails keeps its file and is named in transcriptionErrors.",
		},
		{
			displayName: 'Transcription Model',
			name: 'transcriptionModel',
			type: 'string',
			default: DEFAULT_TRANSCRIPTION_MODEL,
			displayOptions: { show: { transcribeVoiceNotes: [true] } },
			description: "The provider's speech-to-text model: whisper-1 or gpt-4o-mini-transcribe at OpenAI, whisper-large-v3 at Groq",
		},
		optionsProperty([
			{
				displayName: 'Go On At Once When',
				name: 'sendAtOnce',
				type: 'multiOptions',
				default: [],
				options: Object.entries(SEND_AT_ONCE_RULES).map(([value, { name, description }]) => ({ value, name, description })),
				description: 'A message meeting one of these ends its burst without waiting for quiet',
			},
			{
				displayName: 'Go On At Once Words',
				name: 'goOnWords',
				type: 'string',
				default: '',
				placeholder: 'atendente, humano, cancelar',
				description:
					"A message containing one of these words or phrases ends its burst without waiting for quiet: a person asking for a human, say (comma-separated; case, accents and punctuation do not matter; whole words only). The item's wentOnBecause says 'keyword'.",
			},
			{
				displayName: 'Go On At Once Pattern',
				name: 'goOnPattern',
				type: 'string',
				default: '',
				placeholder: '^\\d{5}-?\\d{3}$',
				description:
					"A message whose text matches this regular expression ends its burst without waiting for quiet (case does not matter; /pattern/flags also works). The example matches a postcode (CEP) sent alone.",
			},
			{
				displayName: 'Wait While Typing',
				name: COMBINE_OPTIONS.waitWhileTyping,
				type: 'boolean',
				default: true,
				description:
					"Whether the burst stays open while WhatsApp shows the person typing or recording audio after their last message, up to Maximum Wait. The Z-API Trigger then also receives the instance's chat presence (it starts no execution for it). The item's wentOnBecause says 'typingEnded' when the burst went on after they stopped.",
			},
			{
				displayName: 'Max Messages',
				name: 'maxMessages',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					"A burst goes on as soon as it holds this many messages, without waiting for quiet; the person's next message starts a new one (0: no limit)",
			},
			{
				displayName: 'Answer First Message At Once',
				name: 'firstMessageAtOnce',
				type: 'boolean',
				default: false,
				description:
					"Whether a chat's first message after New Conversation After of silence goes on at once, alone (to greet the person, say); the messages after it are combined as usual. Costs one more call to n8n's API per message.",
			},
			{
				displayName: 'New Conversation After (Minutes)',
				name: 'newConversationMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60,
				description: 'With Answer First Message At Once: how long a chat must have been silent for its next message to count as a first message',
			},
			{
				displayName: 'Pause When a Person Answers',
				name: 'pauseOnPersonReply',
				type: 'boolean',
				default: true,
				description:
					"Whether a message sent from the phone (sent by me, not through the API) pauses the bot in that chat for Pause Minutes. A Z-API Trigger with Message Received passes these on to this node by itself; the bot's own sends start nothing.",
			},
			{
				displayName: 'Pause Minutes',
				name: 'pauseMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description: 'How long the bot stays quiet in a chat after a person answered it from the phone',
			},
			{
				displayName: 'Pause Words',
				name: 'pauseWords',
				type: 'string',
				default: '#bot off',
				description:
					"A whole message sent by me from the phone that pauses the bot in that chat until resumed (comma-separated; case does not matter). The other person writing it pauses nothing. Sent through the API (another workflow), it reaches this node only with the trigger's Message Sent by Me event and The API in Sent by Me From.",
			},
			{
				displayName: 'Resume Words',
				name: 'resumeWords',
				type: 'string',
				default: '#bot on',
				description: 'A whole message sent by me that resumes the bot in that chat (comma-separated)',
			},
			{
				displayName: 'Messages While Paused',
				name: 'whilePaused',
				type: 'options',
				default: 'stop',
				options: [
					{ name: 'Stop Them', value: 'stop', description: 'The execution ends without output' },
					{
						name: 'Pass Them On Marked',
						value: 'markPaused',
						description: "Each goes on uncombined, after Quiet Period, with 'paused: true' (to log it, for example)",
					},
				],
				description: 'What happens to messages of a chat where the bot is paused',
			},
			{
				displayName: 'If the State Store Fails',
				name: 'onStateStoreError',
				type: 'options',
				default: 'goOnUncombined',
				options: [
					{
						name: 'Go On Uncombined',
						value: 'goOnUncombined',
						description:
							"Each message goes on alone, as a burst of one, marked 'combined: false' with the failure in 'stateStoreError': the bot answers every message rather than none",
					},
					{ name: 'Stop With an Error', value: 'stop', description: 'The execution fails with the error; the message gets no answer' },
				],
				description:
					"What happens to a message when n8n's API, which keeps the chats' state, cannot be reached or refuses. Messages sent by me always stop with the error: their pause could not be recorded.",
			},
			tableNameOption,
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<Output[]> {
		const item = this.getInputData()[itemIndex];
		const now = Date.now();
		const message = readIncoming(item.json, now);
		if (!message) {
			throw new InputError(
				'This item is not a chat message',
				"Combine Quick Messages takes the items of a Z-API Trigger (they carry 'chatId' and 'messageId'). Put it right after the trigger, or filter other events out before it.",
			);
		}
		const quietMs = readSeconds(this.getNodeParameter('quietSeconds', itemIndex, 5), 'Quiet Period') * 1000;
		const maxWaitMs = readSeconds(this.getNodeParameter('maxWaitSeconds', itemIndex, 30), 'Maximum Wait') * 1000;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const rules = burstRulesOf(options, quietMs, maxWaitMs);
		if (this.getNodeParameter('transcribeVoiceNotes', itemIndex, false) === true) {
			rules.transcriptionModel = String(this.getNodeParameter('transcriptionModel', itemIndex, DEFAULT_TRANSCRIPTION_MODEL) ?? '').trim() || DEFAULT_TRANSCRIPTION_MODEL;
		}
		let failure: unknown;
		try {
			return await gather.call(this, itemIndex, item, message, { rules, now, options });
		} catch (error) {
			failure = error;
		}
		if (!(failure instanceof StateStoreError) || message.fromMe || options.onStateStoreError === 'stop') throw failure;
		// A bot that answers each message beats a silent one; a voice note is transcribed all the same.
		const one = { ...unkeep(keep(item.json, item.binary, message.sentAt))!, ...(item.binary ? { binary: item.binary } : {}) };
		const heard = rules.transcriptionModel ? await transcribeVoiceNotes.call(this, itemIndex, [one], rules.transcriptionModel) : undefined;
		const alone = combine(heard?.messages ?? [one]);
		const json = {
			...alone.json,
			combined: false,
			wentOnBecause: WENT_ON_BECAUSE.stateStoreUnavailable,
			stateStoreError: failure.message,
			...(heard?.failures.length ? { transcriptionErrors: heard.failures } : {}),
		};
		return [alone.binary ? new ItemWithFile(json, alone.binary) : json];
	},
};

async function gather(
	this: IExecuteFunctions,
	itemIndex: number,
	item: Item,
	message: IncomingMessage,
	{ rules, now, options }: { rules: Rules; now: number; options: IDataObject },
): Promise<Output[]> {
	const recordedIn = recordedOf(item.json)?.table;
	const table = recordedIn && !message.fromMe ? await ConversationTable.at(this, itemIndex, recordedIn) : await ConversationTable.open(this, itemIndex, readTableName.call(this, itemIndex));

	if (message.fromMe) {
		const command = commandOf(message.text, wordList(options.pauseWords ?? '#bot off'), wordList(options.resumeWords ?? '#bot on'));
		let did: string = RUN_OUTCOMES.ownMessage();
		if (command === 'pause') {
			await table.setPause(message.chatId, UNTIL_RESUMED, 'pauseWords');
			did = RUN_OUTCOMES.pauseWords();
		} else if (command === 'resume') {
			await table.setPause(message.chatId, 0, 'resumeWords');
			did = RUN_OUTCOMES.resumeWords();
		} else if (message.fromApi === false && options.pauseOnPersonReply !== false) {
			const minutes = Number(options.pauseMinutes ?? 30);
			await table.setPause(message.chatId, now + (minutes > 0 ? minutes : 30) * 60_000, 'personReplied');
			did = RUN_OUTCOMES.personReplied();
		}
		// Messages sent by me are never answered: the bot's own, or a person's.
		tellRun(this, did, message.chatId, true);
		return [];
	}

	// 1. The message's row, and when it arrived.
	const recorded = recordedOf(item.json);
	if (recorded?.copy) {
		tellRun(this, RUN_OUTCOMES.copy(), message.chatId, true);
		return [];
	}
	const own = recorded
		? { id: recorded.row, sentAt: recorded.sentAt, writtenAt: recorded.writtenAt ?? recorded.sentAt }
		: await recordHere(table, message, item);
	if (!own) {
		tellRun(this, RUN_OUTCOMES.copy(), message.chatId, true);
		return [];
	}

	// One message in FORGET_EVERY clears what every chat's window left behind, while it waits for
	// quiet: the clearing is not on the way from the burst's last message to its answer.
	const forgetting = own.id % FORGET_EVERY === 0 ? table.forgetOld(Date.now()).catch(() => undefined) : undefined;
	try {
		return await decide.call(this, item, message, table, own, { rules, options, itemIndex });
	} finally {
		await forgetting;
	}
}

/** Waits for quiet, reads the chat's open rows and, if this message is its burst's last, claims the burst and answers it. */
async function decide(
	this: IExecuteFunctions,
	item: Item,
	message: IncomingMessage,
	table: ConversationTable,
	own: { id: number; sentAt: number; writtenAt: number },
	{ rules, options, itemIndex }: { rules: Rules; options: IDataObject; itemIndex: number },
): Promise<Output[]> {
	const closing = await waitForClose.call(this, message, table, own, rules);
	if (!closing) return [];
	const { burst, rows, arrivals, atOnce } = closing;
	// Paused or not as the burst closes: the claim may hold it open for a person typing.
	const pause = pausedUntilOf(rows);
	const paused = pause.until > Date.now();

	// 3. The claim: the burst is the rows it got. Messages of an earlier burst left behind (their
	// execution died with its process) go with this one, once no execution could still be on its way.
	const leftBehind = arrivals.filter((one) => one.sentAt < burst.firstSentAt && one.sentAt + rules.maxWaitMs + LEFT_BEHIND_MS < Date.now());
	const burstId = `${this.getExecutionId() ?? 'run'}:${own.id}`;
	const { rows: claimed, heldBy } = await claimBurst(table, message.chatId, burstId, {
		sent: { from: Math.min(burst.firstSentAt, ...leftBehind.map((one) => one.sentAt)), to: burst.closesAt },
		last: own,
		firstSentAt: burst.firstSentAt,
		// A message going on at once does not wait for typing either.
		rules: atOnce ? { ...rules, waitWhileTyping: false } : rules,
		behind: closing.behind,
		rows,
	});
	if (!keptOf(claimed).length) {
		tellRun(this, RUN_OUTCOMES.takenElsewhere(), message.chatId, true);
		return [];
	}
	const wentOnBecause = atOnce ?? heldBy ?? closedBecause(claimed.map((row) => sentAtOf(row)), rules);
	return await answerBurst.call(this, { item, message, table, burstId, rows, claimed, wentOnBecause, pause: paused ? pause : undefined }, { rules, options, itemIndex });
}

/**
 * Step 2 (above): sleeps until the burst of this message could close and reads the chat. Undefined
 * when another execution decides for the burst (its message was taken, or a later message of
 * the burst is there); otherwise the burst to claim, the chat as read, and whether n8n was behind.
 */
async function waitForClose(
	this: IExecuteFunctions,
	message: IncomingMessage,
	table: ConversationTable,
	own: { id: number; sentAt: number; writtenAt: number },
	rules: Rules,
): Promise<{ burst: { firstSentAt: number; closesAt: number }; rows: Row[]; arrivals: Arrival[]; atOnce?: WentOnBecause; behind: boolean } | undefined> {
	// Quiet Period after it was sent and its row written (burst.ts, decidesAt); one read of the
	// chat's open rows just before, so that the claim is the only call between the close and the
	// answer. A later message of the burst there already, and that message's execution decides.
	// A message that goes on at once (a word, a button reply, a chat's first message, the one that
	// fills the burst) reads at once and does not wait.
	let atOnce: WentOnBecause | undefined = goesOnAtOnce(message, rules.goOn);
	if (!atOnce && rules.firstMessageAtOnce && !(await table.hasMessageSentBetween(message.chatId, own.sentAt - rules.newConversationMs, own.sentAt))) {
		atOnce = WENT_ON_BECAUSE.firstMessage;
	}
	let rows: Row[] | undefined;
	if (!atOnce && rules.maxMessages) {
		// Max Messages: one look as soon as the row is there, for the message that fills its burst.
		rows = await table.openRowsOf(message.chatId);
		if (burstOf(arrivalsOf(unclaimed(rows)), own.id, rules)?.full) atOnce = WENT_ON_BECAUSE.maxMessages;
		else rows = undefined;
	}
	const meantToWakeAt = decidesAt({ sentAt: own.sentAt, writtenAt: own.writtenAt, quietMs: rules.quietMs });
	if (!atOnce) await sleepUntil(meantToWakeAt - READ_AHEAD_MS);
	rows ??= await table.openRowsOf(message.chatId);
	const open = unclaimed(rows);
	if (!open.some((row) => row.id === own.id)) {
		tellRun(this, RUN_OUTCOMES.takenElsewhere(), message.chatId, true);
		return undefined;
	}
	const arrivals = arrivalsOf(open);
	const lines = burstOf(arrivals, own.id, rules)!;
	// A chat's first message goes on alone; another message going on at once takes its burst so far.
	let burst = atOnce ? { firstSentAt: atOnce === WENT_ON_BECAUSE.firstMessage ? own.sentAt : lines.firstSentAt, isLast: true, closesAt: own.sentAt } : lines;
	if (!burst.isLast) {
		// Maximum Wait cut this burst, and its time has come: this execution decides for it now.
		const cutAt = atOnce ? undefined : cutByMaximumWait(arrivals, own.id, rules);
		if (cutAt === undefined || Date.now() < cutAt - READ_AHEAD_MS) {
			tellRun(this, RUN_OUTCOMES.joined(), message.chatId, true);
			return undefined;
		}
		burst = { firstSentAt: lines.firstSentAt, isLast: true, closesAt: cutAt };
	}
	// Cut by Maximum Wait: at the cut; otherwise Quiet Period after the row was written (decidesAt).
	if (!atOnce) await sleepUntil(burst.closesAt < own.sentAt + rules.quietMs ? burst.closesAt : meantToWakeAt);
	const behind = !atOnce && isBehind({ sentAt: own.sentAt, writtenAt: own.writtenAt, meantToWakeAt, wokeAt: Date.now() });
	return { burst, rows, arrivals, atOnce, behind };
}

/**
 * After the claim: the burst as one item, or nothing while the chat is paused (or its messages
 * marked as paused, by While Paused). A send after this node skips answers the person wrote
 * past: the chat's answers still being made are overtaken and their messages join this burst
 * (skipIfWroteAgain.ts). Not a chat's first message going on at once: the user chose to answer
 * it at once, whatever follows.
 */
async function answerBurst(
	this: IExecuteFunctions,
	claim: {
		item: Item;
		message: IncomingMessage;
		table: ConversationTable;
		burstId: string;
		rows: Row[];
		claimed: Row[];
		wentOnBecause: WentOnBecause;
		pause?: ReturnType<typeof pausedUntilOf>;
	},
	{ rules, options, itemIndex }: { rules: Rules; options: IDataObject; itemIndex: number },
): Promise<Output[]> {
	const { item, message, table, burstId, rows, claimed, wentOnBecause, pause } = claim;
	let kept = keptOf(claimed);
	// A paused chat's messages are taken too, so none of them joins a burst after the pause.
	if (pause) {
		tellRun(this, RUN_OUTCOMES.botOff(options.whilePaused === 'markPaused'), message.chatId, options.whilePaused !== 'markPaused');
		if (options.whilePaused !== 'markPaused') return [];
		const files = await filesForThisExecution.call(this, kept, { messageId: message.messageId, binary: item.binary });
		return whilePaused(options, files.messages.map((one) => combine([one])), message.chatId, pause, wentOnBecause);
	}
	const skippable = wentOnBecause !== WENT_ON_BECAUSE.firstMessage && skippingSendFollows(this);
	const answer = skippable ? await openAnswer(table, message.chatId, burstId, { read: rows, claimed }) : undefined;
	const carriedOver = answer?.rows ? answer.rows.length - claimed.length : 0;
	if (answer?.rows) kept = keptOf(answer.rows);
	// Each file is stored again under this execution: the next node reads it here, whatever n8n's binary mode.
	const files = await filesForThisExecution.call(this, kept, { messageId: message.messageId, binary: item.binary });
	const heard = rules.transcriptionModel ? await transcribeVoiceNotes.call(this, itemIndex, files.messages, rules.transcriptionModel) : undefined;
	const combined = combine(heard?.messages ?? files.messages);
	if (files.missing.length) combined.json.missingFiles = files.missing;
	if (heard?.failures.length) combined.json.transcriptionErrors = heard.failures;
	tellRun(this, RUN_OUTCOMES.answered(Number(combined.json.count)), message.chatId);
	const json = {
		...combined.json,
		combined: true,
		wentOnBecause,
		...(carriedOver > 0 ? { carriedOver } : {}),
		...(answer?.ref ? { [BURST_FIELD]: answer.ref } : {}),
	};
	return [combined.binary ? new ItemWithFile(json, combined.binary) : json];
}

function keptOf(rows: Row[]): KeptMessage[] {
	return rows.map((row) => unkeep(row.item)).filter((one): one is KeptMessage => one !== undefined);
}

function arrivalsOf(rows: Row[]): Arrival[] {
	return rows.map((row) => ({ id: row.id, sentAt: sentAtOf(row) }));
}

/**
 * Claims the burst's messages, those sent from its first to its close. While n8n is behind, first
 * follows the trigger until it has recorded every message sent before the close. A later message
 * of the burst written after the chat was read is claimed with it: this execution then decides
 * for the burst as that message's execution would have (which finds its row taken): Quiet Period
 * after it, the trigger followed again if n8n is behind, one more claim. With Wait While Typing,
 * while the chat's presence says the person is typing or recording after the burst's last
 * message, the burst stays open: one look a second (burst.ts, typingHold) and, with each look,
 * a claim of what they sent meanwhile, until they stop or Maximum Wait. Returns every row it
 * claimed (none: another execution took the burst) and, when typing held it open, why it went on after all.
 */
async function claimBurst(
	table: ConversationTable,
	chatId: string,
	claimant: string,
	burst: { sent: { from: number; to: number }; last: { sentAt: number; writtenAt: number }; firstSentAt: number; rules: Rules; behind: boolean; rows: Row[] },
): Promise<{ rows: Row[]; heldBy?: WentOnBecause }> {
	const { quietMs, maxWaitMs, maxMessages = 0 } = burst.rules;
	const endsAt = burst.firstSentAt + maxWaitMs;
	const taken = new Map<number, Row>();
	let { last } = burst;
	let closesAt = burst.sent.to;
	// The chat as last read: its presence row tells whether the person is typing.
	let look = burst.rows;
	let heldBy: WentOnBecause | undefined;
	// A look that fails shows no one typing: the burst goes on with what it holds.
	const lookAgain = async () => await table.openRowsOf(chatId).catch((): Row[] => []);
	// After a look while the person types, a claim only when the look shows a message they sent meanwhile.
	let claimNeeded = true;
	for (;;) {
		let got: Row[] | undefined;
		let failure: unknown;
		try {
			if (burst.behind) await followTrigger(table, last, closesAt);
			got = claimNeeded ? await table.claimMessages(chatId, claimant, { from: burst.sent.from, to: closesAt }) : [];
		} catch (error) {
			failure = error;
		}
		if (!got) {
			// Once rows are taken, they go on: a failing call after the claim must not lose them.
			if (taken.size) return { rows: [...taken.values()], heldBy };
			throw failure;
		}
		for (const row of got) taken.set(row.id, row);
		const rows = [...taken.values()];
		// None: another execution took the burst. A burst that reached Max Messages waits for no one.
		if (!rows.length || (maxMessages > 0 && rows.length >= maxMessages)) return { rows, heldBy };
		const later = got.filter((row) => sentAtOf(row) > last.sentAt).sort((a, b) => sentAtOf(b) - sentAtOf(a))[0];
		if (later) {
			// What closes the burst now is what follows this message.
			heldBy = undefined;
			last = { sentAt: sentAtOf(later), writtenAt: writtenAtOf(later) };
			closesAt = Math.min(last.sentAt + quietMs, endsAt);
			await sleepUntil(Math.min(decidesAt({ sentAt: last.sentAt, writtenAt: last.writtenAt, quietMs }), endsAt));
			if (burst.rules.waitWhileTyping) look = await lookAgain();
			continue;
		}
		const lookAgainAt = burst.rules.waitWhileTyping ? typingHold(typingOf(look), { lastSentAt: last.sentAt, now: Date.now(), quietMs }) : undefined;
		if (lookAgainAt === undefined) return { rows, heldBy };
		if (Date.now() >= endsAt) return { rows, heldBy: WENT_ON_BECAUSE.maximumWait };
		heldBy = WENT_ON_BECAUSE.typingEnded;
		await sleepUntil(Math.min(lookAgainAt, endsAt));
		look = await lookAgain();
		// What they sent while typing joins the burst.
		closesAt = Math.min(Date.now(), endsAt);
		claimNeeded = unclaimed(look).some((row) => sentAtOf(row) > last.sentAt && sentAtOf(row) <= closesAt);
	}
}

async function sleepUntil(time: number): Promise<void> {
	if (time > Date.now()) await sleep(time - Date.now());
}

/**
 * Waits until the trigger has recorded every message sent before `closesAt` (burst.ts,
 * triggerIsPast): one look at its newest recorded message, then one per pause while it is still
 * recording messages sent before the close, for at most MOST_EXTRA_MS. A busy n8n records the
 * chat's next message late, and this waits for exactly that, not for a guess of it.
 */
async function followTrigger(table: ConversationTable, own: { sentAt: number; writtenAt: number }, closesAt: number): Promise<void> {
	const pause = progressPause({ sentAt: own.sentAt, writtenAt: own.writtenAt });
	const giveUpAt = Date.now() + MOST_EXTRA_MS;
	let before: Newest | undefined | 'not yet' = 'not yet';
	for (;;) {
		const newest = await table.newestMessage();
		if (triggerIsPast(closesAt, newest, before, Date.now()) || Date.now() + pause > giveUpAt) return;
		before = newest;
		await sleep(pause);
	}
}

/** Records a message the trigger did not; undefined when it is a copy of one whose burst went on. */
async function recordHere(table: ConversationTable, message: IncomingMessage, item: Item): Promise<{ id: number; sentAt: number; writtenAt: number } | undefined> {
	const row = await table.record(message, item.json, item.binary);
	return row.claimedBy ? undefined : { id: row.id, sentAt: message.sentAt, writtenAt: writtenAtOf(row) };
}

function unclaimed(rows: Row[]): Row[] {
	return rows.filter((row) => row.kind === 'message' && !row.claimedBy);
}

/** Combine Quick Messages' settings for one item, read and checked before any call. */
type Rules = BurstRules & {
	goOn: GoOnAtOnce;
	firstMessageAtOnce: boolean;
	newConversationMs: number;
	waitWhileTyping: boolean;
	/** Set when Transcribe Voice Notes is on. */
	transcriptionModel?: string;
};

function burstRulesOf(options: IDataObject, quietMs: number, maxWaitMs: number): Rules {
	const maxMessages = Number(options.maxMessages ?? 0);
	if (!Number.isInteger(maxMessages) || maxMessages < 0) {
		throw new InputError(`Max Messages must be a whole number, 0 or more (got ${JSON.stringify(options.maxMessages)})`, 'Set Max Messages to 0 for no limit, or to the number of messages that ends a burst.');
	}
	const pattern = readPattern(options.goOnPattern);
	if (pattern instanceof Error) {
		throw new InputError(
			`Go On At Once Pattern is not a regular expression: ${pattern.message}`,
			'Write it as JavaScript reads a regular expression, for example atendente|humano or ^\\d{5}-?\\d{3}$, or clear it.',
		);
	}
	const minutes = Number(options.newConversationMinutes ?? 60);
	return {
		quietMs,
		maxWaitMs,
		maxMessages,
		goOn: { rules: (options.sendAtOnce as string[]) ?? [], words: wordsOf(options.goOnWords), pattern },
		firstMessageAtOnce: options.firstMessageAtOnce === true,
		newConversationMs: (Number.isFinite(minutes) && minutes > 0 ? minutes : 60) * 60_000,
		waitWhileTyping: options[COMBINE_OPTIONS.waitWhileTyping] !== false,
	};
}

function readPattern(raw: unknown): RegExp | undefined | Error {
	try {
		return patternOf(raw);
	} catch (error) {
		return error as Error;
	}
}

function readSeconds(raw: unknown, field: string): number {
	const seconds = Number(raw);
	if (!Number.isFinite(seconds) || seconds < 1 || seconds > MOST_SECONDS) {
		throw new InputError(`${field} must be from 1 to ${MOST_SECONDS} seconds (got ${JSON.stringify(raw)})`, `Set ${field} between 1 and ${MOST_SECONDS} seconds.`);
	}
	return seconds;
}

function whilePaused(
	options: IDataObject,
	items: Item[],
	chatId: string,
	pause: { until: number; by: string | null },
	wentOnBecause: WentOnBecause,
): Output[] {
	if (options.whilePaused !== 'markPaused') return [];
	const state = botState(chatId, pause);
	return items.map(({ json, binary }) => {
		const marked = { ...json, paused: true, pausedUntil: state.pausedUntil, pausedBy: state.pausedBy, wentOnBecause };
		return binary && Object.keys(binary).length ? new ItemWithFile(marked, binary) : marked;
	});
}
