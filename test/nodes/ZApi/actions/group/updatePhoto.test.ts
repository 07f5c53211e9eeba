import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { sampleImages } from '../../../../helpers/images';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/update-group-photo`;
const GROUP = '120363019502650977-group';
const OLD_GROUP = '5511999999999-1623281429';

const PNG_BASE64 = sampleImages.pngBase64;
const JPEG_BASE64 = sampleImages.jpegBase64;
const PNG_URI = `data:image/png;base64,${PNG_BASE64}`;
const JPEG_URI = `data:image/jpeg;base64,${JPEG_BASE64}`;

const updatePhoto = (extra: IDataObject) => ({
	resource: 'group',
	operation: 'updatePhoto',
	groupId: GROUP,
	...extra,
});

const withPng = (binary: IDataObject = {}): INodeExecutionData => ({
	json: {},
	binary: { data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'p.png', ...binary } as never },
});

describe('Group > Update Photo: from a URL', () => {
	it('POSTs {groupId, groupPhoto: url} as JSON to /update-group-photo', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, groupPhoto: 'https://cdn.example.com/group.jpg?v=2' })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'url', photoUrl: 'https://cdn.example.com/group.jpg?v=2' }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, photoSource: 'url' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('accepts an http URL and an old-form group id', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: OLD_GROUP, groupPhoto: 'http://cdn.example.com/g.png' })
			.reply(200, { value: true });
		const result = await runAction(
			updatePhoto({ groupId: OLD_GROUP, photoSource: 'url', photoUrl: ' http://cdn.example.com/g.png ' }),
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each(['ftp://cdn.example.com/g.png', '/images/g.png', 'cdn.example.com/g.png', 'file:///etc/passwd'])(
		'refuses %j before any request',
		async (photoUrl) => {
			const scope = api().post(/.*/).reply(200, { value: true });
			const result = await runAction(updatePhoto({ photoSource: 'url', photoUrl }));
			expect(result.error?.message).toBe(`Photo URL '${photoUrl}' is not an http(s) URL`);
			expect(result.error?.description).toMatch(/full public address/);
			expect(scope.isDone()).toBe(false);
		},
	);
});

describe('Group > Update Photo: from base64', () => {
	it.each([
		['bare PNG base64', PNG_BASE64, PNG_URI],
		['a PNG data URI', PNG_URI, PNG_URI],
		['a JPEG data URI', JPEG_URI, JPEG_URI],
		['bare JPEG base64 wrapped over lines', JPEG_BASE64.replace(/(.{40})/g, '$1\n'), JPEG_URI],
		['a data URI that mislabels a PNG as JPEG', `data:image/jpeg;base64,${PNG_BASE64}`, PNG_URI],
	])('sends %s as a data URI of the real image type', async (_label, photoBase64, sent) => {
		const scope = api().post(ENDPOINT, { groupId: GROUP, groupPhoto: sent }).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'base64', photoBase64 }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, photoSource: 'base64' }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['base64 of a text', Buffer.from('hello, this is not an image').toString('base64'), /is not a JPEG, PNG, GIF or WebP image/],
		['a PDF data URI', `data:application/pdf;base64,${Buffer.from('%PDF-1.4 fake').toString('base64')}`, /is not a JPEG, PNG, GIF or WebP image/],
		['text that is not base64', 'not base64 at all!', /is not base64 text/],
		['a URL in the base64 field', 'https://cdn.example.com/g.png', /is not base64 text/],
	])('refuses %s before any request', async (_label, photoBase64, message) => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'base64', photoBase64 }));
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).toMatch(/^Photo \(Base64\)/);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Group > Update Photo: from a binary field', () => {
	it('sends the file of the input item as a data URI', async () => {
		const scope = api().post(ENDPOINT, { groupId: GROUP, groupPhoto: PNG_URI }).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'binary', binaryPropertyName: 'data' }), [withPng()]);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, photoSource: 'binary' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('uses Binary File with the data field by default', async () => {
		const scope = api().post(ENDPOINT, { groupId: GROUP, groupPhoto: PNG_URI }).reply(200, { value: true });
		const result = await runAction(updatePhoto({}), [withPng()]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('reads each item its own file', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, groupPhoto: PNG_URI })
			.reply(200, { value: true })
			.post(ENDPOINT, { groupId: GROUP, groupPhoto: JPEG_URI })
			.reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'binary', binaryPropertyName: 'photo' }), [
			{ json: {}, binary: { photo: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'a.png' } } },
			{ json: {}, binary: { photo: { data: JPEG_BASE64, mimeType: 'image/jpeg', fileName: 'b.jpg' } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(2);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('names the available binary fields when the chosen one is missing', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'binary', binaryPropertyName: 'photo' }), [
			{
				json: {},
				binary: {
					data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'p.png' },
					attachment_1: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'q.png' },
				},
			},
		]);
		expect(result.error?.message).toBe("The input item has no binary field 'photo'");
		expect(result.error?.description).toBe(
			'Binary fields on this item: data, attachment_1. Set Input Binary Field to one of them.',
		);
		expect(scope.isDone()).toBe(false);
	});

	it('says so when the item carries no file at all', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'binary', binaryPropertyName: 'data' }), [{ json: {} }]);
		expect(result.error?.message).toBe("The input item has no binary field 'data'");
		expect(result.error?.description).toMatch(/carries no file/);
		expect(scope.isDone()).toBe(false);
	});

	it('tells how to use an image message of the Z-API Trigger, which carries a link, not a file', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const triggerItem = {
			json: { event: 'message', kind: 'image', phone: GROUP, content: { imageUrl: 'https://media.z-api.io/a.jpeg', caption: '' } },
		};
		const result = await runAction(updatePhoto({}), [triggerItem]);
		expect(result.error?.message).toBe("The input item has no binary field 'data'");
		expect(result.error?.description).toBe(
			'This item is an image message of the Z-API Trigger: it carries the image as a link, not as a file. Set Photo Source to URL and Photo URL to {{ $json.content.imageUrl }}.',
		);
		expect(scope.isDone()).toBe(false);
	});

	it('with those settings, the image message of the trigger works', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, groupPhoto: 'https://media.z-api.io/a.jpeg' })
			.reply(200, { value: true });
		const result = await runAction(
			updatePhoto({ groupId: '={{ $json.phone }}', photoSource: 'url', photoUrl: '={{ $json.content.imageUrl }}' }),
			[{ json: { event: 'message', kind: 'image', phone: GROUP, content: { imageUrl: 'https://media.z-api.io/a.jpeg' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a file that is not an image, whatever its declared type', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updatePhoto({ photoSource: 'binary', binaryPropertyName: 'data' }), [
			withPng({ data: Buffer.from('%PDF-1.4').toString('base64'), mimeType: 'image/png' }),
		]);
		expect(result.error?.message).toBe("Binary field 'data' is not a JPEG, PNG, GIF or WebP image");
		expect(scope.isDone()).toBe(false);
	});
});

describe('Group > Update Photo: answers', () => {
	it.each([
		['new', GROUP],
		['old', OLD_GROUP],
	])('fails the item on {value: false}, naming the operation and the %s-form group', async (_label, groupId) => {
		api().post(ENDPOINT).reply(200, { value: false });
		const result = await runAction(updatePhoto({ groupId, photoSource: 'url', photoUrl: 'https://cdn.example.com/g.jpg' }));
		expect(result.error?.message).toBe(
			`Z-API could not update the photo of group ${groupId} (it answered {"value":false})`,
		);
		expect(result.error?.description).toMatch(/^The group may not exist \(check the Group ID\), or the instance's phone may not be in it\. Otherwise .*admin of the group/);
		// No HTTP code: n8n would show "Error code 200" next to a failure.
		expect(result.error?.httpCode).toBeNull();
		expect(result.json).toEqual([]);
	});

	it.each(['12345', 'abc-group', '120363@g.us'])('refuses the group id %j before any request', async (groupId) => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updatePhoto({ groupId, photoSource: 'url', photoUrl: 'https://cdn.example.com/g.jpg' }));
		expect(result.error?.message).toBe(`'${groupId}' is not a Z-API group ID`);
		expect(scope.isDone()).toBe(false);
	});

	it('with Continue On Fail, a failing item becomes an error item and the others go on', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, groupPhoto: PNG_URI })
			.reply(200, { value: false })
			.post(ENDPOINT, { groupId: OLD_GROUP, groupPhoto: PNG_URI })
			.reply(200, { value: true });
		const result = await runAction(
			updatePhoto({ groupId: '={{ $json.group }}', photoSource: 'binary', binaryPropertyName: 'data' }),
			[
				{ ...withPng(), json: { group: GROUP } },
				{ json: { group: OLD_GROUP } }, // no file
				{ ...withPng(), json: { group: OLD_GROUP } },
			],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				error: `Z-API could not update the photo of group ${GROUP} (it answered {"value":false})`,
				details: expect.stringMatching(/admin of the group/),
			},
			{ error: "The input item has no binary field 'data'", details: expect.stringMatching(/carries no file/) },
			{ success: true, groupId: OLD_GROUP, photoSource: 'binary' },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(scope.isDone()).toBe(true);
	});
});
