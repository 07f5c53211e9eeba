import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { errorItem, itemError } from '../itemErrors';
import { readChat, requireText } from '../parameters';
import { sentItemsOf } from '../sentItems';
import type { ItemRead, ZApiOperation } from '../types';
import { BUTTONS_DEPEND_ON_ACCOUNT, type ReadParameter, type SendCall, sendMessage, waitLimit } from './helpers';
import { properties } from './sendAndWait';
import { answerFormFields, answerLinks, messageWithLinks } from './sendAndWait/response';

/** n8n 1.x checks the links' signature only for executions that ask for it; 2.x always does. */
type SignatureSwitch = { setSignatureValidationRequired?: () => void };

/** The response settings are the first item's, as on n8n's own nodes: one execution waits for one answer. */
const firstItem = (context: IExecuteFunctions): ReadParameter => (name, fallback) => context.getNodeParameter(name, 0, fallback);

/** The request that sends one item's message with the answer links. */
function messageRequest(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): SendCall & { phone: string } {
	const phone = readChat.call(this, itemIndex, read);
	const message = requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the question to send, or map it from a previous node.');
	const links = answerLinks(firstItem(this), (query) => this.getSignedResumeUrl(query));
	if (this.getNodeParameter('linkStyle', itemIndex, 'text') === 'buttons') {
		return {
			path: '/send-button-actions',
			body: { phone, message, buttonActions: links.map((link) => ({ type: 'URL', label: link.label, url: link.url })) },
			phone,
			tried: `send the answer buttons to ${phone}`,
			hint: `${BUTTONS_DEPEND_ON_ACCOUNT}. Set Send Links As to Links in the Text, which works on every account.`,
		};
	}
	return { path: '/send-text', body: { phone, message: messageWithLinks(message, links) }, phone, tried: `send the question to ${phone}` };
}

/**
 * Checks everything first (the response settings, then every item), so bad input stops the
 * node before any message goes out. Then sends each item's message and puts the execution to
 * wait; the answer becomes the node's output when a link is followed. With Continue On Fail,
 * failed items become error items, and the node does not wait when no message went out.
 */
async function sendThenWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	let waitTill: Date;
	try {
		answerFormFields(firstItem(this));
		waitTill = waitLimit(firstItem(this), new Date());
	} catch (caught) {
		const error = itemError(this, caught, 0);
		if (!this.continueOnFail()) throw error;
		return [items.map((_item, item) => errorItem(error, item))];
	}

	const failed: INodeExecutionData[] = [];
	const fail = (caught: unknown, item: number) => {
		const error = itemError(this, caught, item);
		if (!this.continueOnFail()) throw error;
		failed.push(errorItem(error, item));
	};
	const requests: Array<{ item: number; call: SendCall & { phone: string } }> = [];
	items.forEach((_item, item) => {
		try {
			requests.push({ item, call: messageRequest.call(this, item) });
		} catch (caught) {
			fail(caught, item);
		}
	});
	const sentItems = sentItemsOf(this);
	let sent = 0;
	for (const { item, call } of requests) {
		try {
			await sentItems.once(item, async () => await sendMessage.call(this, item, call));
			sent++;
		} catch (caught) {
			fail(caught, item);
		}
	}
	if (sent === 0) return [failed];

	(this as unknown as SignatureSwitch).setSignatureValidationRequired?.();
	await this.putExecutionToWait(waitTill);
	return [items.map((item, index) => ({ json: item.json, pairedItem: { item: index } }))];
}

export const sendAndWait: ZApiOperation = {
	value: SEND_AND_WAIT_OPERATION,
	name: 'Send and Wait for Response',
	action: 'Send a message and wait for response',
	description:
		'Send a question with answer links (approve/decline, a free text or a form) and pause the workflow until the person answers; the answer is the output',
	properties,
	orderedBy: 'phone',
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		return await sendMessage.call(this, itemIndex, messageRequest.call(this, itemIndex, read));
	},
	executeAllItems: sendThenWait,
};
