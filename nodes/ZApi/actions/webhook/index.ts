import type { ZApiResource } from '../types';
import { setReceivedUrl } from './setReceivedUrl.operation';
import { setStatusUrl } from './setStatusUrl.operation';

export const webhook: ZApiResource = {
	value: 'webhook',
	name: 'Webhook',
	description: 'Where Z-API sends the instance’s events',
	operations: [setReceivedUrl, setStatusUrl],
};
