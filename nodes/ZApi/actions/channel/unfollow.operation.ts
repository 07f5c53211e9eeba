import type { ZApiOperation } from '../types';
import { FOLLOWED_HINT, idOnlyOperation } from './helpers';

/** docs/newsletter/unfollow-newsletter.md: PUT /unfollow-newsletter {id}, answered {value: true}. */
export const unfollow: ZApiOperation = idOnlyOperation({
	value: 'unfollow',
	name: 'Unfollow',
	action: 'Unfollow a channel',
	description: "Stop following a WhatsApp channel",
	method: 'PUT',
	path: '/unfollow-newsletter',
	verb: 'unfollow',
	hint: FOLLOWED_HINT,
});
