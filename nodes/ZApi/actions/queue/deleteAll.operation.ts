import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeQueue } from './helpers';

export const deleteAll: ZApiOperation = {
	value: 'deleteAll',
	name: 'Delete All',
	action: 'Delete every message in the queue',
	description:
		'Empty the queue: every message waiting to be sent is dropped and will never go out. Use it to stop a campaign sent by mistake.',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		await changeQueue.call(this, itemIndex, { method: 'DELETE', path: '/queue', tried: 'empty the queue' });
		return [{ success: true }];
	},
};
