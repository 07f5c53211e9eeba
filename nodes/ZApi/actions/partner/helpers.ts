import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { partnerRequest, redactError, type PartnerCall, type PartnerInstance } from '../../../shared/transport';

/*
 * Z-API's Partner API (docs/partner/): an integrator account creates, lists, signs and
 * cancels its instances with its partner token (the Z-API Partner API credential), not with
 * an instance's credential. Account-level calls have no instance in their path; per-instance
 * calls name the instance by its ID and token, given to the operation here (Create Instance
 * outputs them, Get Many Instances lists them), and travelling in the path as in every
 * instance call.
 */

/** Every per-instance call of the Partner API is under this path of the instance. */
export const ON_DEMAND = '/integrator/on-demand';

export const instanceIdProperty: INodeProperties = {
	displayName: 'Instance ID',
	name: 'instanceId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '3C01A1B2C3D4E5F6A7B8C9D0E1F2A3B4',
	description: 'The ID of the instance, as Create Instance outputs it or Get Many Instances lists it',
};

export const instanceTokenProperty: INodeProperties = {
	displayName: 'Instance Token',
	name: 'instanceToken',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	required: true,
	description: 'The token of the instance, as Create Instance outputs it or Get Many Instances lists it. It is not the partner token.',
};

const INSTANCE_HINT = 'Create Instance outputs the ID and token of a new instance; Get Many Instances lists those of every instance of the account.';

/**
 * The item's instance. The token is never quoted in an error: a wrong one is named only by
 * what is wrong with it.
 */
export function readInstance(this: IExecuteFunctions, itemIndex: number): PartnerInstance {
	const token = String(this.getNodeParameter('instanceToken', itemIndex, '') ?? '').trim();
	const rawId = String(this.getNodeParameter('instanceId', itemIndex, '') ?? '').trim();
	const refused = (message: string, hint: string) => redactError(new InputError(message, hint), [token]);
	if (!rawId) throw refused('Instance ID is empty', `Give the ID of the instance. ${INSTANCE_HINT}`);
	if (/[/\\?#%\s]/.test(rawId) || /^\.+$/.test(rawId)) {
		throw refused(`Instance ID '${rawId.slice(0, 60)}' is not an ID Z-API gives`, `An instance ID is letters and digits, for example 3C01A1B2C3D4E5F6A7B8C9D0E1F2A3B4. ${INSTANCE_HINT}`);
	}
	if (!token) throw refused('Instance Token is empty', `Give the token of the instance (not the partner token). ${INSTANCE_HINT}`);
	return { id: rawId, token };
}

/**
 * One per-instance call: every error it ends with, whatever made it, is cleared of the
 * instance's token (the transport redacts what the service says; this covers the rest).
 */
export async function instanceCall(this: IExecuteFunctions, instance: PartnerInstance, call: Omit<PartnerCall, 'instance'>): Promise<unknown> {
	try {
		return await partnerRequest.call(this, { ...call, instance });
	} catch (error) {
		throw redactError(error, [instance.token]);
	}
}

/** An answer that is no object: what a failure description quotes. */
export function answered(response: unknown): string {
	return JSON.stringify(response ?? null).slice(0, 200);
}

/** A record of a list, or nothing. */
export function isRecord(value: unknown): value is IDataObject {
	return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

export function unexpectedAnswer(this: IExecuteFunctions, itemIndex: number, message: string, response: unknown): NodeOperationError {
	return new NodeOperationError(this.getNode(), message, {
		itemIndex,
		description: `It answered ${answered(response)}. Check that the Base URL of the Z-API Partner API credentials points at Z-API.`,
	});
}
