import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { colorOption, LABEL_HINT, labelNameProperty, readLabelFields } from './helpers';

export const create: ZApiOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a chat label',
	description: 'Create a label (WhatsApp Business) to put on chats; outputs its ID',
	properties: [labelNameProperty, optionsProperty([colorOption])],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const fields = readLabelFields.call(this, itemIndex);
		const response = await zApiRequest.call(this, { method: 'POST', path: '/business/create-tag', body: fields, itemIndex });
		// docs/business/create-tag.md: {id: "10"}.
		const id = firstRecord(response).id;
		if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
			throw new NodeOperationError(this.getNode(), `Z-API did not create the label '${String(fields.name)}'`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${LABEL_HINT}`,
			});
		}
		return [{ id: String(id), ...fields }];
	},
};
