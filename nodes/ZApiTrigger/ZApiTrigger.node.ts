import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getInstance } from '../shared/transport';
import { CONTENT_KINDS, NOTIFICATION_KINDS } from './callbackKinds';
import { verifyDelivery } from './deliverySecret';
import { EVENT_CHOICES } from './eventChoices';
import { isObject, toItems } from './events';
import { acceptor } from './filters';
import { checkExists, create, deliveryScope, registrationOf, remove } from './registration';

export class ZApiTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Z-API Trigger',
		name: 'zApiTrigger',
		icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: 'Starts the workflow on WhatsApp messages, status changes and group notifications of a Z-API instance',
		defaults: { name: 'Z-API Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'zApiApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
				// The node registers its own signed address; a copy of the bare URL pasted into the
				// Z-API panel would only be refused.
				ndvHideUrl: true,
			},
		],
		properties: [
			{
				displayName:
					'Activating this workflow points the instance’s webhooks at it, replacing what was set before (Z-API keeps one address per webhook). Listening for a test event points them at the test address until listening stops, then puts back what was there before, so an active workflow receives again. n8n must be reachable over https.',
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
				description: 'What starts the workflow. Only the webhooks these events need are registered.',
			},
			{
				displayName: 'Message Kinds',
				name: 'contentKinds',
				type: 'multiOptions',
				options: CONTENT_KINDS.map(({ kind, label }) => ({ name: label, value: kind })),
				default: [],
				description: 'Only messages of these kinds start the workflow. Leave empty for all kinds.',
				displayOptions: { show: { events: ['messageReceived', 'messageSent'] } },
			},
			{
				displayName: 'Notification Kinds',
				name: 'notificationKinds',
				type: 'multiOptions',
				options: NOTIFICATION_KINDS.map(({ code, label }) => ({ name: label, value: code })),
				default: [],
				description:
					'Only notifications of these kinds start the workflow, for example Participant Added. Leave empty for all kinds.',
				displayOptions: { show: { events: ['notification'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Chats',
						name: 'chatType',
						type: 'options',
						options: [
							{ name: 'All Chats', value: 'all' },
							{ name: 'Groups Only', value: 'groups' },
							{ name: 'No Groups', value: 'private' },
						],
						default: 'all',
						description: 'Whether group chats, one-to-one chats or both start the workflow',
					},
					{
						displayName: 'Only These Phones',
						name: 'phones',
						type: 'string',
						default: '',
						placeholder: '5511999999999, 120363019502650977-group',
						description:
							'Comma-separated phones, group IDs or LID IDs. Only events of these chats (or sent by these group members) start the workflow.',
					},
					{
						displayName: 'One Item per Message ID',
						name: 'splitStatusIds',
						type: 'boolean',
						default: false,
						description:
							'Whether a status change covering several messages gives one item per message instead of one item with all IDs',
					},
					{
						displayName: 'Unknown Events',
						name: 'unknownEvents',
						type: 'options',
						options: [
							{ name: 'Emit as Kind Unknown', value: 'emit' },
							{ name: 'Drop', value: 'drop' },
						],
						default: 'emit',
						description: 'What to do with deliveries this node does not recognise, such as kinds added to Z-API later',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const refuse = (status: number, error: string): IWebhookResponseData => {
			this.getResponseObject().status(status).json({ error });
			return { noWebhookResponse: true };
		};
		const instance = await getInstance.call(this);
		const verdict = verifyDelivery(
			this.getQueryData() as Record<string, unknown>,
			instance.instanceToken,
			deliveryScope(this),
			registrationOf(this).activation,
		);
		if (verdict === 'missing') return refuse(401, 'Unsigned delivery');
		if (verdict === 'invalid') return refuse(403, 'Invalid signature');

		const payload = this.getBodyData() as unknown;
		if (!isObject(payload)) return refuse(400, 'The body is not a JSON object');
		if (payload.instanceId !== instance.instanceId) {
			return refuse(403, 'Delivery for another instance');
		}

		const events = this.getNodeParameter('events', []) as string[];
		const contentKinds = this.getNodeParameter('contentKinds', []) as string[];
		const notificationKinds = this.getNodeParameter('notificationKinds', []) as string[];
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const accepted = acceptor(events, { contentKinds, notificationKinds }, options);
		const items = toItems(payload, { splitStatusIds: options.splitStatusIds === true }).filter(accepted);
		// Filtered-out deliveries are still answered 200: the service must not retry them.
		if (!items.length) return { webhookResponse: { received: true, started: false } };
		return { workflowData: [items.map((json) => ({ json }))] };
	}
}
