import type { IDataObject } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { InputError } from '../../../../shared/input';
import type { FormField } from './form';
import { FREE_TEXT_FIELD, parseJsonFields, readFormFields } from './form';

/**
 * What the person is asked and how long the workflow waits, read the same way when the
 * message is sent and when the answer comes back. `read` hides the difference between the
 * execute and webhook contexts' getNodeParameter.
 */
export type ReadParameter = (name: string, fallback: unknown) => unknown;

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

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** Until when the execution waits for an answer: Limit Wait Time, or for good. */
export function waitLimit(read: ReadParameter, now: Date): Date {
	const limit = read('options.limitWaitTime.values', {}) as IDataObject;
	if (!limit || Object.keys(limit).length === 0) return WAIT_INDEFINITELY;
	if ((limit.limitType ?? 'afterTimeInterval') === 'afterTimeInterval') {
		const amount = Number(limit.resumeAmount ?? 1);
		const unit = UNIT_MS[String(limit.resumeUnit ?? 'hours')];
		if (!Number.isFinite(amount) || amount < 0 || limit.resumeAmount === '' || !unit) {
			throw new InputError(
				`Limit Wait Time of ${JSON.stringify(limit.resumeAmount)} ${String(limit.resumeUnit ?? '')} is not a time interval`,
				'Set Amount to a number of 0 or more and Unit to minutes, hours or days, or remove Limit Wait Time.',
			);
		}
		return new Date(now.getTime() + amount * unit);
	}
	const until = new Date(String(limit.maxDateAndTime ?? ''));
	if (!limit.maxDateAndTime || Number.isNaN(until.getTime())) {
		throw new InputError(
			`Max Date and Time '${String(limit.maxDateAndTime ?? '')}' is not a date`,
			'Pick a date and time, or map an ISO date such as 2030-01-31T18:00:00Z.',
		);
	}
	return until;
}

/** The message as the person reads it: the question, then each answer's label and link. */
export function messageWithLinks(message: string, links: AnswerLink[]): string {
	return [message, ...links.map((link) => `*${link.label}*\n${link.url}`)].join('\n\n');
}
