import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { changeLabel, labelIdProperty, readLabelId } from './labelCall';
import { chatProperty, readChat } from '../parameters';

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
