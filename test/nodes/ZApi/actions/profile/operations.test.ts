/** Profile: every operation's documented call; the picture from a binary; refusals. */
import { ZApi } from '../../../../../nodes/ZApi/ZApi.node';
import { profile } from '../../../../../nodes/ZApi/actions/profile';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { sampleImages } from '../../../../helpers/images';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

describeOperations(profile, EXAMPLES);

describe('Profile', () => {
	it('sets the picture from a binary field of the input item as a data URI', async () => {
		const scope = api().put(`${INSTANCE_PATH}/profile-picture`, { value: sampleImages.jpegDataUri }).reply(200, { value: true });
		const result = await runAction({ resource: 'profile', operation: 'updatePicture', mediaSource: 'binary', binaryPropertyName: 'data' }, [
			{ json: {}, binary: { data: { data: sampleImages.jpegBase64, mimeType: 'image/jpeg', fileName: 'me.jpg' } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, pictureSource: 'binary' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses an item without the binary field before any request, naming the fields it has', async () => {
		const scope = api().put(/.*/).reply(200, { value: true });
		const result = await runAction({ resource: 'profile', operation: 'updatePicture', mediaSource: 'binary', binaryPropertyName: 'photo' }, [
			{ json: {}, binary: { data: { data: sampleImages.pngBase64, mimeType: 'image/png' } } },
		]);
		expect(result.error?.message).toBe("The input item has no binary field 'photo'");
		expect(result.error?.description).toMatch(/Binary fields on this item: data/);
		expect(scope.isDone()).toBe(false);
	});

	it('clears the about text when it is empty', async () => {
		const scope = api().put(`${INSTANCE_PATH}/profile-description`, { value: '' }).reply(200, { value: true });
		const result = await runAction({ resource: 'profile', operation: 'updateAbout', about: '' });
		expect(result.json).toEqual([{ success: true, about: '' }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each(profile.operations.map((operation) => [operation.name, operation.value]))('%s fails the item on {value: false}', async (_name, value) => {
		expectCall(EXAMPLES[value], { value: false });
		const result = await runAction({ resource: 'profile', operation: value, ...EXAMPLES[value].parameters });
		expect(result.error?.message).toMatch(/^Z-API could not set the profile (name to 'Profile name'|about text|picture) \(it answered \{"value":false\}\)$/);
	});
});

describe('Profile: Update Picture in the editor', () => {
	// docs/instance/profile-picture.md documents `value` as an image URL only.
	it('says that Z-API documents a URL, and that a file or base64 goes as a data URI', () => {
		const notice = new ZApi().description.properties.find((property) => property.name === 'pictureSourceNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayOptions?.show).toEqual({ resource: ['profile'], operation: ['updatePicture'] });
		expect(notice?.displayName).toBe(
			'Z-API documents only an image URL for the profile picture. A file or base64 is sent as a data URI, as Z-API takes it for group photos; if a picture does not change, give its URL.',
		);
	});
});
