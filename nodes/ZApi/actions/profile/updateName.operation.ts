import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { putSetting } from '../instance/helpers';
import type { ZApiOperation } from '../types';
import { requireText } from '../parameters';

export const updateName: ZApiOperation = {
	value: 'updateName',
	name: 'Update Name',
	action: 'Update the profile name',
	description: 'Change the WhatsApp profile name of the connected number, the name people see',
	properties: [
		{
			displayName: 'Name',
			name: 'profileName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'My Shop',
			description: 'The new profile name',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const name = requireText(this.getNodeParameter('profileName', itemIndex), 'Name', 'Give the new profile name.');
		// docs/instance/profile-name.md: PUT {value}, responding {value: boolean}.
		await putSetting.call(this, itemIndex, { path: '/profile-name', value: name, tried: `set the profile name to '${name}'` });
		return [{ success: true, name }];
	},
};
