import type { IDataObject } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { type ReadParameter, waitLimit } from '../../../../../../nodes/ZApi/actions/message/helpers';
import { FIELD_TYPES, readFormFields, readSubmission } from '../../../../../../nodes/ZApi/actions/message/sendAndWait/form';
import { escapeHtml } from '../../../../../../nodes/ZApi/actions/message/sendAndWait/pages';
import { answerLinks, messageWithLinks } from '../../../../../../nodes/ZApi/actions/message/sendAndWait/response';
import { isLinkPreviewer } from '../../../../../../nodes/ZApi/actions/message/sendAndWait/resume';

/** Parameters as getNodeParameter gives them, dotted paths included. */
const reader =
	(parameters: IDataObject): ReadParameter =>
	(name, fallback) => {
		const value = name.split('.').reduce<unknown>((at, key) => (at as IDataObject | undefined)?.[key], parameters);
		return value === undefined ? fallback : value;
	};
const sign = (query: Record<string, string>) => `https://n8n.test/w/1/node?${new URLSearchParams(query)}&signature=s`;
const NOW = new Date('2030-01-01T00:00:00.000Z');
const limit = (values: IDataObject) => reader({ options: { limitWaitTime: { values } } });

describe('waitLimit', () => {
	it.each([
		['no limit', reader({}), WAIT_INDEFINITELY],
		['45 minutes', limit({ limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' }), new Date('2030-01-01T00:45:00.000Z')],
		['0.5 hours', limit({ limitType: 'afterTimeInterval', resumeAmount: 0.5, resumeUnit: 'hours' }), new Date('2030-01-01T00:30:00.000Z')],
		['2 days', limit({ limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'days' }), new Date('2030-01-03T00:00:00.000Z')],
		['0 minutes', limit({ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' }), NOW],
		['a date', limit({ limitType: 'atSpecifiedTime', maxDateAndTime: '2030-02-01T12:00:00Z' }), new Date('2030-02-01T12:00:00.000Z')],
	])('%s', (_label, read, expected) => {
		expect(waitLimit(read, NOW)).toEqual(expected);
	});

	it.each([
		['an amount that is not a number', limit({ limitType: 'afterTimeInterval', resumeAmount: 'soon', resumeUnit: 'hours' }), /not a time interval/],
		['an empty amount', limit({ limitType: 'afterTimeInterval', resumeAmount: '', resumeUnit: 'hours' }), /not a time interval/],
		['an unknown unit', limit({ limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'weeks' }), /not a time interval/],
		['an empty date', limit({ limitType: 'atSpecifiedTime', maxDateAndTime: '' }), /is not a date/],
	])('refuses %s', (_label, read, message) => {
		expect(() => waitLimit(read, NOW)).toThrow(message);
	});
});

describe('answerLinks', () => {
	it.each([
		['approve only, by default', {}, [['✓ Approve', 'true']]],
		['approve and decline', { approvalOptions: { values: { approvalType: 'double' } } }, [['✓ Approve', 'true'], ['✗ Decline', 'false']]],
		['own labels, blanks falling back', { approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: ' ' } } }, [['Yes', 'true'], ['✗ Decline', 'false']]],
		['a form', { responseType: 'freeText' }, [['Respond', 'true']]],
		['a form with its label', { responseType: 'customForm', options: { messageButtonLabel: 'Fill in' } }, [['Fill in', 'true']]],
	])('%s', (_label, parameters, expected) => {
		const links = answerLinks(reader(parameters), sign);
		expect(links.map((link) => [link.label, new URL(link.url).searchParams.get('approved')])).toEqual(expected);
	});

	it('puts each label in bold above its link, under the question', () => {
		expect(messageWithLinks('Go?', [{ label: 'Yes', url: 'https://a' }, { label: 'No', url: 'https://b' }])).toBe('Go?\n\n*Yes*\nhttps://a\n\n*No*\nhttps://b');
	});
});

describe('isLinkPreviewer', () => {
	it.each([
		['WhatsApp/2.23.20.0', true],
		['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
		['Mozilla/5.0 (compatible; bingbot/2.0)', true],
		['TelegramBot (like TwitterBot)', true],
		['curl/8.5.0', true],
		['', true],
		[undefined, true],
		['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', false],
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', false],
	])('%s -> %s', (userAgent, expected) => {
		expect(isLinkPreviewer(userAgent)).toBe(expected);
	});
});

describe('readSubmission', () => {
	const fields = readFormFields(
		FIELD_TYPES.map((type) => ({ fieldLabel: type.name, fieldType: type.value, fieldOptions: { values: [{ option: 'A' }, { option: 'B' }] } })),
		'Form Fields',
	);
	const answer = (label: string, submitted: unknown) => {
		const index = fields.findIndex((field) => field.label === label);
		const result = readSubmission([fields[index]], { 'field-0': submitted } as IDataObject);
		return 'answers' in result ? result.answers[label] : result.problems[0];
	};

	it.each([
		['Text', ' hi ', 'hi'],
		['Number', '2.5', 2.5],
		['Number', 'two', 'Number is not a number'],
		['Email', 'a@b.co', 'a@b.co'],
		['Email', 'a@b', 'Email is not an email address'],
		['Date', '2030-01-31', '2030-01-31'],
		['Date', '31/01/2030', 'Date is not a date (YYYY-MM-DD)'],
		['Dropdown List', 'B', 'B'],
		['Dropdown List', 'C', "Dropdown List has no choice 'C'"],
		['Text', '', ''],
	])('%s answered %j gives %j', (label, submitted, expected) => {
		expect(answer(label, submitted)).toEqual(expected);
	});
});

describe('escapeHtml', () => {
	it('escapes what could break out of text or an attribute', () => {
		expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
	});
});
