import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireIdSegment } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { changeQueue } from './helpers';

export const deleteMessage: ZApiOperation = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a message from the queue',
	description: 'Take one message out of the queue before it is sent, by its Z-API ID (zaapId)',
	properties: [
		{
			displayName: 'Zaap ID',
			name: 'zaapId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '39BB1684570F00E91090F6BBC7EE7646',
			description: "The message's ID in Z-API: 'zaapId' of a Z-API send's output, or 'ZaapId' of a Queue → Get Many item",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const zaapId = requireIdSegment(this.getNodeParameter('zaapId', itemIndex), 'Zaap ID', '39BB1684570F00E91090F6BBC7EE7646');
		await changeQueue.call(this, itemIndex, { method: 'DELETE', path: `/queue/${encodeURIComponent(zaapId)}`, tried: `delete message ${zaapId} from the queue` });
		return [{ success: true, zaapId }];
	},
};
