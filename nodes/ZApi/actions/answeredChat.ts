import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../shared/input';
import { parameterValue, phoneProperty } from './parameters';
import type { ItemRead } from './types';

/*
 * A send whose Phone is left empty answers the chat this execution is answering: the `phone` of
 * the item of a Z-API Trigger (or of Combine Quick Messages) that the item being sent comes
 * from. n8n records, on every item, the input item it came from (its paired item); an AI Agent,
 * a Set or an If keep that link, so the send reaches the chat of the message even when the item
 * before it holds only `output`. The link is followed as n8n follows it for
 * `$('Node').item`: through the execution's data proxy, from the nearest such node back.
 */

/** The chat a message goes to, where an empty field answers the chat of the message being answered. */
export const answeringPhoneProperty: INodeProperties = {
	...phoneProperty,
	required: false,
	description:
		"Who gets the message: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group) or a LID ID (…@lid)",
	hint: "Empty: answers the chat this execution is answering, the 'phone' of the Z-API Trigger message (or Combine Quick Messages item) this item comes from, through any nodes in between (an AI Agent included)",
};

/** The node types whose items name the chat of a message: the package's own, however it is installed. */
function messageSourceOf(ownType: string, parent: { type: string; parameters?: IDataObject }): 'trigger' | 'combine' | null {
	const prefix = ownType.slice(0, ownType.lastIndexOf('.') + 1);
	if (parent.type === `${prefix}zApiTrigger`) return 'trigger';
	const parameters = parent.parameters ?? {};
	if (parent.type === `${prefix}zApi` && parameters.resource === 'conversation' && parameters.operation === 'combineMessages') return 'combine';
	return null;
}

/** Z-API Triggers and Combine Quick Messages before this node on its main inputs, nearest first. */
function messageSources(context: IExecuteFunctions): Array<{ name: string; kind: 'trigger' | 'combine' }> {
	const own = context.getNode();
	const seen = new Set([own.name]);
	const found: Array<{ name: string; kind: 'trigger' | 'combine' }> = [];
	let level = [own.name];
	while (level.length) {
		const next: string[] = [];
		for (const name of level) {
			for (const parent of context.getParentNodes(name, { includeNodeParameters: true, depth: 1 })) {
				if (seen.has(parent.name)) continue;
				seen.add(parent.name);
				next.push(parent.name);
				const kind = parent.disabled ? null : messageSourceOf(own.type, parent as { type: string; parameters?: IDataObject });
				if (kind) found.push({ name: parent.name, kind });
			}
		}
		level = next;
	}
	return found;
}

/** The JSON of an item as `$('Node').item` gives it: the whole item, or its JSON where n8n gives only that. */
const jsonOf = (item: unknown): IDataObject | undefined => {
	if (!item || typeof item !== 'object') return undefined;
	const whole = item as { json?: unknown };
	return (whole.json && typeof whole.json === 'object' ? whole.json : item) as IDataObject;
};

const chatIn = (json: IDataObject | undefined): string | undefined => {
	const phone = json?.phone;
	if (typeof phone === 'number') return String(phone);
	return typeof phone === 'string' && phone.trim() ? phone.trim() : undefined;
};

/**
 * The items of the Z-API Triggers and Combine Quick Messages item `itemIndex` comes from in this
 * execution, nearest first (none when no such node runs before this one, or a node in between
 * does not say which item each of its items comes from).
 */
function* sourceItemsOf(context: IExecuteFunctions, itemIndex: number, only?: 'trigger' | 'combine'): Generator<IDataObject> {
	const sources = messageSources(context).filter((source) => !only || source.kind === only);
	if (!sources.length) return;
	let proxy: ReturnType<IExecuteFunctions['getWorkflowDataProxy']>;
	try {
		proxy = context.getWorkflowDataProxy(itemIndex);
	} catch {
		return;
	}
	for (const source of sources) {
		let json: IDataObject | undefined;
		try {
			// `true`: the whole item, whatever the workflow's binary mode.
			json = jsonOf(proxy.$(source.name, true).item);
		} catch {
			// Not run in this execution, or no paired item leads back to it: the next one may.
		}
		if (json) yield json;
	}
}

/** The Combine Quick Messages item (a burst) item `itemIndex` answers, or undefined. */
export function answeredBurstItem(this: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	for (const json of sourceItemsOf(this, itemIndex, 'combine')) return json;
	return undefined;
}

/**
 * The chat item `itemIndex` answers: the `phone` of the nearest Z-API Trigger or Combine Quick
 * Messages item it comes from in this execution, or undefined when none is found (no such node
 * before this one, or a node in between that does not say which item each of its items comes from).
 */
export function answeredChat(this: IExecuteFunctions, itemIndex: number): string | undefined {
	for (const json of sourceItemsOf(this, itemIndex)) {
		const chat = chatIn(json);
		if (chat) return chat;
	}
	return undefined;
}

/** True when the saved Phone holds nothing: no value, no expression. */
function leftEmpty(context: IExecuteFunctions): boolean {
	const saved = context.getNode().parameters.phone;
	return saved === undefined || saved === null || (typeof saved === 'string' && saved.trim() === '');
}

/** The name of the Z-API Trigger before this node, for the example in an error. */
const triggerNameOf = (context: IExecuteFunctions) => messageSources(context).find((source) => source.kind === 'trigger')?.name ?? 'Z-API Trigger';

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * What the router orders an item by when the operation answers the chat: the chat answered
 * when Phone is left empty (undefined when it cannot be found), else Phone's value.
 */
export function answeredChatOrPhone(this: IExecuteFunctions, itemIndex: number): unknown {
	if (leftEmpty(this)) return answeredChat.call(this, itemIndex);
	return this.getNodeParameter('phone', itemIndex);
}

/**
 * The chat a send goes to: Phone (a phone as digits, a group ID or a LID ID as they are), or,
 * left empty, the chat this execution is answering (answeredChat). `read` is the router's read
 * (answeredChatOrPhone). An empty Phone that cannot be resolved, or an expression that gives
 * nothing, fails the item saying which node's field to set.
 */
export function readAnsweredChat(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): string {
	if (read?.parameter === 'phone' && !isEmpty(read.value)) return normalizeChatId(read.value);
	const node = this.getNode().name;
	if (leftEmpty(this)) {
		const chat = answeredChat.call(this, itemIndex);
		if (chat !== undefined) return normalizeChatId(chat);
		const trigger = triggerNameOf(this);
		throw new InputError(
			`Phone is empty and this item does not come from a Z-API Trigger message: set Phone in node '${node}' (e.g. {{ $('${trigger}').item.json.phone }})`,
			`An empty Phone answers the chat of the Z-API Trigger message (or Combine Quick Messages item) this item comes from. None was found: no such node runs before '${node}' in this execution, or a node in between does not link its items to the ones it received (a Code node that builds new items, an Aggregate). Set Phone or Group ID to the chat, or map it from the trigger as above.`,
		);
	}
	const value = parameterValue.call(this, itemIndex, 'phone', read);
	if (isEmpty(value)) {
		throw new InputError(
			`Phone is empty: its expression gives nothing for this item. Set Phone in node '${node}', or leave it empty to answer the chat of the Z-API Trigger message this item comes from`,
			`After an AI Agent the item holds only 'output': $json.phone is empty there. Leave Phone or Group ID empty (it then answers the chat the execution is answering), or map it from the trigger node: {{ $('${triggerNameOf(this)}').item.json.phone }}.`,
		);
	}
	return normalizeChatId(value);
}
