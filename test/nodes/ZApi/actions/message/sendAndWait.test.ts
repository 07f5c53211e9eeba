import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { ExecuteContext } from 'n8n-core';
import { SEND_AND_WAIT_OPERATION, WAIT_INDEFINITELY } from 'n8n-workflow';

import { ZApi } from '../../../../../nodes/ZApi/ZApi.node';
import { FIELD_TYPES } from '../../../../../nodes/ZApi/actions/message/sendAndWait/form';
import { INSTANCE_PATH } from '../../../../helpers/engine';
import { EXECUTION_ID, WAITING_BASE, resume, runWaitingAction, signedByN8n } from '../../../../helpers/waiting';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const TEXT = `${INSTANCE_PATH}/send-text`;
const BUTTONS = `${INSTANCE_PATH}/send-button-actions`;
const RESUME_ADDRESS = `${WAITING_BASE}/${EXECUTION_ID}/action-node-id`;
const ask = (extra: IDataObject = {}) => ({ resource: 'message', operation: SEND_AND_WAIT_OPERATION, phone: PHONE, message: 'Ship order 7?', ...extra });

/** Every request body sent to a path, in order. */
function recordBodies(path: string, count: number, answer: IDataObject = SENT) {
	const bodies: IDataObject[] = [];
	const scope = api()
		.post(path, (body: IDataObject) => {
			bodies.push(body);
			return true;
		})
		.times(count)
		.reply(200, answer);
	return { bodies, scope };
}

/** The links of a text message: each bold label with the address under it. */
function linksInText(message: string): Array<{ label: string; url: string }> {
	return [...message.matchAll(/\*([^*]+)\*\n(https:\S+)/g)].map((match) => ({ label: match[1], url: match[2] }));
}

const queryOf = (link: string) => Object.fromEntries(new URL(link).searchParams) as IDataObject;

