import type { ZApiResource } from '../types';
import { addToAddressBook } from './addToAddressBook.operation';
import { blockContact } from './blockContact.operation';
import { checkNumbers } from './checkNumbers.operation';
import { getContact } from './getContact.operation';
import { getContacts } from './getContacts.operation';
import { getProfilePicture } from './getProfilePicture.operation';
import { removeFromAddressBook } from './removeFromAddressBook.operation';
import { reportContact } from './reportContact.operation';
import { resolveContact } from './resolveContact.operation';
import { unblockContact } from './unblockContact.operation';

export const contact: ZApiResource = {
	value: 'contact',
	name: 'Contact',
	description: 'List and read contacts, check numbers on WhatsApp, get profile pictures, save to or remove from the address book, block, unblock or report',
	operations: [getContacts, getContact, checkNumbers, getProfilePicture, addToAddressBook, removeFromAddressBook, blockContact, unblockContact, reportContact, resolveContact],
};
