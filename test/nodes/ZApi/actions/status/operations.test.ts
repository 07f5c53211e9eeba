/** Status: every operation's documented call; files from a binary; what is refused before any request. */
import { status } from '../../../../../nodes/ZApi/actions/status';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { sampleImages } from '../../../../helpers/images';
import { api, describeOperations } from '../../../../helpers/operationExamples';
import { EXAMPLES, PHONE, POSTED, REPLIED, STATUS_ID } from './examples';

describeOperations(status, EXAMPLES);

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);

describe('Status: posts', () => {
	it('posts an image from a binary field of the input item as a data URI', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-image-status`, { image: sampleImages.pngDataUri })
			.reply(200, POSTED);
		const result = await runAction({ resource: 'status', operation: 'postImage', mediaSource: 'binary', binaryPropertyName: 'photo' }, [
			{ json: {}, binary: { photo: { data: sampleImages.pngBase64, mimeType: 'image/png', fileName: 'p.png' } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([POSTED]);
		expect(scope.isDone()).toBe(true);
	});

	it('posts a video given as base64, with its caption', async () => {
		const dataUri = `data:video/mp4;base64,${MP4.toString('base64')}`;
		const scope = api().post(`${INSTANCE_PATH}/send-video-status`, { video: dataUri, caption: 'Launch' }).reply(200, POSTED);
		const result = await runAction({ resource: 'status', operation: 'postVideo', mediaSource: 'base64', mediaBase64: dataUri, options: { caption: ' Launch ' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a video over 10 MB before any request, saying what to do', async () => {
		const big = Buffer.concat([MP4, Buffer.alloc(10 * 1024 * 1024)]);
		const scope = api().post(/.*/).reply(200, POSTED);
		const result = await runAction({ resource: 'status', operation: 'postVideo', mediaSource: 'base64', mediaBase64: big.toString('base64') });
		expect(result.error?.message).toBe('The video is 10.0 MB; a status takes 10 MB at most');
		expect(result.error?.description).toMatch(/compress/);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses a PDF chosen as an image before any request', async () => {
		const scope = api().post(/.*/).reply(200, POSTED);
		const result = await runAction({ resource: 'status', operation: 'postImage', mediaSource: 'base64', mediaBase64: Buffer.from('%PDF-1.4 fake').toString('base64') });
		expect(result.error?.message).toMatch(/is a PDF file \(application\/pdf\), not an image$/);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses an empty text before any request', async () => {
		const scope = api().post(/.*/).reply(200, POSTED);
		const result = await runAction({ resource: 'status', operation: 'postText', message: '={{ $json.text }}' }, [{ json: { text: '  ' } }]);
		expect(result.error?.message).toBe('Text is empty');
		expect(scope.isDone()).toBe(false);
	});

	it('fails the item when Z-API answers with an error in a 200', async () => {
		api().post(`${INSTANCE_PATH}/send-text-status`).reply(200, { error: 'You are not connected.' });
		const result = await runAction({ resource: 'status', operation: 'postText', message: 'Hi' });
		expect(result.error?.message).toBe('Z-API could not post the text status (it answered {"error":"You are not connected."})');
	});
});

describe('Status: replies', () => {
	it('sends a sticker from a binary field as a data URI', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/reply-status-sticker`, { phone: PHONE, sticker: sampleImages.pngDataUri, statusMessageId: STATUS_ID })
			.reply(200, REPLIED);
		const result = await runAction(
			{ resource: 'status', operation: 'replyWithSticker', phone: PHONE, statusMessageId: STATUS_ID, mediaSource: 'binary', binaryPropertyName: 'data' },
			[{ json: {}, binary: { data: { data: sampleImages.pngBase64, mimeType: 'image/png' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ ...POSTED, phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['an empty Status Message ID', { statusMessageId: '' }, /^Status Message ID is empty$/],
		['a GIF address that is not http(s)', { gifUrl: 'ftp://example.com/a.mp4' }, /^GIF URL 'ftp:\/\/example.com\/a.mp4' is not an http\(s\) URL$/],
		['a group as the phone', { phone: '120363019502650977-group' }, /is not a phone number$/],
	])('refuses %s before any request', async (_case, change, message) => {
		const scope = api().post(/.*/).reply(200, REPLIED);
		const result = await runAction({ resource: 'status', operation: 'replyWithGif', ...EXAMPLES.replyWithGif.parameters, ...change, statusMessageId: '={{ $json.id }}' }, [
			{ json: { id: 'statusMessageId' in change ? change.statusMessageId : STATUS_ID } },
		]);
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});

	it('names the status reply in the error when Z-API refuses', async () => {
		api().post(`${INSTANCE_PATH}/reply-status-text`).reply(200, { value: false });
		const result = await runAction({ resource: 'status', operation: 'replyWithText', ...EXAMPLES.replyWithText.parameters });
		expect(result.error?.message).toBe(`Z-API could not reply with a text to a status of ${PHONE} (it answered {"value":false})`);
		expect(result.error?.description).toMatch(/24 hours/);
	});

	it('declares the chat that orders its items', () => {
		expect(status.operations.filter((operation) => operation.orderedBy === 'phone').map((operation) => operation.value)).toEqual([
			'replyWithGif',
			'replyWithSticker',
			'replyWithText',
		]);
	});
});
