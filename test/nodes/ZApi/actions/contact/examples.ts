/** One valid call per Contact operation (see test/helpers/operationExamples.ts). */
import type { IDataObject } from 'n8n-workflow';

import type { OperationExample } from '../../../../helpers/operationExamples';

export const PHONE = '5511999999999';
export const LID = '123456789012345@lid';

export const contactRecord = (phone: string, extra: IDataObject = {}): IDataObject => ({
	phone,
	name: `Name ${phone}`,
	short: 'Name',
	vname: '',
	notify: `WhatsApp ${phone}`,
	...extra,
});

/** contactRecord(phone) as Get Many and Get output it: the names in plain words, `name` the one to show. */
export const contactOutput = (phone: string, extra: IDataObject = {}): IDataObject => ({
	phone,
	name: `Name ${phone}`,
	savedName: `Name ${phone}`,
	savedShortName: 'Name',
	whatsappName: `WhatsApp ${phone}`,
	contactCardName: null,
	photo: null,
	about: null,
	...extra,
});

/** POST /contacts/modify-blocked with the `action` of docs/contacts/block-contact.md. */
function modifyBlocked(action: 'block' | 'unblock', blocked: boolean): OperationExample {
	return {
		parameters: { phone: '+55 (11) 99999-9999' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/contacts/modify-blocked',
		body: { phone: PHONE, action },
		answer: { value: true },
		output: [{ success: true, phone: PHONE, blocked }],
	};
}

export const EXAMPLES: Record<string, OperationExample> = {
	addToAddressBook: {
		parameters: { phone: '+55 (44) 99999-9999', firstName: 'Ana', options: { lastName: 'Lima' } },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/contacts/add',
		body: [{ firstName: 'Ana', lastName: 'Lima', phone: '5544999999999' }],
		answer: { success: true, errors: [] },
		output: [{ success: true, firstName: 'Ana', lastName: 'Lima', phone: '5544999999999' }],
	},
	removeFromAddressBook: {
		parameters: { phones: '5544999999999, +55 44 99999-8888' },
		phoneParameter: 'phones',
		method: 'DELETE',
		path: '/contacts/remove',
		body: ['5544999999999', '5544999998888'],
		answer: { success: true, errors: [] },
		output: [{ success: true, phones: ['5544999999999', '5544999998888'] }],
	},
	reportContact: {
		parameters: { phone: '+55 44 99999-9999' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/contacts/5544999999999/report',
		// No body on the page; n8n sends the node's {} as an empty body, with the JSON Content-Type.
		body: '',
		answer: { success: true },
		output: [{ success: true, phone: '5544999999999', reported: true }],
	},
	getContacts: {
		parameters: { returnAll: false, limit: 2 },
		method: 'GET',
		path: '/contacts',
		query: { page: '1', pageSize: '2' },
		answer: [contactRecord(PHONE), contactRecord('5521988887777')],
		output: [contactOutput(PHONE), contactOutput('5521988887777')],
	},
	getContact: {
		parameters: { phone: '+55 11 99999-9999' },
		phoneParameter: 'phone',
		method: 'GET',
		path: `/contacts/${PHONE}`,
		answer: { ...contactRecord(PHONE), imgUrl: 'https://pps.whatsapp.net/p.jpg', about: 'Hi' },
		output: [contactOutput(PHONE, { photo: 'https://pps.whatsapp.net/p.jpg', about: 'Hi' })],
	},
	checkNumbers: {
		parameters: { phones: '+55 (11) 99999-9999' },
		phoneParameter: 'phones',
		method: 'GET',
		path: `/phone-exists/${PHONE}`,
		// The documented example: the object wrapped in a list.
		answer: [{ exists: true, phone: PHONE, lid: LID }],
		output: [{ phone: PHONE, exists: true, registeredPhone: PHONE, lid: LID }],
	},
	getProfilePicture: {
		parameters: { phone: PHONE },
		phoneParameter: 'phone',
		method: 'GET',
		path: '/profile-picture',
		query: { phone: PHONE },
		answer: [{ link: 'https://pps.whatsapp.net/fresh.jpg' }],
		output: [{ phone: PHONE, photo: 'https://pps.whatsapp.net/fresh.jpg' }],
	},
	resolveContact: {
		parameters: { contact: '+55 (11) 99999-9999' },
		phoneParameter: 'contact',
		method: 'GET',
		path: `/phone-exists/${PHONE}`,
		// Nothing learned in this workflow: the number check answers the LID.
		answer: [{ exists: true, phone: PHONE, lid: LID }],
		output: [{ input: '+55 (11) 99999-9999', phone: PHONE, lid: LID, source: 'numberCheck', exists: true }],
	},
	blockContact: modifyBlocked('block', true),
	unblockContact: modifyBlocked('unblock', false),
};
