import type { IDataObject } from 'n8n-workflow';

import type { ReadParameter } from '../helpers';
import type { FormField } from './form';
import { FREE_TEXT_FIELD, parseJsonFields, readFormFields } from './form';

export interface AnswerLink {
	label: string;
	url: string;
}

/** Signs a resume address with these query parameters (n8n's getSignedResumeUrl). */
export type SignResumeUrl = (query: Record<string, string>) => string;

const text = (value: unknown, fallback: string) => String(value ?? '').trim() || fallback;

/** The links the message offers, in the order they are shown. */
export function answerLinks(read: ReadParameter, sign: SignResumeUrl): AnswerLink[] {
	const responseType = String(read('responseType', 'approval'));
	if (responseType !== 'approval') {
		return [{ label: text(read('options.messageButtonLabel', ''), 'Respond'), url: sign({ approved: 'true' }) }];
	}
	const approval = read('approvalOptions.values', {}) as IDataObject;
	const approve = { label: text(approval.approveLabel, '✓ Approve'), url: sign({ approved: 'true' }) };
	if (approval.approvalType !== 'double') return [approve];
	return [approve, { label: text(approval.disapproveLabel, '✗ Decline'), url: sign({ approved: 'false' }) }];
}

/** The fields of the answer form; none for an approval. */
export function answerFormFields(read: ReadParameter): FormField[] {
	const responseType = String(read('responseType', 'approval'));
	if (responseType === 'freeText') return [FREE_TEXT_FIELD];
	if (responseType !== 'customForm') return [];
	if (read('defineForm', 'fields') === 'json') return readFormFields(parseJsonFields(read('jsonOutput', '[]')), 'Form Fields (JSON)');
	return readFormFields(read('formFields.values', []), 'Form Fields');
}

/** The message as the person reads it: the question, then each answer's label and link. */
export function messageWithLinks(message: string, links: AnswerLink[]): string {
	return [message, ...links.map((link) => `*${link.label}*\n${link.url}`)].join('\n\n');
}
