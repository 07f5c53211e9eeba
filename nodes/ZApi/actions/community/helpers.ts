import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, listEntries, normalizeCommunityId, normalizeGroupId } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { MemberTarget } from '../group/helpers';

export const COMMUNITY_HINT =
	"Check the community ID (as Community → Create and Get Many output it), that the instance's phone is an admin of the community and that the instance is connected.";

export const communityIdProperty: INodeProperties = {
	displayName: 'Community ID',
	name: 'communityId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '98372465382764532938',
	description: "The community ID, digits only, as Community → Create and Get Many output it (a group ID such as 120363019502650977-group is refused: that is the Group resource's)",
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
	return normalizeCommunityId(this.getNodeParameter('communityId', itemIndex));
}

/**
 * A community as the target of the member changes it shares with groups (Add Members, Remove
 * Members, Promote to Admin, Demote Admin): `communityId` in the body, as its pages write it.
 * Items run one by one, as every Community operation.
 */
export const COMMUNITY_TARGET: MemberTarget = {
	key: 'communityId',
	property: communityIdProperty,
	read: readCommunityId,
	hint: "The community may not exist (check the Community ID), or the instance's phone may not be an admin of it.",
};

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
