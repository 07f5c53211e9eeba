import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { changeChannel, channelIdProperty, channelPath, MANAGED_HINT, readChannelId } from './helpers';

/** docs/newsletter/update-newsletter-config.md: `reactionCodes` is basic or all. */
const REACTION_CODES = ['basic', 'all'];

export const updateSettings: ZApiOperation = {
	value: 'updateSettings',
	name: 'Update Settings',
	action: 'Update the settings of a channel',
	description: "Choose which reactions followers may leave on a channel's posts",
	properties: [
		channelIdProperty,
		{
			displayName: 'Reactions',
			name: 'reactionCodes',
			type: 'options',
			options: [
				{ name: 'All Reactions', value: 'all', description: 'Followers may react with any emoji' },
				{ name: 'Basic Reactions Only', value: 'basic', description: "Followers may react with WhatsApp's default emojis only" },
			],
			default: 'all',
			description: 'Which reactions followers may leave on posts',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const reactionCodes = String(this.getNodeParameter('reactionCodes', itemIndex));
		if (!REACTION_CODES.includes(reactionCodes)) {
			throw new InputError(`Reactions '${reactionCodes.slice(0, 20)}' is not a setting Z-API knows`, 'Use all or basic.');
		}
		// The ID goes in the path, the setting in the body; answered {value: true}.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: channelPath('/newsletter/settings', channelId),
			body: { reactionCodes },
			tried: `change the settings of channel ${channelId}`,
			hint: MANAGED_HINT,
			expect: 'confirmation',
		});
		return [{ success: true, channelId, reactionCodes }];
	},
};
