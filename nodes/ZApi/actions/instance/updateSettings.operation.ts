import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { putSetting } from './helpers';

interface Setting {
	option: INodeProperties;
	/** docs/instance/: each setting has its own PUT {value}. */
	path: string;
	/** Completes "Z-API could not …". */
	tried: (value: string | boolean) => string;
}

/**
 * The settings, in the order they are sent: each page says its setting works only with the
 * one before it on (auto-read-status.md needs auto-read; call-reject-message.md needs
 * call rejection), so a change turning both on sets the first one first.
 */
const SETTINGS: Setting[] = [
	{
		option: {
			displayName: 'Auto Read Messages',
			name: 'autoReadMessages',
			type: 'boolean',
			default: false,
			description: 'Whether every message received is marked as read at once (blue ticks)',
		},
		path: '/update-auto-read-message',
		tried: (on) => `turn ${on ? 'on' : 'off'} auto read of messages`,
	},
	{
		option: {
			displayName: 'Auto Read Statuses',
			name: 'autoReadStatuses',
			type: 'boolean',
			default: false,
			description: 'Whether every status posted by contacts is marked as seen at once. Works only with Auto Read Messages on.',
		},
		path: '/update-auto-read-status',
		tried: (on) => `turn ${on ? 'on' : 'off'} auto read of statuses`,
	},
	{
		option: {
			displayName: 'Reject Calls',
			name: 'rejectCalls',
			type: 'boolean',
			default: false,
			description: 'Whether every incoming voice call is rejected automatically',
		},
		path: '/update-call-reject-auto',
		tried: (on) => `turn ${on ? 'on' : 'off'} call rejection`,
	},
	{
		option: {
			displayName: 'Call Rejection Message',
			name: 'callRejectMessage',
			type: 'string',
			default: '',
			placeholder: 'Sorry, we cannot take calls. Please write to us here.',
			description: 'The message sent to the caller after a call is rejected. Works only with Reject Calls on.',
		},
		path: '/update-call-reject-message',
		tried: () => 'set the call rejection message',
	},
];

export const updateSettings: ZApiOperation = {
	value: 'updateSettings',
	name: 'Update Settings',
	action: 'Update the instance settings',
	description: 'Turn auto read of messages and statuses and automatic call rejection on or off, and set the message callers get. Only the settings added are changed.',
	// n8n sorts a collection's options by name when it shows them.
	properties: [optionsProperty([...SETTINGS.map((setting) => setting.option)].sort((a, b) => a.displayName.localeCompare(b.displayName)), { displayName: 'Settings', placeholder: 'Add setting' })],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const chosen = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const changes = SETTINGS.filter(({ option }) => chosen[option.name] !== undefined).map((setting) => {
			const raw = chosen[setting.option.name];
			const value = setting.option.type === 'boolean' ? raw === true || raw === 'true' : String(raw).trim();
			return { setting, value };
		});
		if (!changes.length) {
			throw new InputError('No setting to change', 'Add at least one setting under Settings: Auto Read Messages, Auto Read Statuses, Call Rejection Message or Reject Calls.');
		}
		const done: IDataObject = {};
		const changed: string[] = [];
		for (const { setting, value } of changes) {
			await putSetting.call(this, itemIndex, {
				path: setting.path,
				value,
				tried: setting.tried(value),
				hint: changed.length
					? `Already changed: ${changed.join(', ')}. Check that the instance is connected, then run again with the settings that were not.`
					: undefined,
			});
			done[setting.option.name] = value;
			changed.push(setting.option.displayName);
		}
		return [{ success: true, ...done }];
	},
};
