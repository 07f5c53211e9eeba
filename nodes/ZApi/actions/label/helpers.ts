import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, requireIdSegment } from '../../../shared/input';
import { requireAccepted, type ZApiCall, zApiRequest } from '../../../shared/transport';
import { chatProperty, readChat, requireText } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

/** Why a label call fails, whatever the operation: labels exist only on WhatsApp Business. */
export const LABEL_HINT = 'Labels exist only on WhatsApp Business accounts: check with Instance → Get Device (isBusiness), and that the instance is connected.';

export const labelIdProperty: INodeProperties = {
	displayName: 'Label ID',
	name: 'labelId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '1',
	description: "The label's ID, as Label → Get Many lists it or Label → Create outputs it",
};

export const labelNameProperty: INodeProperties = {
	displayName: 'Name',
	name: 'labelName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'New customer',
	description: 'The name of the label, as the chat list shows it',
};

/** The optional colour of a created or edited label. */
export const colorOption: INodeProperties = {
	displayName: 'Color',
	name: 'color',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description: 'The number of the colour, as Label → Get Colors lists them (0, 1, 2, …). The colours shown vary between Android and iPhone.',
};

export function readLabelId(this: IExecuteFunctions, itemIndex: number): string {
	return requireIdSegment(this.getNodeParameter('labelId', itemIndex), 'Label ID', '1');
}

/** Name and, when set, colour: the body of create-tag and edit-tag (docs/business/create-tag.md). */
export function readLabelFields(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = requireText(this.getNodeParameter('labelName', itemIndex), 'Name', 'Give the name of the label.');
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.color === undefined || options.color === '') return { name };
	const color = Number(options.color);
	if (!Number.isInteger(color) || color < 0) {
		throw new InputError(`Color must be a whole number of 0 or more (got ${String(options.color)})`, 'Use a colour number from Label → Get Colors, or remove the option.');
	}
	return { name, color };
}

/**
 * A label change whose page documents {success: boolean} (edit, delete) or {value: boolean}
 * (add to / remove from a chat): either true confirms; anything else fails the item (a
 * 'confirmation', by the one refusal rule of refusal.ts).
 */
export async function changeLabel(this: IExecuteFunctions, itemIndex: number, call: Omit<ZApiCall, 'itemIndex'> & { tried: string }): Promise<void> {
	const { tried, ...request } = call;
	const response = await zApiRequest.call(this, { ...request, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried, hint: LABEL_HINT, itemIndex });
}

/**
 * Adds a label to a chat or takes it off: PUT /chats/{phone}/tags/{tag}/add or /remove
 * (docs/business/tags-add.md, tags-remove.md), responding {value: boolean}.
 */
export function chatLabelOperation(
	listed: Omit<ZApiOperation, 'properties' | 'execute' | 'orderedBy'> & { change: 'add' | 'remove'; tried: string },
): ZApiOperation {
	const { change, tried, ...operation } = listed;
	return {
		...operation,
		orderedBy: 'phone',
		properties: [chatProperty, labelIdProperty],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex, read);
			const labelId = readLabelId.call(this, itemIndex);
			await changeLabel.call(this, itemIndex, {
				method: 'PUT',
				path: `/chats/${encodeURIComponent(phone)}/tags/${encodeURIComponent(labelId)}/${change}`,
				// The pages show no body. {} goes with the JSON Content-Type the service wants on a PUT.
				body: {},
				tried: `${tried} ${labelId} ${change === 'add' ? 'to' : 'from'} the chat with ${phone}`,
			});
			return [{ success: true, phone, labelId, labeled: change === 'add' }];
		},
	};
}
