import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export interface SessionCall extends Omit<ZApiOperation, 'properties' | 'execute'> {
	path: string;
	/** What was tried, for the error message: 'restart the instance'. */
	tried: string;
	/** The output when the service confirms. */
	output: IDataObject;
}

/**
 * A GET that changes the session (restart, disconnect). Restart answers {value: true};
 * disconnect's response is not documented, so only an explicit refusal ({value: false} or
 * an `error`) fails the item.
 */
export function sessionCall(call: SessionCall): ZApiOperation & Pick<SessionCall, 'path'> {
	const { path, tried, output, ...listed } = call;
	return {
		...listed,
		path,
		properties: [],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const response = await zApiRequest.call(this, { method: 'GET', path, itemIndex });
			requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: 'Check the instance in the Z-API panel, then try again.', itemIndex });
			return [{ success: true, ...output }];
		},
	};
}

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
