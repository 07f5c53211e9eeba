import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { putSetting } from './helpers';
import { requireText } from '../parameters';

export const rename: ZApiOperation = {
	value: 'rename',
	name: 'Rename',
	action: 'Rename the instance',
	description: 'Change the name the instance has in the Z-API panel (not the WhatsApp profile name: see Profile → Update Name)',
	properties: [
		{
			displayName: 'New Name',
			name: 'instanceName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'Shop support',
			description: 'The name the instance gets in the Z-API panel',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const name = requireText(this.getNodeParameter('instanceName', itemIndex), 'New Name', 'Give the new name of the instance.');
		// docs/instance/rename-instance.md: PUT /update-name {value}. Its code sample calls the
		// partner API (PUT /instances with a bearer token) instead; the page's own path is used.
		await putSetting.call(this, itemIndex, { path: '/update-name', value: name, tried: `rename the instance to '${name}'` });
		return [{ success: true, name }];
	},
};
