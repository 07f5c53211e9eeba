import type { ZApiResource } from '../types';
import { updateAbout } from './updateAbout.operation';
import { updateName } from './updateName.operation';
import { updatePicture } from './updatePicture.operation';

export const profile: ZApiResource = {
	value: 'profile',
	name: 'Profile',
	description: "The connected number's WhatsApp profile: name, about text, picture",
	operations: [updateAbout, updateName, updatePicture],
};
