import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isGroupId, requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { phoneProperty, readChat, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';

/**
 * A WhatsApp voice call (docs/calls/send-call.md). Listed under Message: it goes to a phone
 * and Z-API answers it as it answers a send ({zaapId, messageId}), so users find it beside
 * the sends rather than in a resource of its own.
 */
export const sendCall: ZApiOperation = {
	value: 'sendCall',
	name: 'Send Call',
	action: 'Call a phone on WhatsApp',
	description: 'Ring a WhatsApp number with a voice call for a few seconds (5 by default, up to 15), optionally playing an audio',
	orderedBy: 'phone',
	properties: [
		{
			...phoneProperty,
			displayName: 'Phone',
			description: "The phone to call, with country code (5511999999999; +55 (11) 99999-9999 is accepted). Groups cannot be called. For a Z-API Trigger item, its 'phone' field.",
		},
		optionsProperty([
			{
				displayName: 'Call Duration (Seconds)',
				name: 'callDuration',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 15 },
				default: 5,
				description: 'How long the call rings, 1 to 15 seconds; Z-API rings for 5 when not set',
			},
			{
				displayName: 'Audio URL',
				name: 'callAudioUrl',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/greeting.mp3',
				description: 'Public address of an audio (16k bitrate) played in the call. Z-API offers it only to accounts with its call feature turned on.',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		if (isGroupId(phone)) throw new InputError(`Send Call calls a phone, not a group ('${phone}')`, 'Set Phone to the number to call, with country code.');
		const options = readOptions.call(this, itemIndex);
		const body: IDataObject = { phone };
		if (options.callDuration !== undefined) {
			const seconds = Number(options.callDuration);
			if (options.callDuration === '' || !Number.isInteger(seconds) || seconds < 1 || seconds > 15) {
				throw new InputError(
					`Call Duration must be a whole number of seconds from 1 to 15 (got ${JSON.stringify(options.callDuration)})`,
					'Set Call Duration between 1 and 15, or remove the option (Z-API then rings for 5 seconds).',
				);
			}
			body.callDuration = seconds;
		}
		const audio = String(options.callAudioUrl ?? '').trim();
		if (audio) body.callAudioUrl = requireWebUrl(audio, 'Audio URL', 'audio');
		return await sendMessage.call(this, itemIndex, {
			path: '/send-call',
			body,
			phone,
			tried: `call ${phone}`,
			hint: 'Check that the instance is connected and that the phone is a WhatsApp number. An audio in the call needs Z-API\'s call feature on the account.',
		});
	},
};
