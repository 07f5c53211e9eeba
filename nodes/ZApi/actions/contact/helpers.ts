import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizePhone } from '../../../shared/input';
import { firstRecord, notConfirmedError, requireAccepted, zApiRequest } from '../../../shared/transport';
import { parameterValue, phoneProperty } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

/** One contact, by phone or LID; the Z-API Trigger's `phone` maps straight in. */
export const contactPhoneProperty: INodeProperties = {
	...phoneProperty,
	displayName: 'Phone',
	description:
		"The contact's phone with country code (5511999999999; +55 (11) 99999-9999 is accepted) or LID ID (…@lid). For a Z-API Trigger item, its 'phone' field.",
};

export function readContactPhone(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): string {
	return normalizePhone(parameterValue.call(this, itemIndex, 'phone', read));
}

export interface BlockChange extends Omit<ZApiOperation, 'properties' | 'execute'> {
	blockAction: 'block' | 'unblock';
}

/** Block or Unblock: POST /contacts/modify-blocked, answered {value: boolean}. */
export function blockChange(change: BlockChange): ZApiOperation & Pick<BlockChange, 'blockAction'> {
	const { blockAction, ...listed } = change;
	return {
		...listed,
		blockAction,
		orderedBy: 'phone',
		properties: [contactPhoneProperty],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readContactPhone.call(this, itemIndex, read);
			const response = await zApiRequest.call(this, {
				method: 'POST',
				path: '/contacts/modify-blocked',
				body: { phone, action: blockAction },
				itemIndex,
			});
			requireAccepted(this.getNode(), response, 'confirmation', {
				tried: `${blockAction} ${phone}`,
				hint: 'Check that the phone is a WhatsApp number and that the instance is connected.',
				itemIndex,
			});
			return [{ success: true, phone, blocked: blockAction === 'block' }];
		},
	};
}

/** Why an address book change can fail, whatever the change (docs/contacts/add-contacts.md). */
export const ADDRESS_BOOK_HINT =
	"Only WhatsApp accounts that received the address book update can change it, and the phone must let WhatsApp edit its contacts (the phone's privacy settings).";

/**
 * Fails the item unless the response confirms (refusal.ts: {success: true}) with no `errors`:
 * the pages show both fields and do not say what an error looks like, so any entry counts as a failure.
 */
export function requireAddressBookChange(this: IExecuteFunctions, response: unknown, tried: string, itemIndex: number): void {
	requireAccepted(this.getNode(), response, 'confirmation', { tried, hint: ADDRESS_BOOK_HINT, itemIndex });
	const record: IDataObject = firstRecord(response);
	if (Array.isArray(record.errors) && record.errors.length) throw notConfirmedError(this.getNode(), tried, response, ADDRESS_BOOK_HINT, itemIndex);
}
