/** One valid call per Profile operation (see test/helpers/operationExamples.ts), as docs/instance/profile-*.md show them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const EXAMPLES: Record<string, OperationExample> = {
	updateAbout: {
		parameters: { about: 'Profile description' },
		method: 'PUT',
		path: '/profile-description',
		body: { value: 'Profile description' },
		answer: { value: true },
		output: [{ success: true, about: 'Profile description' }],
	},
	updateName: {
		parameters: { profileName: 'Profile name' },
		method: 'PUT',
		path: '/profile-name',
		body: { value: 'Profile name' },
		answer: { value: true },
		output: [{ success: true, name: 'Profile name' }],
	},
	updatePicture: {
		parameters: { mediaSource: 'url', mediaUrl: 'https://example.com/me.jpg' },
		method: 'PUT',
		path: '/profile-picture',
		body: { value: 'https://example.com/me.jpg' },
		answer: { value: true },
		output: [{ success: true, pictureSource: 'url' }],
	},
};
