import type { FunctionsBase } from 'n8n-workflow';

import { takesOverChats } from '../shared/takeover';

/**
 * Whether this trigger feeds a Combine Quick Messages node, which needs the messages a person
 * sends from the phone. n8n versions without node parameters in getChildNodes answer no.
 */
export function feedsTakeover(context: Pick<FunctionsBase, 'getNode'> & Partial<Pick<FunctionsBase, 'getChildNodes'>>): boolean {
	if (typeof context.getChildNodes !== 'function') return false;
	try {
		return takesOverChats(context.getChildNodes(context.getNode().name, { includeNodeParameters: true }));
	} catch {
		return false;
	}
}
