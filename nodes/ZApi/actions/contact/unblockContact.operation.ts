import { blockChange } from './helpers';

export const unblockContact = blockChange({
	value: 'unblockContact',
	name: 'Unblock',
	action: 'Unblock a contact',
	description: 'Unblock a blocked contact',
	blockAction: 'unblock',
});
