import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';
import { chatOfMessageProperty, readChat, readMessageId } from '../parameters';

/** The answers voted for, from one per line or a list; duplicates dropped. */
function votesOf(raw: unknown): string[] {
	const entries = (Array.isArray(raw) ? raw.flat(2) : String(raw ?? '').split(/\r?\n/)).map((entry) => String(entry ?? '').trim()).filter(Boolean);
	if (!entries.length) {
		throw new InputError('Answers is empty', 'Write the answer to vote for exactly as the poll shows it, one per line to vote for several.');
	}
	return [...new Set(entries)];
}

export const votePoll: ZApiOperation = {
	value: 'votePoll',
	name: 'Vote in Poll',
	action: 'Vote in a poll',
	description: 'Vote for one or more answers of a poll sent or received in a chat',
	orderedBy: 'phone',
	properties: [
		chatOfMessageProperty,
		{
			displayName: 'Poll Message ID',
			name: 'pollMessageId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '3EB0C431C26A1916E4B8',
			description: "The poll's message ID: 'messageId' of the Send Poll output, or of a Z-API Trigger item for a received poll",
		},
		{
			displayName: 'Answers',
			name: 'votes',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			placeholder: 'Pizza',
			description: 'The answer to vote for, written as the poll shows it; one per line (or an expression returning a list) to vote for several',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const pollMessageId = readMessageId.call(this, itemIndex, 'pollMessageId', 'Poll Message ID');
		const votes = votesOf(this.getNodeParameter('votes', itemIndex));
		// docs/message/send-poll-vote.md: the path is /send-poll-vote (the heading says /send-poll).
		const body: IDataObject = { phone, pollMessageId, pollVote: votes.map((name) => ({ name })) };
		const [output] = await sendMessage.call(this, itemIndex, {
			path: '/send-poll-vote',
			body,
			phone,
			tried: `vote in poll ${pollMessageId}`,
			hint: 'Check the Poll Message ID, that the poll is in this chat and that each answer is written exactly as the poll shows it.',
		});
		return [{ ...output, pollMessageId, votes }];
	},
};
