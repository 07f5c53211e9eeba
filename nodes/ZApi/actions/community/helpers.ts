import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, listEntries, normalizeGroupId, requireIdSegment } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';

export const COMMUNITY_HINT =
	"Check the community ID (as Community → Create and Get Many output it), that the instance's phone is an admin of the community and that the instance is connected.";

export const communityIdProperty: INodeProperties = {
	displayName: 'Community ID',
	name: 'communityId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '98372465382764532938',
	description: 'The community ID, as Community → Create and Get Many output it',
};

/** The groups a link or unlink acts on (docs/communities/link-groups.md: `groupsPhones`). */
export const groupIdsProperty: INodeProperties = {
	displayName: 'Group IDs',
	name: 'groupIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: '120363019502650977-group, 1203634230225498-group',
	description: 'The groups, by group ID, separated by commas (or an expression returning a list)',
};

export function readCommunityId(this: IExecuteFunctions, itemIndex: number): string {
	return requireIdSegment(this.getNodeParameter('communityId', itemIndex), 'Community ID', '98372465382764532938');
}

export function readGroupIds(this: IExecuteFunctions, itemIndex: number): string[] {
	const hint = 'Give one or more group IDs (120363019502650977-group) separated by commas, or an expression returning a list.';
	const ids = [...new Set(listEntries(this.getNodeParameter('groupIds', itemIndex), 'Group IDs', hint).map((entry) => normalizeGroupId(entry)))];
	if (!ids.length) throw new InputError('Group IDs is empty', hint);
	return ids;
}

/**
 * Links groups to a community or unlinks them (docs/communities/link-groups.md,
 * unlink-groups.md): the response must say `success: true`. It is output whole, as the
 * link page says it names the groups already in another community.
 */
export async function changeCommunityGroups(this: IExecuteFunctions, itemIndex: number, change: 'link' | 'unlink'): Promise<IDataObject[]> {
	const communityId = readCommunityId.call(this, itemIndex);
	const groupsPhones = readGroupIds.call(this, itemIndex);
	const response = await zApiRequest.call(this, { method: 'POST', path: `/communities/${change}`, body: { communityId, groupsPhones }, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', {
		tried: `${change} ${groupsPhones.join(', ')} ${change === 'link' ? 'to' : 'from'} community ${communityId}`,
		hint:
			change === 'link'
				? `${COMMUNITY_HINT} A group can belong to one community only.`
				: `${COMMUNITY_HINT} A community keeps at least one group besides its announcement group.`,
		itemIndex,
	});
	return [{ ...(response as IDataObject), communityId, groupsPhones }];
}
