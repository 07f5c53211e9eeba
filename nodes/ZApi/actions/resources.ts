import { accountSecurity } from './accountSecurity';
import { businessProfile } from './businessProfile';
import { call } from './call';
import { channel } from './channel';
import { chat } from './chat';
import { collection } from './collection';
import { community } from './community';
import { contact } from './contact';
import { conversation } from './conversation';
import { customApiCall } from './customApiCall';
import { group } from './group';
import { instance } from './instance';
import { label } from './label';
import { message } from './message';
import { numberRegistration } from './numberRegistration';
import { partner } from './partner';
import { privacy } from './privacy';
import { product } from './product';
import { profile } from './profile';
import { queue } from './queue';
import { status } from './status';
import { webhook } from './webhook';
import type { ZApiOperation, ZApiResource } from './types';

/**
 * Every resource of the node, in the order the Resource list and n8n's actions panel show
 * them: the commonest first (sending messages, the conversation steps a bot puts after the
 * trigger, then reading chats and managing groups);
 * the integrators' Partner API, then Custom API Call last, as on n8n's own nodes.
 */
export const resources: ZApiResource[] = [message, conversation, chat, group, community, channel, contact, status, label, product, collection, businessProfile, call, queue, instance, profile, privacy, accountSecurity, numberRegistration, webhook, partner, customApiCall];

/**
 * The Resource the node starts with. n8n leaves a parameter at its default out of saved
 * workflows, so this stays the first resource the node ever had, whatever the order above.
 */
export const DEFAULT_RESOURCE = chat.value;

export function findOperation(resource: string, operation: string): ZApiOperation | undefined {
	return resources
		.find((candidate) => candidate.value === resource)
		?.operations.find((candidate) => candidate.value === operation);
}
