import type { ZApiResource } from '../types';
import { getDisallowedContacts } from './getDisallowedContacts.operation';
import { setAboutVisibility } from './setAboutVisibility.operation';
import { setGroupAdd } from './setGroupAdd.operation';
import { setLastSeen } from './setLastSeen.operation';
import { setMessagesDuration } from './setMessagesDuration.operation';
import { setOnlineVisibility } from './setOnlineVisibility.operation';
import { setPhotoVisibility } from './setPhotoVisibility.operation';
import { setReadReceipts } from './setReadReceipts.operation';

export const privacy: ZApiResource = {
	value: 'privacy',
	name: 'Privacy',
	description: "Set who sees the account's last seen, online status, profile photo and About, who can add it to groups, read receipts and the default message timer; list excluded contacts",
	operations: [setLastSeen, setOnlineVisibility, setPhotoVisibility, setAboutVisibility, setGroupAdd, setReadReceipts, setMessagesDuration, getDisallowedContacts],
};
