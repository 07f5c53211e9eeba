import type { ZApiOperation } from '../types';
import { FOLLOWED_HINT, idOnlyOperation } from './helpers';

/** docs/newsletter/mute-newsletter.md: PUT /mute-newsletter {id}, answered {value: true}. */
export const mute: ZApiOperation = idOnlyOperation({
	value: 'mute',
	name: 'Mute',
	action: 'Mute a channel',
	description: "Mute the notifications of a channel the instance follows or runs",
	method: 'PUT',
	path: '/mute-newsletter',
	verb: 'mute',
	hint: FOLLOWED_HINT,
});
