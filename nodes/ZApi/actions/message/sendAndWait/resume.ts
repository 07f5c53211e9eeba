import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { ReadParameter } from '../helpers';
import type { FormField } from './form';
import { formControls, readSubmission } from './form';
import type { GivenAnswer } from './pages';
import { answerRecordedPage, formPage, openInBrowserPage } from './pages';
import { answerFormFields, answerLinks } from './response';

/**
 * Programs that open links to draw a preview (WhatsApp itself, chat apps, crawlers). An
 * approval link must not be taken as an answer when one of them fetches it; a request
 * without a User-Agent is treated the same way.
 */
const LINK_PREVIEWERS =
	/bot|crawl|spider|preview|whatsapp|facebookexternalhit|facebot|slack|telegram|discord|skype|teams|linkedin|embedly|pinterest|curl|wget|python-requests|go-http-client|headless/i;

export function isLinkPreviewer(userAgent: unknown): boolean {
	return typeof userAgent !== 'string' || userAgent.trim() === '' || LINK_PREVIEWERS.test(userAgent);
}

function sendPage(context: IWebhookFunctions, status: number, html: string): IWebhookResponseData {
	const res = context.getResponseObject();
	res.status(status);
	res.setHeader('Content-Type', 'text/html; charset=utf-8');
	res.end(html);
	return { noWebhookResponse: true };
}

const answered = (data: IDataObject, given: GivenAnswer[]): IWebhookResponseData => ({
	webhookResponse: answerRecordedPage(given),
	workflowData: [[{ json: { data: { ...data, respondedAt: new Date().toISOString() } } }]],
});

/** The label of the approval link followed (the links are signed with `approved` alone). */
function approvalLabel(read: ReadParameter, approved: boolean): string {
	const links = answerLinks(read, (query) => query.approved);
	return links.find((link) => link.url === String(approved))?.label ?? (approved ? 'Approve' : 'Decline');
}

/** The form's answers as the confirmation page repeats them; a password is not shown again. */
function givenAnswers(fields: FormField[], answers: IDataObject): GivenAnswer[] {
	return fields.map((field) => {
		const value = answers[field.label];
		const shown = Array.isArray(value) ? value.join(', ') : String(value ?? '');
		return { label: field.label, value: field.type === 'password' && shown ? '••••••' : shown || '(no answer)' };
	});
}

/**
 * The resume webhook. n8n calls it only for a link whose signature it verified, and only
 * while the execution waits. An approval answers on the spot; Free Text and Custom Form
 * show their form on GET and take the answer on POST.
 */
export async function resumeWithAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const read: ReadParameter = (name, fallback) => this.getNodeParameter(name, fallback);
	const request = this.getRequestObject();
	const responseType = String(read('responseType', 'approval'));

	if (responseType === 'approval') {
		const approved = (this.getQueryData() as IDataObject).approved === 'true';
		const label = approvalLabel(read, approved);
		// A POST comes from the confirm button of the page below: a person, whatever the browser says.
		if (request.method !== 'POST' && isLinkPreviewer(request.headers['user-agent'])) return sendPage(this, 200, openInBrowserPage(label));
		return answered({ approved }, [{ label: 'Your answer', value: label }]);
	}

	const fields = answerFormFields(read);
	const options = read('options', {}) as IDataObject;
	const form = {
		title: String(options.responseFormTitle ?? ''),
		description: String(options.responseFormDescription || read('message', '')),
		controls: formControls(fields),
		buttonLabel: String(options.responseFormButtonLabel || 'Submit'),
	};
	if (request.method !== 'POST') return sendPage(this, 200, formPage(form));

	const body = (this.getBodyData() ?? {}) as IDataObject;
	// Multipart bodies arrive as { data: fields, files }, urlencoded ones as the fields.
	const submitted = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as IDataObject) : body;
	const result = readSubmission(fields, submitted);
	if ('problems' in result) return sendPage(this, 422, formPage({ ...form, problems: result.problems }));
	const given = givenAnswers(fields, result.answers);
	return answered(responseType === 'freeText' ? { text: result.answers[fields[0].label] } : result.answers, given);
}
