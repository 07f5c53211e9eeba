import type { ZApiResource } from '../types';
import { count } from './count.operation';
import { deleteMessage } from './delete.operation';
import { deleteAll } from './deleteAll.operation';
import { getMany } from './getMany.operation';

export const queue: ZApiResource = {
	value: 'queue',
	name: 'Queue',
	description: 'Messages sent through Z-API that wait to go out: list, count, delete',
	operations: [count, deleteMessage, deleteAll, getMany],
};
