/** Z-API Trigger message items as the trigger emits them, for the conversation operations. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

export const ANA = '5511911111111';
export const BRUNO = '5521922222222';

let clock = 0;

/**
 * A message item of `phone`, sent now (a millisecond after the last one at least): Combine
 * Quick Messages draws bursts from the times messages were sent, as a person types them.
 */
export function incoming(phone: string, text: string | null, extra: IDataObject = {}): INodeExecutionData {
	clock = Math.max(clock + 1, Date.now());
	const messageId = String(extra.messageId ?? `M-${phone.slice(-2)}-${clock}`);
	return {
		json: {
			event: 'message',
			kind: 'text',
			phone,
			chatId: phone,
			senderName: `Person ${phone.slice(-2)}`,
			messageId,
			fromMe: false,
			text,
			momment: clock,
			timestamp: new Date(clock).toISOString(),
			payload: { phone, messageId, fromMe: false, fromApi: false, momment: clock, text: { message: text } },
			...extra,
		},
	};
}

/** A message I sent: from the phone by a person (fromApi false) or by the bot through the API. */
export function sentByMe(phone: string, text: string, fromApi: boolean, where: 'item' | 'payload' = 'item'): INodeExecutionData {
	const item = incoming(phone, text, { fromMe: true });
	if (where === 'item') item.json.fromApi = fromApi;
	(item.json.payload as IDataObject).fromApi = fromApi;
	(item.json.payload as IDataObject).fromMe = true;
	return item;
}
