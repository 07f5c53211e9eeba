import type { ZApiOperation } from '../types';
import { FOLLOWED_HINT, idOnlyOperation } from './helpers';

/** docs/newsletter/unmute-newsletter.md: PUT /unmute-newsletter {id}, answered {value: true}. */
export const unmute: ZApiOperation = idOnlyOperation({
	value: 'unmute',
	name: 'Unmute',
	action: 'Unmute a channel',
	description: "Turn the notifications of a channel back on",
	method: 'PUT',
	path: '/unmute-newsletter',
	verb: 'unmute',
	hint: FOLLOWED_HINT,
});
