import type { ZApiResource } from '../types';
import { addParticipants } from './addParticipants.operation';
import { promoteToAdmin } from './promoteToAdmin.operation';
import { updatePhoto } from './updatePhoto.operation';

export const group: ZApiResource = {
	value: 'group',
	name: 'Group',
	description: 'Photo, admins and participants of a group',
	operations: [addParticipants, promoteToAdmin, updatePhoto],
};
