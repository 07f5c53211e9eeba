import { blockChange } from './helpers';

export const blockContact = blockChange({
	value: 'blockContact',
	name: 'Block',
	action: 'Block a contact',
	description: 'Block a contact: they can no longer call or message the connected phone',
	blockAction: 'block',
});
