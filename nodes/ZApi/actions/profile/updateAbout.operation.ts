import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { putSetting } from '../instance/helpers';
import type { ZApiOperation } from '../types';

export const updateAbout: ZApiOperation = {
	value: 'updateAbout',
	name: 'Update About',
	action: 'Update the profile about text',
	description: "Change the 'About' text of the connected number's WhatsApp profile",
	properties: [
		{
			displayName: 'About',
			name: 'about',
			type: 'string',
			default: '',
			placeholder: 'Open Monday to Friday, 9 to 18',
			description: 'The new about text. Empty clears it.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const about = String(this.getNodeParameter('about', itemIndex, '') ?? '').trim();
		// docs/instance/profile-description.md: PUT /profile-description {value}.
		await putSetting.call(this, itemIndex, { path: '/profile-description', value: about, tried: 'set the profile about text' });
		return [{ success: true, about }];
	},
};
