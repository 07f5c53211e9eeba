import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../../shared/input';
import { optionsProperty } from '../../../../shared/properties';
import type { ReplyChoice, ReplyRule } from '../../../../shared/waitingReplies';
import { answeringPhoneProperty } from '../../answeredChat';
import { tableNameOption } from '../../conversation/helpers';
import { delayMessageOption } from '../../parameters';
import type { ZApiOperation } from '../../types';
import { limitWaitTime, rowsOf, rowText } from '../helpers';
import { sendButtonList } from '../sendButtonList.operation';
import { sendOptionList } from '../sendOptionList.operation';
import { sendPoll } from '../sendPoll.operation';
import { sendText } from '../sendText.operation';

type Read = (name: string, fallback?: unknown) => unknown;

/** Lines of a text, or the entries of a list, trimmed, without empty ones or repeats. */
function linesOf(raw: unknown): string[] {
	const entries = Array.isArray(raw) ? raw.flat(2) : String(raw ?? '').split(/\r?\n/);
	return [...new Set(entries.map((entry) => String(entry ?? '').trim()).filter(Boolean))];
}

/** The choices of a list of rows (buttons, list options): each row's label, and its ID when given. */
function rowChoices(read: Read, rows: { list: string; row: string; field: string; label: [string, string]; hint: string }): ReplyChoice[] {
	return rowsOf(read(rows.list, {}), rows.row, rows.field, rows.hint).map((row, index) => {
		const id = String(row.id ?? '').trim();
		return { label: rowText(row, rows.label[0], rows.label[1], index), ...(id ? { id } : {}) };
	});
}

/**
 * How the question is sent: the send operation that sends it (its own parameters, read
 * under the same names here) and the choices it offers, for the "one of the choices" rule.
 */
export const QUESTION_KINDS: Array<{
	value: string;
	name: string;
	description: string;
	send: ZApiOperation;
	/** The send operation's own parameters shown for this kind (besides phone, message and options). */
	parameters: string[];
	choices(read: Read): ReplyChoice[];
}> = [
	{
		value: 'text',
		name: 'Text',
		description: 'A text; for a choice, list the choices in it (1) Monday 2) Tuesday) and below',
		send: sendText,
		parameters: [],
		choices: (read) => linesOf(read('textChoices', '')).map((label) => ({ label })),
	},
	{
		value: 'buttons',
		name: 'Buttons',
		description: 'A text with reply buttons (Z-API’s button list)',
		send: sendButtonList,
		parameters: ['buttons'],
		choices: (read) => rowChoices(read, { list: 'buttons', row: 'button', field: 'Buttons', label: ['label', 'Label'], hint: 'Add at least one button with a label.' }),
	},
	{
		value: 'optionList',
		name: 'Option List',
		description: 'A text with a button that opens a list of options',
		send: sendOptionList,
		parameters: ['listTitle', 'buttonLabel', 'listOptions'],
		choices: (read) =>
			rowChoices(read, { list: 'listOptions', row: 'option', field: 'Options', label: ['title', 'Title'], hint: 'Add at least one option with a title and a description.' }),
	},
	{
		value: 'poll',
		name: 'Poll',
		description: 'A poll; the vote is the answer',
		send: sendPoll,
		parameters: ['answers', 'singleChoice'],
		choices: (read) => linesOf(read('answers', '')).map((label) => ({ label })),
	},
];

/** Why a pattern is not a regular expression, or null when it is one. */
function regExpProblem(pattern: string, flags: string): string | null {
	try {
		new RegExp(pattern, flags);
		return null;
	} catch (error) {
		return (error as Error).message;
	}
}

