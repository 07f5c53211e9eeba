import type { ZApiResource } from '../types';
import { get } from './get.operation';
import { getAvailableCategories } from './getAvailableCategories.operation';
import { updateAddress } from './updateAddress.operation';
import { updateCategories } from './updateCategories.operation';
import { updateDescription } from './updateDescription.operation';
import { updateEmail } from './updateEmail.operation';
import { updateHours } from './updateHours.operation';
import { updateWebsites } from './updateWebsites.operation';

/**
 * The WhatsApp Business profile: the instance's own, changed part by part as the pages of
 * docs/business/set-*.md do, and any business number's, read. The profile's name, about text
 * and picture are the WhatsApp profile's, under Profile.
 */
export const businessProfile: ZApiResource = {
	value: 'businessProfile',
	name: 'Business Profile',
	description: "The WhatsApp Business profile: read a number's, or set the instance's description, address, email, websites, opening hours and categories",
	operations: [get, getAvailableCategories, updateAddress, updateHours, updateCategories, updateDescription, updateEmail, updateWebsites],
};
