import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n');
const PDF_URI = `data:application/pdf;base64,${PDF.toString('base64')}`;
const sendDocument = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendDocument', phone: PHONE, mediaSource: 'binary', binaryPropertyName: 'data', ...extra });
const file = (data: Buffer, mimeType: string, fileName?: string): INodeExecutionData => ({
	json: {},
	binary: { data: { data: data.toString('base64'), mimeType, ...(fileName ? { fileName } : {}) } },
});

describe('Message > Send Document', () => {
	it.each([
		['the File Name parameter', { fileName: 'Invoice March.PDF' }, file(PDF, 'application/pdf', 'x.bin'), 'pdf', 'Invoice March.PDF'],
		["the binary's file name", {}, file(PDF, 'application/pdf', 'report.pdf'), 'pdf', 'report.pdf'],
		['the MIME type of a nameless binary', {}, file(Buffer.from('a,b\n1,2\n'), 'text/csv'), 'csv', undefined],
		['a spreadsheet name', {}, file(Buffer.from('PK\u0003\u0004xl'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'q1.xlsx'), 'xlsx', 'q1.xlsx'],
	])('takes the extension in the path from %s', async (_label, extra, item, extension, fileName) => {
		const declared = Object.values(item.binary ?? {})[0]?.mimeType;
		let sent: IDataObject = {};
		const scope = api()
			.post(`${INSTANCE_PATH}/send-document/${extension}`, (body) => ((sent = body), true))
			.reply(200, SENT);
		const result = await runAction(sendDocument(extra), [item]);
		expect(result.error).toBeUndefined();
		expect(sent.fileName).toBe(fileName);
		// The declared type goes with a document: an .xlsx is a ZIP by its bytes, not by its type.
		expect(String(sent.document).startsWith(`data:${declared};base64,`)).toBe(true);
		expect(scope.isDone()).toBe(true);
	});

	it('sends a caption and reply-to', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-document/pdf`, { phone: PHONE, document: PDF_URI, fileName: 'a.pdf', caption: 'Your invoice', messageId: 'IN-1' })
			.reply(200, SENT);
		const result = await runAction(sendDocument({ fileName: 'a.pdf', options: { caption: 'Your invoice', replyTo: 'IN-1' } }), [file(PDF, 'application/pdf')]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a document whose type cannot be told, before any request', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendDocument({ mediaSource: 'url', mediaUrl: 'https://example.com/download?id=7' }));
		expect(result.error?.message).toBe('Cannot tell the type of the document');
		expect(result.error?.description).toMatch(/Set File Name with an extension/);
		expect(scope.isDone()).toBe(false);
	});
});
