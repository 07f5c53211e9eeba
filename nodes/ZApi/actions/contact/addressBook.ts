import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { notConfirmedError } from '../../../shared/transport';
import { asBoolean, firstRecord } from '../answers';

/** Why an address book change can fail, whatever the change (docs/contacts/add-contacts.md). */
export const ADDRESS_BOOK_HINT =
	"Only WhatsApp accounts that received the address book update can change it, and the phone must let WhatsApp edit its contacts (the phone's privacy settings).";

/**
 * Fails the item unless the answer is {success: true} with no `errors`: the pages answer
 * both fields and do not say what an error looks like, so any entry counts as a failure.
 */
export function requireAddressBookChange(this: IExecuteFunctions, answer: unknown, tried: string, itemIndex: number): void {
	const record: IDataObject = firstRecord(answer);
	const errors = Array.isArray(record.errors) ? record.errors : [];
	if (!asBoolean(record.success) || errors.length) throw notConfirmedError(this.getNode(), tried, answer, ADDRESS_BOOK_HINT, itemIndex);
}
