import { whoCanOperation, whoCanSeeProperty } from './helpers';

/** docs/privacy/set-photo-visualization.md */
export const setPhotoVisibility = whoCanOperation({
	value: 'setPhotoVisibility',
	name: 'Set Profile Photo Visibility',
	action: 'Set who can see the profile photo',
	description: "Choose who can see the account's profile photo: everyone, contacts, contacts except some, or nobody",
	path: '/privacy/photo',
	field: 'visualizationType',
	parameter: whoCanSeeProperty('the profile photo'),
	exceptions: true,
});