/** What counts as the answer, as the user picks it; `rule` builds the rule the record carries. */
export const ANSWER_RULES: Array<{ value: ReplyRule['type']; name: string; description: string; rule(read: Read, choices: () => ReplyChoice[]): ReplyRule }> = [
	{
		value: 'anyMessage',
		name: 'Any Message',
		description: 'The next message from the chat, whatever it is',
		rule: () => ({ type: 'anyMessage' }),
	},
	{
		value: 'choice',
		name: 'One of the Choices Sent',
		description: 'A button or list option pressed, a poll vote, or a choice typed by its text or number',
		rule: (_read, choices) => {
			const offered = choices();
			if (!offered.length) {
				throw new InputError('There are no choices to answer with', 'List the choices (Choices for a text question, the buttons, options or poll answers), or set Answer Must Be to Any Message.');
			}
			return { type: 'choice', choices: offered };
		},
	},
	{
		value: 'number',
		name: 'A Number in a Range',
		description: 'A number between Minimum and Maximum (both included)',
		rule: (read) => {
			const bound = (name: string, label: string) => {
				const raw = read(name, '');
				if (raw === '' || raw === null || raw === undefined) return undefined;
				const value = Number(raw);
				if (!Number.isFinite(value)) throw new InputError(`${label} '${String(raw)}' is not a number`, `Set ${label} to a number, or leave it empty for no bound.`);
				return value;
			};
			const min = bound('minimum', 'Minimum');
			const max = bound('maximum', 'Maximum');
			if (min !== undefined && max !== undefined && min > max) {
				throw new InputError(`Minimum ${min} is above Maximum ${max}`, 'Swap them: no number could answer.');
			}
			return { type: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
		},
	},
	{
		value: 'pattern',
		name: 'Text Matching a Pattern',
		description: 'A text the regular expression Pattern finds a match in',
		rule: (read) => {
			const pattern = String(read('pattern', '') ?? '');
			const flags = read('ignoreCase', true) === false ? '' : 'i';
			if (!pattern) throw new InputError('Pattern is empty', 'Write a regular expression, for example ^\\d{5}-?\\d{3}$ for a postal code.');
			const problem = regExpProblem(pattern, flags);
			if (problem) throw new InputError(`Pattern '${pattern}' is not a regular expression`, `${problem}. Fix it, or choose another Answer Must Be.`);
			return { type: 'pattern', pattern, flags };
		},
	},
];

const DEFAULT_LIMIT = { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' };
export const DEFAULT_REASK_MESSAGE = 'Sorry, I did not get that. Please answer with one of the options.';

const showFor = (show: NonNullable<IDisplayOptions['show']>): Pick<INodeProperties, 'displayOptions'> => ({ displayOptions: { show } });
const notAny: Pick<INodeProperties, 'displayOptions'> = { displayOptions: { hide: { answerRule: ['anyMessage'] } } };

/** The send operations' own parameters for each question kind, shown only for it. */
const questionParameters: INodeProperties[] = QUESTION_KINDS.flatMap((kind) =>
	kind.send.properties
		.filter((property) => kind.parameters.includes(property.name))
		.map((property) => ({ ...property, ...showFor({ questionType: [kind.value] }) })),
);

export const sendAndWaitForReplyProperties: INodeProperties[] = [
	answeringPhoneProperty,
	{
		displayName: 'Question Type',
		name: 'questionType',
		type: 'options',
		default: 'text',
		options: QUESTION_KINDS.map(({ value, name, description }) => ({ value, name, description })),
		description: 'How the question is sent',
	},
	{
		displayName: 'Question',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		placeholder: 'Which day suits you? 1) Monday 2) Tuesday',
		description: 'The question, as the person reads it in the chat (the poll question for a poll)',
	},
	...questionParameters,
	{
		displayName: 'Answer Must Be',
		name: 'answerRule',
		type: 'options',
		default: 'anyMessage',
		options: ANSWER_RULES.map(({ value, name, description }) => ({ value, name, description })),
		description: 'Which message from the chat counts as the answer',
	},
	{
		displayName: 'Choices',
		name: 'textChoices',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'Monday\nTuesday',
		description: 'The choices the text offers, one per line, in order: the person may type one, or its number (2 for the second)',
		...showFor({ questionType: ['text'], answerRule: ['choice'] }),
	},
	{
		displayName: 'Minimum',
		name: 'minimum',
		type: 'number',
		default: 1,
		description: 'The smallest number that counts',
		...showFor({ answerRule: ['number'] }),
	},
	{
		displayName: 'Maximum',
		name: 'maximum',
		type: 'number',
		default: 10,
		description: 'The largest number that counts',
		...showFor({ answerRule: ['number'] }),
	},
	{
		displayName: 'Pattern',
		name: 'pattern',
		type: 'string',
		default: '',
		placeholder: '^\\d{5}-?\\d{3}$',
		description: 'A regular expression (JavaScript) the answer’s text must match',
		...showFor({ answerRule: ['pattern'] }),
	},
	{
		displayName: 'Ignore Case',
		name: 'ignoreCase',
		type: 'boolean',
		default: true,
		description: 'Whether upper and lower case count the same in Pattern',
		...showFor({ answerRule: ['pattern'] }),
	},
	{
		displayName: 'Ask Again Message',
		name: 'reaskMessage',
		type: 'string',
		default: DEFAULT_REASK_MESSAGE,
		description: 'Sent in the chat, quoting the message, when a message does not count as the answer',
		...notAny,
	},
	{
		displayName: 'Ask Again Times',
		name: 'reaskTimes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 2,
		description: 'How many times to ask again. After that, the next message that does not count ends the wait with it, marked answerCounts false.',
		...notAny,
	},
	{
		displayName:
			'The answer reaches this execution through the Z-API Trigger of this workflow, which must be active on the same instance with Message Received, and whose filters let the answer through. The answer starts nothing else. At most 500 questions wait per workflow: a question beyond fails its item before it is sent.',
		name: 'replyNotice',
		type: 'notice',
		description: 'Where the answer comes from',
		default: '',
	},
	optionsProperty([
		{
			displayName: 'Answer From (Group Member)',
			name: 'answerFrom',
			type: 'string',
			default: '',
			placeholder: '5511999999999',
			description: 'In a group, only this member’s message counts (a phone or a LID ID). Empty: any member’s.',
		},
		{
			...tableNameOption,
			description:
				"The n8n data table the questions wait in, created in the API key's project when missing. The Z-API Trigger reads it with its own Conversation State credential: use the same name in Combine Quick Messages and Pause / Resume Bot to keep one table.",
		},
		delayMessageOption,
		{
			...limitWaitTime,
			description:
				'How long to wait for the answer; an hour when not set. Then the workflow goes on with the input items as they came (no replied field).',
		},
	]),
];

export { DEFAULT_LIMIT };
