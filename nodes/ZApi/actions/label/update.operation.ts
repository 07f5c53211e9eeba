import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { changeLabel, colorOption, labelIdProperty, labelNameProperty, readLabelFields, readLabelId } from './helpers';

export const update: ZApiOperation = {
	value: 'update',
	name: 'Update',
	action: 'Update a chat label',
	description: 'Rename a label (WhatsApp Business) and optionally change its colour',
	properties: [labelIdProperty, { ...labelNameProperty, displayName: 'New Name', description: 'The new name of the label' }, optionsProperty([colorOption])],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const id = readLabelId.call(this, itemIndex);
		const fields = readLabelFields.call(this, itemIndex);
		// docs/business/edit-tag.md: POST with the id in the path, responding {success: true}.
		await changeLabel.call(this, itemIndex, { method: 'POST', path: `/business/edit-tag/${encodeURIComponent(id)}`, body: fields, tried: `update label ${id}` });
		return [{ success: true, id, ...fields }];
	},
};
