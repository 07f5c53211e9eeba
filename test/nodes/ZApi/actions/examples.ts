/**
 * Every resource's table of examples (one valid call per operation: the parameters a user
 * sets and the service's answer), for the tests that walk every operation of the registry.
 * A resource or operation without an example fails those tests by name.
 */
import type { IDataObject } from 'n8n-workflow';

import { EXAMPLES as accountSecurity } from './accountSecurity/examples';
import { EXAMPLES as businessProfile } from './businessProfile/examples';
import { EXAMPLES as call } from './call/examples';
import { EXAMPLES as channel } from './channel/examples';
import { EXAMPLES as chat } from './chat/examples';
import { EXAMPLES as collection } from './collection/examples';
import { EXAMPLES as community } from './community/examples';
import { EXAMPLES as contact } from './contact/examples';
import { EXAMPLES as customApiCall } from './customApiCall/examples';
import { EXAMPLES as conversation } from './conversation/examples';
import { EXAMPLES as group } from './group/examples';
import { EXAMPLES as instance } from './instance/examples';
import { EXAMPLES as label } from './label/examples';
import { EXAMPLES as message, WAITING_EXAMPLES } from './message/examples';
import { EXAMPLES as numberRegistration } from './numberRegistration/examples';
import { EXAMPLES as partner } from './partner/examples';
import { EXAMPLES as privacy } from './privacy/examples';
import { EXAMPLES as product } from './product/examples';
import { EXAMPLES as profile } from './profile/examples';
import { EXAMPLES as queue } from './queue/examples';
import { EXAMPLES as status } from './status/examples';
import { EXAMPLES as webhook } from './webhook/examples';

export interface CallExample {
	parameters: IDataObject;
	answer?: unknown;
}

const BY_RESOURCE: Record<string, Record<string, CallExample>> = {
	accountSecurity,
	businessProfile,
	call,
	channel,
	chat,
	collection,
	community,
	contact,
	customApiCall,
	conversation,
	group,
	instance,
	label,
	message: { ...message, ...WAITING_EXAMPLES },
	numberRegistration,
	partner,
	privacy,
	product,
	profile,
	queue,
	status,
	webhook,
};

/** Resources whose operations call n8n's own API, never the service: tests of service calls leave them out. */
export const WITHOUT_SERVICE_CALLS = new Set(['conversation']);

/**
 * Resources whose calls go with another credential than the instance's, to paths of their
 * own: the Partner (Instances) resource (the partner token, and the instance named by the
 * operation). Tests of instance calls leave them out; partner/secrets.test.ts checks its calls.
 */
export const WITH_PARTNER_CREDENTIAL = new Set(['partner']);

export function exampleOf(resource: string, operation: string): CallExample {
	const example = BY_RESOURCE[resource]?.[operation];
	if (!example) {
		throw new Error(
			`No example for ${resource} > ${operation}: add one to test/nodes/ZApi/actions/${resource}/examples.ts`,
		);
	}
	return example;
}
