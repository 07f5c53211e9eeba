import type { IDataObject } from 'n8n-workflow';

/** An object, or the one object of a one-element list: the docs show some answers wrapped so. */
export function firstRecord(answer: unknown): IDataObject {
	const record = Array.isArray(answer) ? answer[0] : answer;
	return record && typeof record === 'object' && !Array.isArray(record) ? (record as IDataObject) : {};
}

/** {value: true}. The examples also write booleans as strings. */
export function confirmed(answer: unknown): boolean {
	return asBoolean(firstRecord(answer).value);
}

export function asBoolean(value: unknown): boolean {
	return value === true || value === 'true' || value === 1 || value === '1';
}
