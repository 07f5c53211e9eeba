import type { ZApiOperation } from '../types';
import { FOLLOWED_HINT, idOnlyOperation } from './helpers';

/** docs/newsletter/follow-newsletter.md: PUT /follow-newsletter {id}, answered {value: true}. */
export const follow: ZApiOperation = idOnlyOperation({
	value: 'follow',
	name: 'Follow',
	action: 'Follow a channel',
	description: "Follow a WhatsApp channel, as Follow does in the phone app",
	method: 'PUT',
	path: '/follow-newsletter',
	verb: 'follow',
	hint: FOLLOWED_HINT,
});
