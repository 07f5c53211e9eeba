import { InputError } from '../../../shared/input';
import { profileTextOperation } from './helpers';

/** One address, name@domain.tld, without spaces: what WhatsApp shows as a mail link. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * docs/business/set-email.md: POST /business/company-email {value}. The page warns that a
 * text not in an email format results in an error: such a text is refused before the request.
 */
export const updateEmail = profileTextOperation({
	value: 'updateEmail',
	name: 'Update Email',
	action: 'Update the business email',
	description: "Change the contact email of the instance's WhatsApp Business profile, or remove it",
	path: '/business/company-email',
	field: 'email',
	displayName: 'Email',
	placeholder: 'name@email.com',
	what: 'email',
	check: (text) => {
		if (!EMAIL.test(text)) {
			throw new InputError(`Email '${text.slice(0, 80)}' is not an email address`, 'Give one address such as contact@example.com, or leave Email empty to remove it.');
		}
		return text;
	},
});
