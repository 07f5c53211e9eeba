import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { chatProperty, readChat } from '../chat/modifyChat';
import type { ZApiOperation } from '../types';
import { changeLabel, labelIdProperty, readLabelId } from './labelCall';

/**
 * Adds a label to a chat or takes it off: PUT /chats/{phone}/tags/{tag}/add or /remove
 * (docs/business/tags-add.md, tags-remove.md), answered {value: boolean}.
 */
export function chatLabelOperation(
	listed: Omit<ZApiOperation, 'properties' | 'execute' | 'orderedBy'> & { change: 'add' | 'remove'; tried: string },
): ZApiOperation {
	const { change, tried, ...operation } = listed;
	return {
		...operation,
		orderedBy: 'phone',
		properties: [chatProperty, labelIdProperty],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex);
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
