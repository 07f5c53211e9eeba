import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';

/**
 * PUTs one setting of the instance or of its WhatsApp profile as {value}, the body every
 * such page shows (docs/instance/rename-instance.md, auto-read.md, profile-name.md, …), and
 * fails the item unless the documented {value: true} comes back.
 */
export async function putSetting(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { path: string; value: string | boolean; tried: string; hint?: string },
): Promise<void> {
	const body: IDataObject = { value: call.value };
	const response = await zApiRequest.call(this, { method: 'PUT', path: call.path, body, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', {
		tried: call.tried,
		hint: call.hint ?? 'Check that the instance is connected (Instance → Get Status), then try again.',
		itemIndex,
	});
}
