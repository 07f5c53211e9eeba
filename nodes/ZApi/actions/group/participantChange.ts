import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, phonesProperty, readGroupId, readPhones } from './groupCall';

/** An operation that POSTs {groupId, phones} and is confirmed by {value: true}. */
export interface ParticipantChange {
	value: string;
	name: string;
	action: string;
	description: string;
	/** What the Phones parameter holds, in a few words: 'Participants to remove.' */
	phonesAre: string;
	endpoint: string;
	/** What was tried, for the error message, from the phones and the group. */
	tried: (phones: string, groupId: string) => string;
	hint: string;
}

/** Remove, demote, approve and reject differ only in their endpoint and words. */
export function participantChange(change: ParticipantChange): ZApiOperation {
	return {
		value: change.value,
		name: change.name,
		action: change.action,
		description: change.description,
		orderedBy: 'groupId',
		properties: [groupIdProperty, { ...phonesProperty, description: `${change.phonesAre} ${phonesProperty.description}` }],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const groupId = readGroupId.call(this, itemIndex, read);
			const phones = readPhones.call(this, itemIndex);
			await groupCall.call(this, itemIndex, {
				endpoint: change.endpoint,
				body: { groupId, phones },
				tried: change.tried(phones.join(', '), groupId),
				hint: change.hint,
			});
			return [{ success: true, groupId, phones }];
		},
	};
}
