import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';

export const create: ZApiOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a channel',
	description: 'Create a WhatsApp channel owned by the instance; outputs its ID (…@newsletter). A picture is set afterwards with Update Picture.',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'Store news', description: 'Name of the channel' },
		optionsProperty([{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Description of the channel' }]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const body: IDataObject = { name: requireText(this.getNodeParameter('name', itemIndex), 'Name', 'Name the channel.') };
		const description = String((this.getNodeParameter('options', itemIndex, {}) as IDataObject).description ?? '').trim();
		if (description) body.description = description;
		const tried = `create the channel '${String(body.name)}'`;
		const hint = 'Check that the WhatsApp account of the instance can create channels (the phone app shows Channels under Updates) and that the instance is connected.';
		// docs/newsletter/create-newsletter.md: 201 {id: "999999999999999999@newsletter"}.
		const response = await zApiRequest.call(this, { method: 'POST', path: '/create-newsletter', body, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint, itemIndex });
		const record = firstRecord(response);
		if (typeof record.id !== 'string' || !record.id) {
			throw new NodeOperationError(this.getNode(), `Z-API did not create the channel '${String(body.name)}'`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${hint}`,
			});
		}
		return [{ ...record, ...body }];
	},
};
