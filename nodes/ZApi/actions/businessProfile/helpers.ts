import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { OperationSpec, ZApiOperation } from '../types';

/** Said when a change of the business profile fails: the pages say they work on WhatsApp Business accounts only. */
export const BUSINESS_HINT =
	'The business profile exists only on WhatsApp Business accounts: check with Instance → Get Device (isBusiness), and that the instance is connected.';

/**
 * Changes one part of the instance's business profile: POST /business/… with the page's body.
 * Every page of docs/business/set-*.md answers {success: boolean} ("true when it worked,
 * false on failure"), so anything but a yes fails the item.
 */
export async function changeBusinessProfile(this: IExecuteFunctions, itemIndex: number, call: { path: string; body: IDataObject; tried: string; hint?: string }): Promise<void> {
	const response = await zApiRequest.call(this, { method: 'POST', path: call.path, body: call.body, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried: call.tried, hint: call.hint ?? BUSINESS_HINT, itemIndex });
}

/**
 * One text of the profile sent as {value}, the body of set-description.md, set-email.md and
 * set-address.md; each page says an empty value removes it. `check` turns the trimmed text
 * into what is sent, or refuses it before any request.
 */
export function profileTextOperation(spec: OperationSpec & {
	/** The parameter's name, also the output field. */
	field: string;
	displayName: string;
	placeholder: string;
	/** What the text is, completing "set the business …", "Empty removes …". */
	what: string;
	rows?: number;
	check?: (text: string) => string;
}): ZApiOperation {
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: [
			{
				displayName: spec.displayName,
				name: spec.field,
				type: 'string',
				...(spec.rows ? { typeOptions: { rows: spec.rows } } : {}),
				default: '',
				placeholder: spec.placeholder,
				description: `The ${spec.what} shown on the business profile. Empty removes it.`,
			},
		],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const text = String(this.getNodeParameter(spec.field, itemIndex, '') ?? '').trim();
			const value = text && spec.check ? spec.check(text) : text;
			await changeBusinessProfile.call(this, itemIndex, {
				path: spec.path,
				body: { value },
				tried: value ? `set the business ${spec.what}` : `remove the business ${spec.what}`,
			});
			return [{ success: true, [spec.field]: value }];
		},
	};
}
