import type { ZApiResource } from '../types';
import { addToChat } from './addToChat.operation';
import { create } from './create.operation';
import { deleteLabel } from './delete.operation';
import { getColors } from './getColors.operation';
import { getMany } from './getMany.operation';
import { removeFromChat } from './removeFromChat.operation';
import { update } from './update.operation';

export const label: ZApiResource = {
	value: 'label',
	name: 'Label',
	description: 'WhatsApp Business labels: list, create, update and delete them, put them on chats or take them off',
	operations: [addToChat, create, deleteLabel, getColors, getMany, removeFromChat, update],
};
