import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { notConfirmedError } from '../../shared/transport';

/** An object, or the one object of a one-element list: the docs show some answers wrapped so. */
export function firstRecord(answer: unknown): IDataObject {
	const record = Array.isArray(answer) ? answer[0] : answer;
	return record && typeof record === 'object' && !Array.isArray(record) ? (record as IDataObject) : {};
}

export function asBoolean(value: unknown): boolean {
	return value === true || value === 'true' || value === 1 || value === '1';
}

/**
 * Fails the item unless the answer is the documented {value: true} (the examples also write
 * it as a string). `tried` completes "Z-API could not …".
 */
export function requireConfirmed(this: IExecuteFunctions, answer: unknown, tried: string, hint: string, itemIndex: number): void {
	if (!asBoolean(firstRecord(answer).value)) throw notConfirmedError(this.getNode(), tried, answer, hint, itemIndex);
}
