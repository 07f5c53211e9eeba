import type {
	INodeCredentialDescription,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, VersionedNodeType } from 'n8n-workflow';

import { testInstanceCredential } from '../shared/credentialCheck';
import { CONTENT_KINDS, FLAG_KINDS, NOTIFICATION_KINDS, SENDERS, STATUS_KINDS } from '../shared/delivery/kinds';
import { EVENT_CHOICES } from './eventChoices';
import { DEFAULT_BINARY_PROPERTY, DEFAULT_MAX_FILE_MB } from '../shared/mediaDownload';
import { testConversationState } from '../shared/conversationState/credentialTest';
import { FOLLOWED_BY_COMBINE, SWITCH_LABEL, SWITCH_VERSION } from './arrivals';
import { receive } from './receive';
import { receiveControl } from './controlRequests';
import { CONTROL_METHOD } from './control';
import { DEFAULT_REPEAT_WINDOW_MINUTES } from './repeats';
import { checkExists, create, remove } from './registration';

const EVENT_LABELS = JSON.stringify(Object.fromEntries(EVENT_CHOICES.map(({ value, name }) => [value, name])));

/** The canvas subtitle: the chosen events by their labels, from the Events table. */
const SUBTITLE = `={{ ($parameter["events"] || []).map((value) => (${EVENT_LABELS})[value] || value).join(", ") }}`;

/** What every version shares: n8n shows it before a version is chosen. */
const BASE_DESCRIPTION: INodeTypeBaseDescription = {
	displayName: 'Z-API Trigger',
	name: 'zApiTrigger',
	icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
	group: ['trigger'],
	subtitle: SUBTITLE,
	// n8n's node panel shows this text for the Z-API entry as a whole, actions included
	// (it lists a node and its trigger as one app, described by the trigger).
	description:
		'Send and receive WhatsApp messages through a Z-API instance: start workflows on messages and events, send texts, media, polls and buttons, read chats, manage groups',
	defaultVersion: SWITCH_VERSION,
};

/** Labels as n8n words one credential of a node: without them n8n labels both fields "Credential". */
const INSTANCE_CREDENTIAL: INodeCredentialDescription = {
	name: 'zApiApi',
	displayName: 'Credential for Z-API Instance API',
	required: true,
	// Tested by the nodes, in words naming the credential and the field to fix (shared/credentialCheck.ts).
	testedBy: 'zApiApiTest',
};

/**
 * Needed when a Combine Quick Messages follows (the trigger records each message as it arrives)
 * or a Send and Wait for Reply (the trigger reads its questions): arrivals.ts. Tested as in the Z-API node (shared/conversationState/credentialTest.ts).
 *
 * Versions 1 and 1.1 show it always and optional: n8n only marks a credential that is both
 * shown and required, so they could not show the need before Publish. Version 1.2 shows it
 * behind its switch (SWITCH_LABEL), required: switched on and left empty, n8n marks
 * the node ("1 node has issues") before Publish. A node's credential list cannot differ by
 * version within one description (required is one flag, and n8n reads only the first entry of
 * a type), hence a description per version. Saved workflows keep their version, so a trigger
 * that has the credential keeps it shown and working, and one without it gets no new issue.
 */
const SAVED_STATE_CREDENTIAL: INodeCredentialDescription = {
	name: 'zApiConversationStateApi',
	displayName: 'Credential for Z-API Conversation State API',
	required: false,
	testedBy: 'zApiConversationStateTest',
};
const STATE_CREDENTIAL: INodeCredentialDescription = { ...SAVED_STATE_CREDENTIAL, required: true, displayOptions: { show: { [FOLLOWED_BY_COMBINE]: [true] } } };

/** Version 1.2's switch, right after Events. Off by default: a trigger without them needs no second credential. */
const followedByCombineProperty: INodeProperties = {
	displayName: SWITCH_LABEL,
	name: FOLLOWED_BY_COMBINE,
	type: 'boolean',
	default: false,
	description:
		'Whether a Z-API Combine Quick Messages or Send and Wait for Reply follows this trigger. Turn it on, then choose in Credential for Z-API Conversation State API the same credential as in that node: the trigger records each message there as it arrives, so a burst is counted from then however busy n8n is, and reads there the questions waiting for a reply. Publishing is refused while one follows and this is off.',
};

/**
 * The description of one version. Versions 1 and 1.1 behave the same: n8n evaluates an
 * expression (the old Webhook node's binaryData option) on every delivery to any webhook node
 * of version 1 exactly, in an expression isolate; from 1.1 on it does not. 1.2 adds the switch
 * showing the Conversation State credential (above).
 */
