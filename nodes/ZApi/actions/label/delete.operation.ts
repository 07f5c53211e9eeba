import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeLabel, labelIdProperty, readLabelId } from './helpers';

export const deleteLabel: ZApiOperation = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a chat label',
	description: 'Delete a label (WhatsApp Business); it comes off every chat that had it',
	properties: [labelIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const id = readLabelId.call(this, itemIndex);
		// docs/business/delete-tag.md: DELETE /business/tag/{id}, responding {success: true}.
		await changeLabel.call(this, itemIndex, { method: 'DELETE', path: `/business/tag/${encodeURIComponent(id)}`, tried: `delete label ${id}` });
		return [{ success: true, id }];
	},
};
