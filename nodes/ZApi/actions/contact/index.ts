import type { ZApiResource } from '../types';
import { blockContact } from './blockContact.operation';
import { checkNumbers } from './checkNumbers.operation';
import { getContact } from './getContact.operation';
import { getContacts } from './getContacts.operation';
import { getProfilePicture } from './getProfilePicture.operation';
import { unblockContact } from './unblockContact.operation';

export const contact: ZApiResource = {
	value: 'contact',
	name: 'Contact',
	description: 'List and read contacts, check numbers on WhatsApp, get profile pictures, block or unblock',
	operations: [getContacts, getContact, checkNumbers, getProfilePicture, blockContact, unblockContact],
};