function versionDescription(versions: number[], withSwitch: boolean): INodeTypeDescription {
	const properties = TRIGGER_PROPERTIES.flatMap((property) => (withSwitch && property.name === 'events' ? [property, followedByCombineProperty] : [property]));
	return {
		...BASE_DESCRIPTION,
		version: versions,
		defaults: { name: 'Z-API Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [INSTANCE_CREDENTIAL, withSwitch ? STATE_CREDENTIAL : SAVED_STATE_CREDENTIAL],
		webhooks: WEBHOOKS,
		properties,
	};
}

const WEBHOOKS: INodeTypeDescription['webhooks'] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		path: 'webhook',
		// The node registers its own signed address; a copy of the bare URL pasted into the
		// Z-API panel would only be refused.
		ndvHideUrl: true,
	},
	{
		// Requests of the other Z-API Triggers of this n8n setting up how they share the instance
		// (controlRequests.ts): the same address, another method, so a delivery is never taken
		// for one. n8n names a node's webhooks 'default' or 'setup'.
		name: 'setup',
		httpMethod: CONTROL_METHOD,
		responseMode: 'onReceived',
		path: 'webhook',
		ndvHideUrl: true,
	},
];

/** What answers a request, by the webhook it came to (n8n names it). */
const RECEIVERS: Record<string, (this: IWebhookFunctions) => Promise<IWebhookResponseData>> = { default: receive, setup: receiveControl };

/** The events whose items are messages: message kinds, flags and media apply to them. */
const MESSAGE_EVENTS = ['messageReceived', 'messageSent'];

/** A list narrowing which items of `events` start the workflow; left empty, all do. */
function narrowing(displayName: string, name: string, events: string[], options: INodePropertyOptions[], description: string): INodeProperties {
	return { displayName, name, type: 'multiOptions', options, default: [], description, displayOptions: { show: { events } } };
}

/** The switch of one message flag (MESSAGE_FLAG_FILTERS, filters.ts): on by default, shown for message events. */
function flagOption(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'boolean', default: true, description, displayOptions: { show: { '/events': MESSAGE_EVENTS } } };
}

const OPTIONS: INodeProperties[] = [
	{
		displayName: 'Chats',
		name: 'chatType',
		type: 'options',
		options: [{ name: 'All Chats', value: 'all' }, { name: 'Groups Only', value: 'groups' }, { name: 'No Groups', value: 'private' }],
		default: 'all',
		description: 'Whether group chats, one-to-one chats or both start the workflow',
	},
	{
		displayName: 'Download Media',
		name: 'downloadMedia',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the file of image, audio, video, document, sticker, template and button messages and put it on the item as binary data (for an AI model, storage or transcription). A file that cannot be downloaded leaves the item without it, with the reason in media.reason.',
		displayOptions: { show: { '/events': MESSAGE_EVENTS } },
	},
	flagOption('Ignore Broadcast Messages', 'ignoreBroadcasts', 'Whether messages with broadcast true (sent to a broadcast list) start no execution'),
	flagOption('Ignore Edits', 'ignoreEdits', 'Whether an edited message starts no execution. Off, an edit starts one like a new message, with isEdit true and the same message ID, so a bot may answer it twice.'),
	{
		displayName: 'Ignore Repeated Deliveries',
		name: 'ignoreRepeats',
		type: 'boolean',
		default: true,
		description:
			'Whether a delivery Z-API sends again (same message ID and kind, or same status and IDs) starts no second execution. Two copies arriving at the very same moment may still both start.',
	},
	flagOption('Ignore Replies to My Status', 'ignoreStatusReplies', 'Whether replies to the instance’s WhatsApp status (isStatusReply true) start no execution'),
	flagOption('Include Channel Posts', 'includeChannelPosts', 'Whether posts of WhatsApp channels (isNewsletter true) start the workflow. Without this option they do not: a bot has no one to answer in a channel.'),
	{
		displayName: 'Max File Size (MB)',
		name: 'maxFileSizeMb',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_FILE_MB,
		description:
			'Larger files are not downloaded (with Download Media on); the item says so in media.reason. Files go to n8n’s binary data storage, not into the item’s JSON.',
		displayOptions: { show: { downloadMedia: [true], '/events': MESSAGE_EVENTS } },
	},
	{
		displayName: 'One Item per Message ID',
		name: 'splitStatusIds',
		type: 'boolean',
		default: false,
		description:
			'Whether a status change covering several messages gives one item per message instead of one item with all IDs',
		displayOptions: { show: { '/events': ['messageStatus'] } },
	},
	{
		displayName: 'Only These Phones',
		name: 'phones',
		type: 'string',
		default: '',
		placeholder: '5511999999999, 120363019502650977-group',
		description:
			'Comma-separated phones, group IDs or LID IDs. Only events of these chats (or sent by these group members) start the workflow. An entry that is none of these stops the activation.',
	},
	{
		displayName: 'Put File in Field',
		name: 'binaryProperty',
		type: 'string',
		default: DEFAULT_BINARY_PROPERTY,
		description: 'Name of the binary field the downloaded file goes to (with Download Media on)',
		displayOptions: { show: { downloadMedia: [true], '/events': MESSAGE_EVENTS } },
	},
	{
		displayName: 'Repeat Window (Minutes)',
		name: 'repeatWindowMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_REPEAT_WINDOW_MINUTES,
		description: 'How long a delivery is remembered to recognise it when it comes again (with Ignore Repeated Deliveries on, its default)',
		// Hidden only once Ignore Repeated Deliveries is added and turned off: absent, it is on.
		displayOptions: { hide: { ignoreRepeats: [false] } },
	},
	{
		displayName: 'Start on Answers Elsewhere',
		name: 'startOnAnswersElsewhere',
		type: 'boolean',
		default: false,
		description:
			'Whether a message that answers a question of Send and Wait for Reply waiting in another workflow on this instance also starts this workflow. Off, the answer goes to the waiting execution only.',
		displayOptions: { show: { '/events': ['messageReceived'] } },
	},
	{
		displayName: 'Unknown Events',
		name: 'unknownEvents',
		type: 'options',
		options: [
			{ name: 'Start the Workflow', value: 'emit', description: 'As items of kind unknown, with the delivery as it came in payload' },
			{ name: 'Ignore Them', value: 'drop' },
		],
		default: 'emit',
		description: 'What to do with deliveries this node does not recognise, such as kinds added to Z-API later',
	},
];

