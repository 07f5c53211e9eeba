/**
 * The pages a person sees after following an answer link. Plain HTML without scripts: n8n
 * may serve webhook pages in a sandbox that still allows forms.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

const STYLE = [
	'body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f2f4f5;margin:0;padding:24px;color:#1f2328}',
	'main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}',
	'h1{font-size:20px;margin:0 0 12px}',
	'p{white-space:pre-wrap;line-height:1.45}',
	'label{display:block;font-weight:600;margin:16px 0 6px}',
	'input,textarea,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c7ccd1;border-radius:8px;font:inherit}',
	'button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#128c7e;color:#fff;font:inherit;font-weight:600}',
	'.problems{color:#b42318}',
	'dt{font-weight:600;margin-top:12px}',
	'dd{margin:4px 0 0;white-space:pre-wrap}',
].join('');

function page(title: string, body: string): string {
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** One answer as the person gave it, shown back on the page that confirms it. */
export interface GivenAnswer {
	label: string;
	value: string;
}

/** The confirmation, repeating what was chosen or written so the person sees what counted. */
export function answerRecordedPage(given: GivenAnswer[]): string {
	const echo = given.length
		? `<dl>${given.map(({ label, value }) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
		: '';
	return page('Answer received', `<h1>Answer received</h1>${echo}<p>Thank you. You can close this page.</p>`);
}

/**
 * What a request that looks like a link previewer or a bot gets: nothing is recorded. A
 * person whose browser was taken for one (an in-app browser) confirms with the button, which
 * posts back to the same signed address; previewers only fetch pages, they never send forms.
 */
export function openInBrowserPage(confirmLabel: string): string {
	return page(
		'Open in a browser',
		`<h1>Open this link in a browser to answer</h1><p>Already reading this in a browser? Confirm your answer here.</p><form method="post" enctype="multipart/form-data"><button type="submit">${escapeHtml(confirmLabel)}</button></form>`,
	);
}

export interface FormPage {
	title: string;
	description: string;
	controls: string;
	buttonLabel: string;
	problems?: string[];
}

/**
 * A form that posts back to the address it was opened at, signature included. Multipart, as
 * n8n 2.x takes nothing else for a custom form's answer.
 */
export function formPage(form: FormPage): string {
	const problems = form.problems?.length
		? `<ul class="problems">${form.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`
		: '';
	return page(
		form.title || 'Your answer',
		`${form.title ? `<h1>${escapeHtml(form.title)}</h1>` : ''}${form.description ? `<p>${escapeHtml(form.description)}</p>` : ''}${problems}<form method="post" enctype="multipart/form-data">${form.controls}<button type="submit">${escapeHtml(form.buttonLabel)}</button></form>`,
	);
}
