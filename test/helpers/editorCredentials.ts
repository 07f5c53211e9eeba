/**
 * What n8n's editor does with a node's credentials, from the node's description alone, as
 * n8n 2.41.1's editor does it (read in its source: useCanvasOperations, NodeCredentials,
 * useNodeHelpers). Only n8n-workflow's own helpers decide what is shown.
 *
 * - Shown: the node's credential entries whose displayOptions match its parameters (with
 *   their defaults filled in, as the editor fills them).
 * - Filled in by itself: a node added with no credential gets ONE credential, the most
 *   recently saved among all credentials of the types shown; the same happens on opening a
 *   node that has none. Nothing fills a second one.
 * - Issues (the red mark on the canvas, "1 node has issues", Publish greyed out): each shown
 *   entry that is required and not set, in n8n's words.
 */
import type { INode, INodeCredentialDescription, INodeCredentials, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export interface SavedCredential {
	type: string;
	id: string;
	name: string;
	updatedAt: string;
}

function parametersOf(description: INodeTypeDescription, node: INode) {
	return NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
}

export function shownCredentials(description: INodeTypeDescription, node: INode): INodeCredentialDescription[] {
	const parameters = parametersOf(description, node);
	return (description.credentials ?? []).filter((entry) => NodeHelpers.displayParameter(parameters, entry, node, description));
}

/** The credentials a node gets on being added with none, among those saved in n8n. */
export function filledOnAdd(description: INodeTypeDescription, node: INode, saved: SavedCredential[]): INodeCredentials {
	if (node.credentials && Object.keys(node.credentials).length > 0) return node.credentials;
	const types = new Set(shownCredentials(description, node).map((entry) => entry.name));
	const options = saved.filter((credential) => types.has(credential.type));
	if (!options.length) return {};
	const newest = options.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
	return { [newest.type]: { id: newest.id, name: newest.name } };
}

/** The node's credential issues, by credential type, in n8n's words. */
export function credentialIssues(description: INodeTypeDescription, node: INode): Record<string, string[]> {
	const issues: Record<string, string[]> = {};
	for (const entry of shownCredentials(description, node)) {
		if (entry.required && !node.credentials?.[entry.name]) issues[entry.name] = [`Credentials for ${description.displayName} are not set.`];
	}
	return issues;
}