describe('Message > Send and Wait for Response: the message and the wait', () => {
	it('sends the question with one signed Approve link and waits without a limit', async () => {
		const { bodies, scope } = recordBodies(TEXT, 1);
		const result = await runWaitingAction(ask());
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(bodies[0].phone).toBe(PHONE);
		const message = String(bodies[0].message);
		expect(message.startsWith('Ship order 7?\n\n')).toBe(true);
		const links = linksInText(message);
		expect(links.map((link) => link.label)).toEqual(['✓ Approve']);
		expect(links[0].url.startsWith(`${RESUME_ADDRESS}?approved=true&signature=`)).toBe(true);
		expect(signedByN8n(links[0].url)).toBe(true);
		expect(result.status).toBe('waiting');
		expect(result.waitTill).toEqual(WAIT_INDEFINITELY);
	});

	it('offers Approve and Decline with the labels given; a link whose answer was changed fails n8n\'s check', async () => {
		const { bodies } = recordBodies(TEXT, 1);
		await runWaitingAction(ask({ approvalOptions: { values: { approvalType: 'double', approveLabel: 'Ship it', disapproveLabel: 'Hold' } } }));
		const [approve, decline] = linksInText(String(bodies[0].message));
		expect([approve.label, decline.label]).toEqual(['Ship it', 'Hold']);
		expect([queryOf(approve.url).approved, queryOf(decline.url).approved]).toEqual(['true', 'false']);
		expect([signedByN8n(approve.url), signedByN8n(decline.url)]).toEqual([true, true]);
		const tampered = decline.url.replace('approved=false', 'approved=true');
		expect(signedByN8n(tampered)).toBe(false);
		expect(signedByN8n(approve.url.replace(/&signature=.*/, ''))).toBe(false);
	});

	it.each([
		['freeText', {}, 'Respond'],
		['customForm', { formFields: { values: [{ fieldLabel: 'Reason' }] } }, 'Respond'],
		['freeText', { options: { messageButtonLabel: 'Answer here' } }, 'Answer here'],
	])('%s sends one signed link to its form, labelled %#', async (responseType, extra, label) => {
		const { bodies } = recordBodies(TEXT, 1);
		const result = await runWaitingAction(ask({ responseType, ...extra }));
		expect(result.status).toBe('waiting');
		const links = linksInText(String(bodies[0].message));
		expect(links.map((link) => link.label)).toEqual([label]);
		expect(signedByN8n(links[0].url)).toBe(true);
	});

	it('sends the links as URL buttons when asked, the question as the text', async () => {
		const { bodies, scope } = recordBodies(BUTTONS, 1);
		const result = await runWaitingAction(ask({ linkStyle: 'buttons', approvalOptions: { values: { approvalType: 'double' } } }));
		expect(scope.isDone()).toBe(true);
		expect(result.status).toBe('waiting');
		expect(bodies[0]).toEqual({
			phone: PHONE,
			message: 'Ship order 7?',
			buttonActions: [
				{ type: 'URL', label: '✓ Approve', url: expect.stringMatching(/approved=true&signature=/) },
				{ type: 'URL', label: '✗ Decline', url: expect.stringMatching(/approved=false&signature=/) },
			],
		});
		for (const button of bodies[0].buttonActions as IDataObject[]) expect(signedByN8n(String(button.url))).toBe(true);
	});

	it('sends every item its own question to its own chat, with the same links, and waits once', async () => {
		const { bodies } = recordBodies(TEXT, 2);
		const result = await runWaitingAction(ask({ phone: '={{ $json.to }}', message: '={{ $json.question }}' }), [
			{ json: { to: '5511111111111', question: 'Ship order 7?' } },
			{ json: { to: '5522222222222', question: 'Ship order 8?' } },
		]);
		expect(result.status).toBe('waiting');
		expect(bodies.map((body) => [body.phone, String(body.message).split('\n')[0]])).toEqual([
			['5511111111111', 'Ship order 7?'],
			['5522222222222', 'Ship order 8?'],
		]);
		expect(linksInText(String(bodies[0].message))).toEqual(linksInText(String(bodies[1].message)));
	});

	it('asks n8n 1.x to check the link signatures of this execution (1.x checks only executions that ask)', async () => {
		// n8n-core 1.x has this method and sets the flag its waiting webhooks read; 2.x checks every
		// send-and-wait link and has no such method.
		const prototype = ExecuteContext.prototype as unknown as { setSignatureValidationRequired?: () => void };
		prototype.setSignatureValidationRequired = function (this: { runExecutionData: IDataObject }) {
			this.runExecutionData.validateSignature = true;
		};
		try {
			recordBodies(TEXT, 1);
			const result = await runWaitingAction(ask());
			expect(result.status).toBe('waiting');
			expect((result.run.data as unknown as IDataObject).validateSignature).toBe(true);
		} finally {
			delete prototype.setSignatureValidationRequired;
		}
	});

	it.each([
		['minutes', 30, 30 * 60_000],
		['hours', 2, 2 * 3_600_000],
		['days', 1.5, 1.5 * 86_400_000],
	])('limits the wait to %s after sending', async (resumeUnit, resumeAmount, ms) => {
		recordBodies(TEXT, 1);
		const before = Date.now();
		const result = await runWaitingAction(ask({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount, resumeUnit } } } }));
		const after = Date.now();
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + ms);
		expect(result.waitTill!.getTime()).toBeLessThanOrEqual(after + ms);
	});

	it('limits the wait to a date and time', async () => {
		recordBodies(TEXT, 1);
		const result = await runWaitingAction(
			ask({ responseType: 'freeText', options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2030-01-31T18:00:00.000Z' } } } }),
		);
		expect(result.waitTill).toEqual(new Date('2030-01-31T18:00:00.000Z'));
	});

	it.each([
		['an empty message', { message: ' ' }, 'Message is empty'],
		['a phone that is not one', { phone: 'boss' }, "Phone 'boss' is not a phone number"],
		['a custom form without fields', { responseType: 'customForm' }, 'Form Fields has no fields'],
		['a form field without a label', { responseType: 'customForm', formFields: { values: [{ fieldLabel: ' ' }] } }, 'Field 1 of Form Fields has no label'],
		[
			'two fields with one label',
			{ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Name' }, { fieldLabel: 'Name' }] } },
			"Form Fields has two fields labelled 'Name'",
		],
		['a dropdown without options', { responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Team', fieldType: 'dropdown' }] } }, "Dropdown 'Team' has no options"],
		['form fields that are not JSON', { responseType: 'customForm', defineForm: 'json', jsonOutput: '[{fieldLabel:' }, 'Form Fields (JSON) is not valid JSON'],
		['a JSON field of an unknown type', { responseType: 'customForm', defineForm: 'json', jsonOutput: '[{"fieldLabel":"A","fieldType":"slider"}]' }, "Field 1 of Form Fields (JSON) has an unknown type 'slider'"],
		['a wait limit that is not a date', { options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' } } } }, "Max Date and Time 'soon' is not a date"],
		['a negative wait', { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: -1, resumeUnit: 'hours' } } } }, 'Limit Wait Time of -1 hours is not a time interval'],
	])('refuses %s before any request, and does not wait', async (_label, extra, message) => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runWaitingAction(ask(extra));
		expect(result.error?.message).toBe(message);
		expect(String(result.error?.description)).toMatch(/\w+ \w+ \w+/);
		expect(scope.isDone()).toBe(false);
		expect(result.waitTill).toBeUndefined();
	});

	it('refuses a bad second item before the first is sent', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runWaitingAction(ask({ phone: '={{ $json.to }}' }), [{ json: { to: PHONE } }, { json: { to: '' } }]);
		expect(result.error?.message).toBe('Phone is empty');
		expect(scope.isDone()).toBe(false);
	});

	it('with Continue On Fail: a bad item becomes an error item, the others are asked and the execution waits', async () => {
		const { bodies } = recordBodies(TEXT, 1);
		const result = await runWaitingAction(ask({ phone: '={{ $json.to }}' }), [{ json: { to: '' } }, { json: { to: PHONE } }], { continueOnFail: true });
		expect(bodies.map((body) => body.phone)).toEqual([PHONE]);
		expect(result.status).toBe('waiting');
	});

	it('does not wait when the service refuses the only message, and says what to try', async () => {
		recordBodies(BUTTONS, 1, { error: 'Buttons are not available' });
		const result = await runWaitingAction(ask({ linkStyle: 'buttons' }));
		expect(result.error?.message).toMatch(/^Z-API could not send the answer buttons to 5511999999999/);
		expect(result.error?.description).toMatch(/Links in the Text/);
		expect(result.waitTill).toBeUndefined();
	});

	it('with Continue On Fail and nothing sent: outputs the error and does not wait', async () => {
		recordBodies(TEXT, 1, { error: 'Phone is not on WhatsApp' });
		const result = await runWaitingAction(ask(), [{ json: {} }], { continueOnFail: true });
		expect(result.waitTill).toBeUndefined();
		expect(result.json).toEqual([{ error: expect.stringMatching(/Phone is not on WhatsApp/), details: expect.stringMatching(/instance is connected/) }]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
	});
});

describe('Message > Send and Wait for Response: the answer', () => {
	it.each([
		['true', true],
		['false', false],
		['anything else', false],
	])('an approval link with approved=%s resumes with data.approved %s', async (approved, expected) => {
		const result = await resume(ask({ approvalOptions: { values: { approvalType: 'double' } } }), { query: { approved, signature: 'checked-by-n8n' } });
		expect(result.items).toEqual([{ data: { approved: expected, respondedAt: expect.any(String) } }]);
		expect(Number.isNaN(Date.parse(String((result.items![0].data as IDataObject).respondedAt)))).toBe(false);
		expect(result.result.webhookResponse).toMatch(/Answer received/);
	});

	it.each([
		['true', '✓ Yes, ship it'],
		['false', '✗ Decline'],
	])('the page after approved=%s repeats the answer chosen: %s', async (approved, label) => {
		const parameters = ask({ approvalOptions: { values: { approvalType: 'double', approveLabel: '✓ Yes, ship it' } } });
		const result = await resume(parameters, { query: { approved } });
		expect(result.result.webhookResponse).toContain(`<h1>Answer received</h1><dl><dt>Your answer</dt><dd>${label}</dd></dl>`);
	});

	it('the page after a form repeats each answer under its label, a password hidden', async () => {
		const parameters = ask({
			responseType: 'customForm',
			formFields: { values: [{ fieldLabel: 'Name' }, { fieldLabel: 'Teams', fieldType: 'dropdown', multiselect: true, fieldOptions: { values: [{ option: 'Sales' }, { option: 'Support' }] } }, { fieldLabel: 'PIN', fieldType: 'password' }, { fieldLabel: 'Note' }] },
		});
		const result = await resume(parameters, { method: 'POST', body: { 'field-0': '<Ana>', 'field-1': ['Sales', 'Support'], 'field-2': '1234' } });
		expect(result.result.webhookResponse).toContain(
			'<dl><dt>Name</dt><dd>&lt;Ana&gt;</dd><dt>Teams</dt><dd>Sales, Support</dd><dt>PIN</dt><dd>••••••</dd><dt>Note</dt><dd>(no answer)</dd></dl>',
		);
	});

	it('the page after a free text answer repeats it', async () => {
		const result = await resume(ask({ responseType: 'freeText' }), { method: 'POST', body: { 'field-0': 'The truck broke down' } });
		expect(result.result.webhookResponse).toContain('<dt>Response</dt><dd>The truck broke down</dd>');
	});

	it('a browser taken for a link previewer gets a button that confirms the answer by posting to the same signed address', async () => {
		const parameters = ask({ approvalOptions: { values: { approvalType: 'double' } } });
		const inApp = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile WhatsApp/2.24';
		const page = await resume(parameters, { query: { approved: 'false', signature: 'checked-by-n8n' }, headers: { 'user-agent': inApp } });
		expect(page.items).toBeUndefined();
		// No action: the form posts back to the address it was opened at, query and signature included.
		expect(page.response.body).toContain('<form method="post" enctype="multipart/form-data"><button type="submit">✗ Decline</button></form>');
		const confirmed = await resume(parameters, { method: 'POST', query: { approved: 'false', signature: 'checked-by-n8n' }, headers: { 'user-agent': inApp } });
		expect(confirmed.items).toEqual([{ data: { approved: false, respondedAt: expect.any(String) } }]);
	});

	it.each([
		['WhatsApp drawing a link preview', 'WhatsApp/2.24.6.77 A'],
		['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1)'],
		['Facebook', 'facebookexternalhit/1.1'],
		['a request without a User-Agent', ''],
	])('%s fetching the approve link answers nothing', async (_label, userAgent) => {
		const result = await resume(ask(), { query: { approved: 'true' }, headers: { 'user-agent': userAgent } });
		expect(result.items).toBeUndefined();
		expect(result.result.noWebhookResponse).toBe(true);
		expect(result.response.status).toBe(200);
		expect(result.response.body).toMatch(/Open this link in a browser/);
	});

	it('free text: opening the link shows a form with the question, the answer resumes with data.text', async () => {
		const parameters = ask({ responseType: 'freeText', message: 'Why <late>?' });
		const page = await resume(parameters, { query: { approved: 'true' } });
		expect(page.items).toBeUndefined();
		expect(page.response.headers['content-type']).toMatch(/^text\/html/);
		expect(page.response.body).toContain('<form method="post" enctype="multipart/form-data">');
		expect(page.response.body).toContain('<textarea rows="5" id="field-0" name="field-0" required>');
		expect(page.response.body).toContain('Why &lt;late&gt;?');
		const answer = await resume(parameters, { method: 'POST', body: { 'field-0': ' The truck broke down ' } });
		expect(answer.items).toEqual([{ data: { text: 'The truck broke down', respondedAt: expect.any(String) } }]);
	});

	it('free text: an empty answer shows the form again, saying what is missing, and resumes nothing', async () => {
		const result = await resume(ask({ responseType: 'freeText' }), { method: 'POST', body: { 'field-0': '  ' } });
		expect(result.items).toBeUndefined();
		expect(result.response.status).toBe(422);
		expect(result.response.body).toContain('Response is required');
	});

	const form = ask({
		responseType: 'customForm',
		formFields: {
			values: [
				{ fieldLabel: 'Name', requiredField: true, placeholder: 'Your name' },
				{ fieldLabel: 'Boxes', fieldType: 'number' },
				{ fieldLabel: 'Teams', fieldType: 'dropdown', multiselect: true, fieldOptions: { values: [{ option: 'Sales' }, { option: 'Support' }] } },
				{ fieldLabel: 'Email', fieldType: 'email' },
			],
		},
		options: { responseFormTitle: 'Delivery', responseFormButtonLabel: 'Send' },
	});

	it('custom form: the page shows every field with its kind, title and button', async () => {
		const page = await resume(form);
		const body = String(page.response.body);
		expect(body).toContain('<h1>Delivery</h1>');
		expect(body).toContain('<input type="text" id="field-0" name="field-0" required placeholder="Your name">');
		expect(body).toContain('<input type="number" step="any" id="field-1" name="field-1">');
		expect(body).toContain('<select id="field-2" name="field-2" multiple><option value="Sales">Sales</option><option value="Support">Support</option></select>');
		expect(body).toContain('<button type="submit">Send</button>');
	});

	it('custom form: the answers come out under their labels, typed', async () => {
		const result = await resume(form, { method: 'POST', body: { 'field-0': 'Ana', 'field-1': '3', 'field-2': ['Sales', 'Support'], 'field-3': 'ana@example.com' } });
		expect(result.items).toEqual([{ data: { Name: 'Ana', Boxes: 3, Teams: ['Sales', 'Support'], Email: 'ana@example.com', respondedAt: expect.any(String) } }]);
	});

	it('custom form: a multipart answer (fields under data) is read the same way', async () => {
		const result = await resume(form, { method: 'POST', body: { data: { 'field-0': 'Ana', 'field-2': 'Support' } } });
		expect(result.items).toEqual([{ data: { Name: 'Ana', Boxes: '', Teams: ['Support'], Email: '', respondedAt: expect.any(String) } }]);
	});

	it('custom form: wrong answers are listed on the form and resume nothing', async () => {
		const result = await resume(form, { method: 'POST', body: { 'field-1': 'three', 'field-2': 'Marketing', 'field-3': 'ana' } });
		expect(result.items).toBeUndefined();
		expect(result.response.status).toBe(422);
		for (const problem of ['Name is required', 'Boxes is not a number', "Teams has no choice 'Marketing'", 'Email is not an email address']) {
			expect(result.response.body).toContain(escape(problem));
		}
	});

	it('custom form from JSON: same keys as Form Fields', async () => {
		const parameters = ask({ responseType: 'customForm', defineForm: 'json', jsonOutput: '[{"fieldLabel":"When","fieldType":"date","requiredField":true}]' });
		expect((await resume(parameters)).response.body).toContain('<input type="date" id="field-0" name="field-0" required>');
		const result = await resume(parameters, { method: 'POST', body: { 'field-0': '2030-01-31' } });
		expect(result.items).toEqual([{ data: { When: '2030-01-31', respondedAt: expect.any(String) } }]);
	});

	it('shows every field kind the form offers', async () => {
		const values = FIELD_TYPES.map((type) => ({ fieldLabel: type.name, fieldType: type.value, fieldOptions: { values: [{ option: 'x' }] } }));
		const body = String((await resume(ask({ responseType: 'customForm', formFields: { values } }))).response.body);
		values.forEach((_value, index) => expect(body).toContain(`name="field-${index}"`));
	});
});

describe('Send and Wait for Response in the node description', () => {
	it('has one Options collection whatever the response type, its form options shown with a form only', () => {
		const options = new ZApi().description.properties.filter((property) => property.name === 'options' && property.displayOptions?.show?.operation?.includes(SEND_AND_WAIT_OPERATION));
		expect(options).toHaveLength(1);
		// n8n's editor empties a collection whose display depends on the parameter just changed
		// (its check of option names fails for any set collection): shown by Response Type, the
		// Options, Limit Wait Time among them, were lost whenever the response type changed.
		expect(Object.keys(options[0].displayOptions?.show ?? {}).sort()).toEqual(['operation', 'resource']);
		expect(options[0].displayOptions?.hide).toBeUndefined();
		const shownWith = Object.fromEntries((options[0].options as Array<{ name: string; displayOptions?: IDataObject }>).map((option) => [option.name, option.displayOptions ?? 'always']));
		expect(shownWith).toEqual({
			messageButtonLabel: { show: { '/responseType': ['freeText', 'customForm'] } },
			responseFormTitle: { show: { '/responseType': ['freeText', 'customForm'] } },
			responseFormDescription: { show: { '/responseType': ['freeText', 'customForm'] } },
			responseFormButtonLabel: { show: { '/responseType': ['freeText', 'customForm'] } },
			limitWaitTime: 'always',
		});
	});

	it('has a GET and a POST resume webhook at the node id, served only while an execution waits', () => {
		const { webhooks } = new ZApi().description;
		expect(webhooks?.map((webhook) => [webhook.httpMethod, webhook.path, webhook.restartWebhook, webhook.isFullPath])).toEqual([
			['GET', '={{ $nodeId }}', true, true],
			['POST', '={{ $nodeId }}', true, true],
		]);
	});
});

function escape(text: string): string {
	return text.replace(/'/g, '&#39;');
}
