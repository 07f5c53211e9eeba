import type { ZApiResource } from '../types';
import { request } from './request.operation';

export const customApiCall: ZApiResource = {
	value: 'customApiCall',
	name: 'Custom API Call',
	description: 'Any other Z-API endpoint, by method and path, through the same credentials',
	operations: [request],
};
