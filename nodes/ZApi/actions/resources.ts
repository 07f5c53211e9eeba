import { chat } from './chat';
import { contact } from './contact';
import { conversation } from './conversation';
import { group } from './group';
import { instance } from './instance';
import { message } from './message';
import { webhook } from './webhook';
import type { ZApiOperation, ZApiResource } from './types';

/** Every resource of the node, in the order the Resource list shows them. */
export const resources: ZApiResource[] = [chat, contact, conversation, group, instance, message, webhook];

export function findOperation(resource: string, operation: string): ZApiOperation | undefined {
	return resources
		.find((candidate) => candidate.value === resource)
		?.operations.find((candidate) => candidate.value === operation);
}
