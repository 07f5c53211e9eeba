import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export const getData: ZApiOperation = {
	value: 'getData',
	name: 'Get Data',
	action: 'Get the instance data and settings',
	description:
		'Read the instance: its name, due date, payment status, connection, webhook addresses, auto-read and call settings. The instance token is left out.',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// docs/instance/me.md lists `token` among the fields: it never reaches the output, whatever
		// the key is called (the transport has already masked its value anywhere else).
		const settings = firstRecord(await zApiRequest.call(this, { method: 'GET', path: '/me', itemIndex }));
		return [Object.fromEntries(Object.entries(settings).filter(([key]) => !/token/i.test(key)))];
	},
};
