import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, notConfirmedError, requireAccepted } from '../../../shared/transport';

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