const TRIGGER_PROPERTIES: INodeProperties[] = [
	{
		displayName:
			'Activating points the instance’s webhooks at this workflow over https, shared with other active Z-API Trigger workflows of this n8n; another program’s address is put back when the last one stops, and after test listening.',
		name: 'webhookNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: EVENT_CHOICES.map(({ name, value, description }) => ({ name, value, description })),
		default: ['messageReceived'],
		description:
			'What starts the workflow. Only the webhooks these events need are registered; Z-API keeps one address per webhook, so another app using them stops receiving until this one is deactivated (then it is put back), while other active workflows of this n8n share them. Message Sent by Me also turns on Z-API’s notify sent by me for the instance until then. n8n must be reachable over https.',
	},
	narrowing('Sent by Me From', 'sentByMe', ['messageSent'], SENDERS.filter(({ fromMe }) => fromMe).map(({ name, value, description }) => ({ name, value, description })), 'Which of my messages start the workflow: typed by a person on the instance’s phone or WhatsApp Web, sent through the API, or from a delivery that does not say. Leave empty for all. The item’s sentBy says which.'),
	narrowing('Message Kinds', 'contentKinds', MESSAGE_EVENTS, [...CONTENT_KINDS, ...FLAG_KINDS].map(({ kind, label }) => ({ name: label, value: kind })), 'Only messages of these kinds start the workflow. Leave empty for all kinds.'),
	narrowing('Notification Kinds', 'notificationKinds', ['notification'], NOTIFICATION_KINDS.map(({ code, label }) => ({ name: label, value: code })), 'Only notifications of these kinds start the workflow, for example Participant Added. Leave empty for all kinds.'),
	narrowing('Statuses', 'statusKinds', ['messageStatus'], STATUS_KINDS.map(({ status, label }) => ({ name: label, value: status })), 'Only status changes to these statuses start the workflow. Leave empty for all. Read by Me also covers the older spelling READ-SELF.'),
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: OPTIONS },
];

/** What every version does: the same webhooks, the same behaviour. */
abstract class ZApiTriggerBehaviour {
	methods = { credentialTest: { zApiApiTest: testInstanceCredential, zApiConversationStateTest: testConversationState } };

	webhookMethods = { default: { checkExists, create, delete: remove } };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (RECEIVERS[this.getWebhookName()] ?? receive).call(this);
	}
}

/** Versions 1 and 1.1: what saved workflows hold. n8n's lint reads icon and subtitle in each class's own description. */
class ZApiSavedVersionsTrigger extends ZApiTriggerBehaviour implements INodeType {
	description: INodeTypeDescription = {
		...versionDescription([1, 1.1], false),
		icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
		subtitle: SUBTITLE,
	};
}

/** Version 1.2: the switch showing the Conversation State credential (SWITCH_LABEL). */
class ZApiSwitchVersionTrigger extends ZApiTriggerBehaviour implements INodeType {
	description: INodeTypeDescription = {
		...versionDescription([SWITCH_VERSION], true),
		icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
		subtitle: SUBTITLE,
	};
}

export class ZApiTrigger extends VersionedNodeType {
	constructor() {
		super({ 1: new ZApiSavedVersionsTrigger(), 1.1: new ZApiSavedVersionsTrigger(), [SWITCH_VERSION]: new ZApiSwitchVersionTrigger() }, BASE_DESCRIPTION);
	}
}
