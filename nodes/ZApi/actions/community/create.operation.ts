import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';

export const create: ZApiOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a community',
	description: 'Create a WhatsApp community with its announcement group; outputs its ID and groups',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'My first community', description: 'Name of the community' },
		optionsProperty([{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Description of the community' }]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const body: IDataObject = { name: requireText(this.getNodeParameter('name', itemIndex), 'Name', 'Name the community.') };
		const description = String((this.getNodeParameter('options', itemIndex, {}) as IDataObject).description ?? '').trim();
		if (description) body.description = description;
		const tried = `create the community '${String(body.name)}'`;
		const hint = 'Check that the WhatsApp account of the instance can create communities (the phone app shows Communities) and that the instance is connected.';
		// docs/communities/create-community.md: {id, subGroups: [{name, phone, isGroupAnnouncement}]}.
		const response = await zApiRequest.call(this, { method: 'POST', path: '/communities', body, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint, itemIndex });
		const record = firstRecord(response);
		if ((typeof record.id !== 'string' && typeof record.id !== 'number') || record.id === '') {
			throw new NodeOperationError(this.getNode(), `Z-API did not create the community '${String(body.name)}'`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${hint}`,
			});
		}
		return [{ ...record, id: String(record.id), ...body }];
	},
};
