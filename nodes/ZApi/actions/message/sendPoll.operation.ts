import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';
import { sendMessage } from './helpers';

/** Poll answers from one per line, or from a list. Duplicates are dropped. */
function pollAnswers(raw: unknown): string[] {
	const entries = (Array.isArray(raw) ? raw.flat(2) : String(raw ?? '').split(/\r?\n/)).map((entry) => String(entry ?? '').trim()).filter(Boolean);
	const answers = [...new Set(entries)];
	if (answers.length < 2) {
		throw new InputError(
			`A poll needs at least 2 answers (got ${answers.length})`,
			'Write one answer per line in Answers, or map a list of texts.',
		);
	}
	return answers;
}

export const sendPoll: ZApiOperation = {
	value: 'sendPoll',
	name: 'Send Poll',
	action: 'Send a poll message',
	description: 'Send a question with answers people vote on, to a phone or group',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Question', name: 'message', type: 'string', required: true, default: '', description: 'The poll question' },
		{
			displayName: 'Answers',
			name: 'answers',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'Yes\nNo\nMaybe',
			description: 'The answers to choose from, one per line (or an expression returning a list of texts)',
		},
		{
			displayName: 'Single Choice',
			name: 'singleChoice',
			type: 'boolean',
			default: false,
			description: 'Whether each person can pick only one answer; otherwise several',
		},
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Question', 'Write the poll question.'),
			poll: pollAnswers(this.getNodeParameter('answers', itemIndex)).map((name) => ({ name })),
			...optionalFields(readOptions.call(this, itemIndex)),
		};
		if (this.getNodeParameter('singleChoice', itemIndex, false)) body.pollMaxOptions = 1;
		return await sendMessage.call(this, itemIndex, { path: '/send-poll', body, phone, tried: `send a poll to ${phone}` });
	},
};
