import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { normalizeChannelId, normalizePhone } from '../../../shared/input';
import type { Expectation } from '../../../shared/transport';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import { readParameter } from '../parameters';
import type { ZApiOperation } from '../types';

/*
 * WhatsApp channels, which Z-API's pages call newsletters (docs/newsletter/*.md). Every page
 * takes the channel's ID with its @newsletter suffix (normalizeChannelId), in the body as `id`
 * or in the path, where it is encoded as every ID in a path is.
 */

export const CHANNEL_ID_EXAMPLE = '120363166555745933@newsletter';

/** What to check when Z-API refuses a change of a channel the instance runs. */
export const MANAGED_HINT =
	"Check the channel ID (as Channel → Create, Get Many or Search output it), that the instance's phone owns the channel or is one of its admins, and that the instance is connected.";

/** What to check when Z-API refuses to follow, unfollow, mute or unmute a channel. */
export const FOLLOWED_HINT = 'Check the channel ID (as Channel → Get Many or Search output it) and that the instance is connected.';

export const channelIdProperty: INodeProperties = {
	displayName: 'Channel ID',
	name: 'channelId',
	type: 'string',
	required: true,
	default: '',
	placeholder: CHANNEL_ID_EXAMPLE,
	description: "The channel's ID, ending in @newsletter, as Channel → Create, Get Many and Search output it",
};

/** The person an admin change is about, by phone. */
export function adminPhoneProperty(description: string): INodeProperties {
	return { displayName: 'Phone', name: 'phone', type: 'string', required: true, default: '', placeholder: '5511999999999', description };
}

export function readChannelId(this: IExecuteFunctions, itemIndex: number): string {
	return normalizeChannelId(readParameter.call(this, itemIndex, 'channelId'));
}

export function readAdminPhone(this: IExecuteFunctions, itemIndex: number): string {
	return normalizePhone(readParameter.call(this, itemIndex, 'phone'));
}

/** A path ending in the channel's ID: /newsletter/settings/120363166555745933%40newsletter. */
export const channelPath = (prefix: string, channelId: string) => `${prefix}/${encodeURIComponent(channelId)}`;

export interface ChannelChange {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	/** Completes "Z-API could not …": 'mute channel 120363166555745933@newsletter'. */
	tried: string;
	hint: string;
	/**
	 * `confirmation` where the page documents {value: true} as the answer, `noRefusal` where it
	 * shows a 201 with no body (the admin pages).
	 */
	expect: Expectation;
}

/** One change of a channel; fails the item when Z-API's answer says it did not happen. */
export async function changeChannel(this: IExecuteFunctions, itemIndex: number, change: ChannelChange): Promise<void> {
	const response = await zApiRequest.call(this, { method: change.method, path: change.path, body: change.body, itemIndex });
	requireAccepted(this.getNode(), response, change.expect, { tried: change.tried, hint: change.hint, itemIndex });
}

/** Follow, Unfollow, Mute, Unmute and Delete: `{id}` in the body, {value: true} as the answer. */
export interface IdOnlyChange {
	value: string;
	name: string;
	action: string;
	description: string;
	method: 'PUT' | 'DELETE';
	path: string;
	/** The verb of the error message: 'follow', 'mute'. */
	verb: string;
	hint: string;
}

/**
 * An operation whose page takes only the channel's ID, as `{id}` in a JSON body, and answers
 * {value: true} (docs/newsletter/follow-newsletter.md, unfollow-, mute-, unmute-, delete-newsletter.md).
 */
export function idOnlyOperation(change: IdOnlyChange): ZApiOperation {
	return {
		value: change.value,
		name: change.name,
		action: change.action,
		description: change.description,
		properties: [channelIdProperty],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const channelId = readChannelId.call(this, itemIndex);
			await changeChannel.call(this, itemIndex, {
				method: change.method,
				path: change.path,
				body: { id: channelId },
				tried: `${change.verb} channel ${channelId}`,
				hint: change.hint,
				expect: 'confirmation',
			});
			return [{ success: true, channelId }];
		},
	};
}
