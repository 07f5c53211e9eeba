import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, normalizePhone } from '../../../shared/input';
import { isLid, isPhoneNumber, learnedPairs, lidOfPhone, phoneOfLid } from '../../../shared/lidPairs';
import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import { parameterValue } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

/*
 * A LID to its phone, or a phone to its LID. First from the pairs this workflow's Z-API
 * Trigger learned from deliveries (shared/lidPairs.ts: the same workflow's static data);
 * else, for a phone, through the service's number check, which answers the LID
 * (docs/contacts/get-iswhatsapp.md). No call of the service turns a LID into a phone, so a
 * LID not learned stays without one. What this operation finds is not written back: an
 * execution saves the whole static data at its end, which could undo what the trigger
 * learned meanwhile.
 */

export const resolveContact: ZApiOperation = {
	value: 'resolveContact',
	name: 'Resolve',
	action: 'Resolve a LID to its phone or a phone to its LID',
	description:
		'Find the phone of a LID (…@lid) or the LID of a phone: from what the Z-API Trigger of this workflow learned, else (for a phone) through the number check. The output says the source.',
	// One contact per item: items naming the same one run in order, as the other contact reads do.
	orderedBy: 'contact',
	properties: [
		{
			displayName: 'Phone or LID',
			name: 'contact',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5511999999999 or 81896604192873@lid',
			description: 'A phone with country code (+55 (11) 99999-9999 is accepted) or a LID ID as deliveries carry it',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const given = String(parameterValue.call(this, itemIndex, 'contact', read) ?? '').trim();
		const pairs = learnedPairs(this);
		if (isLid(given)) {
			const phone = phoneOfLid(pairs, given);
			return [{ input: given, phone, lid: given, source: phone ? 'learned' : 'notFound' }];
		}
		if (/@/.test(given)) {
			throw new InputError(`'${given}' is neither a phone nor a LID`, 'Give a phone with country code, or a LID ID such as 81896604192873@lid.');
		}
		const phone = normalizePhone(given, 'Phone or LID');
		const learned = lidOfPhone(pairs, phone);
		if (learned) return [{ input: given, phone, lid: learned, source: 'learned' }];
		const answer = firstRecord(await zApiRequest.call(this, { method: 'GET', path: `/phone-exists/${encodeURIComponent(phone)}`, itemIndex }));
		const exists = flagOf(answer.exists);
		const registered = isPhoneNumber(answer.phone) ? answer.phone : phone;
		const lid = exists && isLid(answer.lid) ? answer.lid : null;
		return [{ input: given, phone: exists ? registered : phone, lid, source: lid ? 'numberCheck' : 'notFound', exists }];
	},
};
