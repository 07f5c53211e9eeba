import { chat } from './chat';
import { contact } from './contact';
import { customApiCall } from './customApiCall';
import { group } from './group';
import { instance } from './instance';
import { label } from './label';
import { message } from './message';
import { profile } from './profile';
import { queue } from './queue';
import { status } from './status';
import { webhook } from './webhook';
import type { ZApiOperation, ZApiResource } from './types';

/** Every resource of the node, in the order the Resource list shows them. */
export const resources: ZApiResource[] = [chat, contact, customApiCall, group, instance, label, message, profile, queue, status, webhook];

export function findOperation(resource: string, operation: string): ZApiOperation | undefined {
	return resources
		.find((candidate) => candidate.value === resource)
		?.operations.find((candidate) => candidate.value === operation);
}
