/** What every Instance operation shares; the QR code as an n8n binary image; session refusals. */
import type { IBinaryData } from 'n8n-workflow';

import { instance } from '../../../../../nodes/ZApi/actions/instance';
import { qrImageOf } from '../../../../../nodes/ZApi/actions/instance/getQrCode.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { DEVICE, EXAMPLES, PNG_BASE64 } from './examples';

describeOperations(instance, EXAMPLES);

const PNG = Buffer.from(PNG_BASE64, 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF jpeg bytes of a qr code')]);

describe('Instance: Get QR Code', () => {
	it.each([
		['a bare base64 string', PNG_BASE64, PNG, 'image/png'],
		['a data URI string', `data:image/png;base64,${PNG_BASE64}`, PNG, 'image/png'],
		['{value: data URI}', { value: `data:image/png;base64,${PNG_BASE64}` }, PNG, 'image/png'],
		['{value: bare base64} of a JPEG', { value: JPEG.toString('base64') }, JPEG, 'image/jpeg'],
	])('reads the image from %s', (_shape, answer, bytes, mimeType) => {
		expect(qrImageOf(answer)).toEqual({ data: bytes, mimeType });
	});

	it.each([
		['already connected', { connected: true }],
		['an error', { error: 'You are already connected.' }],
		['base64 that is not an image', { value: Buffer.from('not an image at all, only text').toString('base64') }],
		['nothing', null],
	])('finds no image in %s', (_shape, answer) => {
		expect(qrImageOf(answer)).toBeUndefined();
	});

	it('outputs the image as n8n binary data in the chosen field, with its type and name', async () => {
		api().get(`${INSTANCE_PATH}/qr-code/image`).reply(200, `data:image/png;base64,${PNG_BASE64}`, { 'Content-Type': 'text/plain' });
		const result = await runAction({ resource: 'instance', operation: 'getQrCode', binaryPropertyName: 'qr' });
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.json).toEqual({ connected: false, mimeType: 'image/png' });
		expect(Object.keys(item.binary ?? {})).toEqual(['qr']);
		const binary = item.binary!.qr as IBinaryData;
		expect(binary).toMatchObject({ mimeType: 'image/png', fileName: 'qr-code.png', fileExtension: 'png' });
		expect(Buffer.from(binary.data, 'base64')).toEqual(PNG);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	const CONNECTED =
		'A WhatsApp number is already connected to this instance: there is no QR code to scan. To link another number, use Instance → Disconnect first.';

	it('on a connected instance outputs connected: true and says so, without an error or a file', async () => {
		const scope = api().get(`${INSTANCE_PATH}/qr-code/image`).reply(200, { connected: true, error: 'You are already connected.' });
		const result = await runAction({ resource: 'instance', operation: 'getQrCode' });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ json: { connected: true, message: CONNECTED }, pairedItem: { item: 0 } }]);
		expect(scope.isDone()).toBe(true);
	});

	it('when the answer has no image and does not say why, asks the status: connected is the same normal output', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/qr-code/image`)
			.reply(200, { error: 'Já está conectado' })
			.get(`${INSTANCE_PATH}/status`)
			.reply(200, { connected: true, error: '', smartphoneConnected: true });
		const result = await runAction({ resource: 'instance', operation: 'getQrCode' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ connected: true, message: CONNECTED }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails the item when there is no image and the number is not connected either', async () => {
		api().get(`${INSTANCE_PATH}/qr-code/image`).reply(200, { value: '' }).get(`${INSTANCE_PATH}/status`).reply(200, { connected: false, error: 'You are not connected.' });
		const result = await runAction({ resource: 'instance', operation: 'getQrCode' });
		expect(result.error?.message).toBe('Z-API gave no QR code image');
		expect(result.error?.description).toMatch(/^It answered \{"value":""\}\. Check with Instance → Get Status/);
	});
});

describe('Instance: restart and disconnect', () => {
	const sessionOperations = instance.operations.filter((operation) => 'path' in operation).map((operation) => [operation.name, operation.value]);

	it.each(sessionOperations)('%s fails the item when Z-API refuses in a 200 answer', async (_name, value) => {
		expectCall(EXAMPLES[value], { value: false });
		expectCall(EXAMPLES[value], { error: 'You are not connected.' });
		const result = await runAction({ resource: 'instance', operation: value }, [{ json: {} }, { json: {} }], { continueOnFail: true });
		expect(result.json).toEqual([
			{ error: expect.stringMatching(/^Z-API could not ((restart|disconnect) the instance|restore the session) \(it answered \{"value":false\}\)$/), details: expect.any(String) },
			{ error: expect.stringMatching(/\{"error":"You are not connected\."\}\)$/), details: expect.any(String) },
		]);
	});

	it.each(sessionOperations)('%s says what it does to the connection in its description', (_name, value) => {
		const { description } = instance.operations.find((operation) => operation.value === value)!;
		const says: Record<string, RegExp> = {
			disconnect: /Unlink the WhatsApp number .* until a new QR code is scanned/,
			restart: /stays linked .* nothing is sent or received/,
			restoreSession: /without a new QR code/,
		};
		expect(description).toMatch(says[value]);
	});
});

describe('Instance: Get Device', () => {
	it('fails the item with what to do when no number is connected', async () => {
		expectCall(EXAMPLES.getDevice, { error: 'You are not connected.' });
		const result = await runAction({ resource: 'instance', operation: 'getDevice' });
		expect(result.error?.message).toBe('Z-API could not read the connected device (it answered {"error":"You are not connected."})');
		expect(result.error?.description).toMatch(/Get QR Code/);
		expect(result.json).toEqual([]);
	});
});

describe('Instance: Get Device output', () => {
	it('reads the business flag as a boolean whichever way it is written', async () => {
		api().get(`${INSTANCE_PATH}/device`).reply(200, { phone: '5511999999999', name: 'Shop', isBusiness: 'false' });
		const result = await runAction({ resource: 'instance', operation: 'getDevice' });
		expect(result.json).toEqual([{ phone: '5511999999999', name: 'Shop', about: null, photo: null, isBusiness: false }]);
	});

	it('with Simplify off, outputs the device as Z-API sent it', async () => {
		api().get(`${INSTANCE_PATH}/device`).reply(200, DEVICE);
		const result = await runAction({ resource: 'instance', operation: 'getDevice', simplify: false });
		expect(result.json).toEqual([DEVICE]);
	});
});
