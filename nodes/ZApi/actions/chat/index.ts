import type { ZApiResource } from '../types';
import { getMessages } from './getMessages.operation';

export const chat: ZApiResource = {
	value: 'chat',
	name: 'Chat',
	description: 'Messages of one chat',
	operations: [getMessages],
};
