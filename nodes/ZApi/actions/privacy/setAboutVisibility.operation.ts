import { whoCanOperation, whoCanSeeProperty } from './helpers';

/** docs/privacy/set-privacy-description.md: the profile's description, "About" in WhatsApp. */
export const setAboutVisibility = whoCanOperation({
	value: 'setAboutVisibility',
	name: 'Set About Visibility',
	action: 'Set who can see the profile about text',
	description: "Choose who can see the account's About (profile description): everyone, contacts, contacts except some, or nobody",
	path: '/privacy/description',
	field: 'visualizationType',
	parameter: whoCanSeeProperty('the About text of the profile'),
	exceptions: true,
});
