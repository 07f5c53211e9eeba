import type { IDataObject } from 'n8n-workflow';

import {
	CALLBACK_TYPES,
	CONTENT_KINDS,
	type FieldType,
	MESSAGE_FIELDS,
	NESTED_FIELDS,
	NOTIFICATION_KINDS,
	STATUS_FIELDS,
	STATUS_KINDS,
} from './callbackKinds';

/**
 * Turns one delivery into the trigger's items: `event` (message, status, notification or
 * unknown) and `kind` say what it is, typed common fields and content follow, an ISO
 * `timestamp` sits beside the raw `momment`, and `payload` keeps the delivery intact.
 */
export type EventName = 'message' | 'status' | 'notification' | 'unknown';

export const UNKNOWN_KIND = 'unknown';

export interface ToItemsOptions {
	/** One item per message id of a status callback instead of one per delivery. */
	splitStatusIds?: boolean;
}

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which event a delivery is: by `type` first, by shape when `type` is missing. */
export function eventOf(payload: IDataObject): EventName {
	const type = typeof payload.type === 'string' ? payload.type.toLowerCase() : undefined;
	if (type === CALLBACK_TYPES.status || (!type && Array.isArray(payload.ids))) return 'status';
	if (type === CALLBACK_TYPES.message || (!type && typeof payload.messageId === 'string')) {
		return typeof payload.notification === 'string' && payload.notification ? 'notification' : 'message';
	}
	return 'unknown';
}

export function toItems(payload: IDataObject, options: ToItemsOptions = {}): IDataObject[] {
	const event = eventOf(payload);
	if (event === 'message') return [messageItem(payload)];
	if (event === 'notification') return [notificationItem(payload)];
	if (event === 'status') return statusItems(payload, options);
	return [
		{
			event,
			kind: UNKNOWN_KIND,
			type: typeof payload.type === 'string' ? payload.type : null,
			instanceId: typeof payload.instanceId === 'string' ? payload.instanceId : null,
			...timeOf(payload.momment),
			payload,
		},
	];
}

function messageItem(payload: IDataObject): IDataObject {
	const content = CONTENT_KINDS.find(({ key }) => isObject(payload[key]));
	return {
		event: 'message',
		kind: content?.kind ?? UNKNOWN_KIND,
		...typedFields(payload, MESSAGE_FIELDS),
		...timeOf(payload.momment),
		content: content ? typedObject(payload[content.key] as IDataObject, content.fields) : null,
		payload,
	};
}

function notificationItem(payload: IDataObject): IDataObject {
	const code = String(payload.notification);
	const known = NOTIFICATION_KINDS.find((candidate) => candidate.code === code);
	const parameters = Array.isArray(payload.notificationParameters)
		? payload.notificationParameters.map((entry) => (entry === null ? null : String(entry)))
		: [];
	const details: IDataObject = {};
	known?.parameters.forEach((name, index) => {
		details[name] = parameters[index] ?? null;
	});
	return {
		event: 'notification',
		kind: known ? code : UNKNOWN_KIND,
		notification: code,
		parameters,
		details,
		...typedFields(payload, MESSAGE_FIELDS),
		...timeOf(payload.momment),
		payload,
	};
}

function statusItems(payload: IDataObject, { splitStatusIds }: ToItemsOptions): IDataObject[] {
	const raw = typeof payload.status === 'string' ? payload.status : '';
	const known = STATUS_KINDS.find(
		(candidate) => candidate.status === raw.toUpperCase() || candidate.aliases.includes(raw.toUpperCase()),
	);
	const ids = Array.isArray(payload.ids) ? payload.ids.map(String) : [];
	const base: IDataObject = {
		event: 'status',
		kind: known?.status ?? UNKNOWN_KIND,
		// The contract's spelling; the spelling received stays in payload.
		status: known?.status ?? (raw || null),
		ids,
		...typedFields(payload, STATUS_FIELDS),
		...timeOf(payload.momment),
		payload,
	};
	if (!splitStatusIds || ids.length === 0) return [base];
	return ids.map((messageId) => ({ ...base, ids: [messageId], messageId }));
}

/** `momment` as a number and as an ISO date; seconds are accepted as well as milliseconds. */
function timeOf(momment: unknown): { momment: number | null; timestamp: string | null } {
	const number = typeof momment === 'string' && momment.trim() !== '' ? Number(momment) : momment;
	if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
		return { momment: null, timestamp: null };
	}
	const ms = number < 1e11 ? number * 1000 : number;
	const date = new Date(ms);
	return { momment: number, timestamp: Number.isNaN(date.getTime()) ? null : date.toISOString() };
}

/** Every listed field, typed, null when absent. */
function typedFields(source: IDataObject, fields: Record<string, FieldType>): IDataObject {
	const out: IDataObject = {};
	for (const [name, type] of Object.entries(fields)) {
		out[name] = source[name] === undefined ? null : coerce(source[name], type, name);
	}
	return out;
}

/** A copy with the listed fields typed and every other field kept as it came. */
function typedObject(source: IDataObject, fields: Record<string, FieldType>): IDataObject {
	const out: IDataObject = { ...source };
	for (const [name, type] of Object.entries(fields)) {
		if (source[name] !== undefined) out[name] = coerce(source[name], type, name);
	}
	return out;
}

/** Brings a value to its contract type when it can; otherwise keeps it as it came. */
function coerce(value: unknown, type: FieldType, name: string): IDataObject[string] {
	if (value === null) return null;
	switch (type) {
		case 'string':
			return typeof value === 'number' || typeof value === 'boolean' ? String(value) : (value as string);
		case 'number':
		case 'integer': {
			if (typeof value === 'number') return value;
			const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
			return Number.isFinite(number) ? number : (value as string);
		}
		case 'boolean':
			if (value === 'true') return true;
			if (value === 'false') return false;
			return value as boolean;
		case 'strings':
			return Array.isArray(value) ? value.map(String) : (value as string);
		case 'object':
			return isObject(value) && NESTED_FIELDS[name] ? typedObject(value, NESTED_FIELDS[name]) : (value as IDataObject);
		case 'objects':
			return Array.isArray(value)
				? value.map((entry) => (isObject(entry) && NESTED_FIELDS[name] ? typedObject(entry, NESTED_FIELDS[name]) : entry))
				: (value as IDataObject);
	}
}
