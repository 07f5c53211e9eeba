import type { ZApiOperation } from '../types';
import { MANAGED_HINT, idOnlyOperation } from './helpers';

/** docs/newsletter/delete-newsletter.md: DELETE /delete-newsletter {id}, answered {value: true}. */
export const deleteChannel: ZApiOperation = idOnlyOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a channel',
	description: "Delete a channel the instance's phone owns, for all its followers",
	method: 'DELETE',
	path: '/delete-newsletter',
	verb: 'delete',
	hint: MANAGED_HINT,
});
