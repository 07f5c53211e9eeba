import { PARTNER_RESOURCE } from '../../../shared/transport';
import type { ZApiResource } from '../types';
import { addCalls } from './addCalls.operation';
import { cancelInstance } from './cancelInstance.operation';
import { createInstance } from './createInstance.operation';
import { getManyInstances } from './getManyInstances.operation';
import { signInstance } from './signInstance.operation';

/** Z-API's Partner API (docs/partner/), with the Z-API Partner API credential. */
export const partner: ZApiResource = {
	value: PARTNER_RESOURCE,
	name: 'Partner (Instances)',
	description: 'For Z-API integrators: create, list, sign and cancel the instances of the account, with the Z-API Partner API credential',
	operations: [createInstance, getManyInstances, signInstance, cancelInstance, addCalls],
};
