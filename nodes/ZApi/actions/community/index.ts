import type { ZApiResource } from '../types';
import { create } from './create.operation';
import { getMany } from './getMany.operation';
import { getMetadata } from './getMetadata.operation';
import { linkGroups } from './linkGroups.operation';
import { unlinkGroups } from './unlinkGroups.operation';

export const community: ZApiResource = {
	value: 'community',
	name: 'Community',
	description: 'Create communities, list them, read their details, link groups to them or unlink them',
	operations: [create, getMany, getMetadata, linkGroups, unlinkGroups],
};
