import { GROUP_PHOTO } from '../../../nodes/ZApi/actions/group/updatePhoto.operation';
import { InputError } from '../../../nodes/shared/input';
import { checkedBytes, extensionOf, extensionOfType, isBase64Text, MEDIA_KINDS, mediaFromBase64, mediaFromUrl, sniffMediaType } from '../../../nodes/shared/media';
import { sampleImages } from '../../helpers/images';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMediaType', () => {
	it.each([
		['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
		['PNG', bytes([0x89], 'PNG\r\n'), 'image/png'],
		['GIF', bytes('GIF89a'), 'image/gif'],
		['WebP', bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
		['WAV', bytes('RIFF', [1, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
		['Ogg', bytes('OggS', [0]), 'audio/ogg'],
		['MP3 with a tag', bytes('ID3', [4]), 'audio/mpeg'],
		['MP3 frame without a tag', bytes([0xff, 0xfb, 0x90]), 'audio/mpeg'],
		['AMR', bytes('#!AMR\n'), 'audio/amr'],
		['MP4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'video/mp4'],
		['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
		['PDF', bytes('%PDF-1.4'), 'application/pdf'],
		['ZIP (and Office files)', bytes('PK', [3, 4]), 'application/zip'],
	])('knows %s', (_label, data, mimeType) => {
		expect(sniffMediaType(data)?.mimeType).toBe(mimeType);
	});

	it.each([
		['text', bytes('hello')],
		['RIFF of another kind', bytes('RIFF', [1, 0, 0, 0], 'AVI LIST')],
		['empty', Buffer.alloc(0)],
		['too short for its signature', bytes([0xff, 0xd8])],
	])('does not guess for %s', (_label, data) => {
		expect(sniffMediaType(data)).toBeUndefined();
	});
});

describe('extensionOf / extensionOfType', () => {
	it.each([
		['report.PDF', 'pdf'],
		['archive.tar.gz', 'gz'],
		[' voice.ogg ', 'ogg'],
		['README', undefined],
		['', undefined],
		[undefined, undefined],
		['name.', undefined],
	])('%j -> %j', (name, extension) => {
		expect(extensionOf(name)).toBe(extension);
	});

	it.each([
		['application/pdf', 'pdf'],
		['TEXT/CSV', 'csv'],
		['application/x-unknown', undefined],
		[undefined, undefined],
	])('type %j -> %j', (mimeType, extension) => {
		expect(extensionOfType(mimeType)).toBe(extension);
	});
});

describe('mediaFromUrl', () => {
	it('keeps the address and reads the file name from its path', () => {
		expect(mediaFromUrl(' https://cdn.example.com/a/Some%20File.PDF?sig=1 ', 'File URL')).toEqual({
			value: 'https://cdn.example.com/a/Some%20File.PDF?sig=1',
			source: 'url',
			fileName: 'Some File.PDF',
			extension: 'pdf',
		});
	});

	it.each(['', 'cdn.example.com/a.png', 'ftp://x.example.com/a', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])('refuses %j', (raw) => {
		expect(() => mediaFromUrl(raw, 'File URL')).toThrow(raw ? `File URL '${raw}' is not an http(s) URL` : 'File URL is empty');
	});
});

describe('isBase64Text', () => {
	it.each([
		['QUJD', true],
		['QUI=', true],
		['QQ==', true],
		['a+/b', true],
		['', false],
		['QUJDR', false],
		['QQ===', false],
		['Q=Q=', false],
		['====', false],
		['QU J', false],
		['QU-_', false],
	])('%j: %s', (text, expected) => {
		expect(isBase64Text(text)).toBe(expected);
	});

	it('reads a file of 12 MB without running out of stack', () => {
		expect(isBase64Text(Buffer.alloc(12 * 1024 * 1024).toString('base64'))).toBe(true);
	});
});

describe('mediaFromBase64', () => {
	const ogg = bytes('OggS', [0, 2]).toString('base64');

	it.each([
		['bare, recognised by its bytes', ogg, 'audio', 'audio/ogg'],
		['a data URI with parameters', `data:audio/ogg;codecs=opus;base64,${ogg}`, 'audio', 'audio/ogg'],
		['a declared type where the bytes say nothing', `data:text/plain;base64,${Buffer.from('hi').toString('base64')}`, 'document', 'text/plain'],
		['unknown bytes as a document', Buffer.from('hi').toString('base64'), 'document', 'application/octet-stream'],
		['an MP4 container declared as audio', `data:audio/mp4;base64,${bytes([0, 0, 0, 0x18], 'ftypM4A ').toString('base64')}`, 'audio', 'audio/mp4'],
		['an MP4 container with no declared type, as audio', bytes([0, 0, 0, 0x18], 'ftypisom').toString('base64'), 'audio', 'audio/mp4'],
	] as const)('takes %s', (_label, raw, kind, mimeType) => {
		const media = mediaFromBase64(raw, 'File (Base64)', MEDIA_KINDS[kind]);
		expect(media.mimeType).toBe(mimeType);
		expect(media.value).toBe(`data:${mimeType};base64,${raw.replace(/^data:[^,]*,/, '')}`);
	});

	it.each([
		['an image as audio', bytes([0x89], 'PNG').toString('base64'), 'audio', 'X is an image file (image/png), not an audio file'],
		['a PDF as video', bytes('%PDF').toString('base64'), 'video', 'X is a PDF file (application/pdf), not a video'],
		['unknown bytes as an image', Buffer.from('hello').toString('base64'), 'image', 'X: cannot tell whether it is an image'],
		['a declared type that does not fit', `data:video/mp4;base64,${Buffer.from('zz').toString('base64')}`, 'image', 'X is a video file (video/mp4), not an image'],
		['text with a stray character', 'AAAA$', 'document', 'X is not base64 text'],
		['one character too many', 'AAAAA', 'document', 'X is not base64 text'],
	] as const)('refuses %s', (_label, raw, kind, message) => {
		expect(() => mediaFromBase64(raw, 'X', MEDIA_KINDS[kind])).toThrow(message);
	});
});

describe("a narrower kind of the caller's own", () => {
	const groupPhoto = { label: 'group photo', accepts: ['image/jpeg', 'image/png'], examples: 'JPEG or PNG' };

	it.each([
		['a PNG', bytes([0x89], 'PNG\r\n'), undefined],
		['a GIF', bytes('GIF89a'), 'X is an image file (image/gif), not a group photo'],
	])('checks %s against it', (_label, data, error) => {
		const read = () => mediaFromBase64(data.toString('base64'), 'X', groupPhoto);
		if (error) expect(read).toThrow(error);
		else expect(read().mimeType).toBe('image/png');
	});
});

describe('a kind the bytes decide: the group photo', () => {
	const PNG_BASE64 = sampleImages.pngBase64;
	const PNG = sampleImages.png;
	const isImage = (data: Buffer) => sniffMediaType(data)?.mimeType.startsWith('image/') ?? false;
	const inputError = (read: () => unknown): InputError => {
		try {
			read();
		} catch (error) {
			if (error instanceof InputError) return error;
			throw error;
		}
		throw new Error('expected an InputError');
	};

	it.each([
		['image/png', PNG],
		['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
		['image/gif', Buffer.from('GIF89a')],
		['image/webp', Buffer.from('RIFF\0\0\0\0WEBP')],
	])('recognises %s', (mimeType, data) => {
		expect(sniffMediaType(data)?.mimeType).toBe(mimeType);
		expect(checkedBytes(data, undefined, GROUP_PHOTO, 'Photo').value).toBe(`data:${mimeType};base64,${data.toString('base64')}`);
	});

	it.each([Buffer.from('%PDF-1.4'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])])('refuses %p', (data) => {
		expect(isImage(data)).toBe(false);
		expect(inputError(() => checkedBytes(data, 'image/png', GROUP_PHOTO, 'Photo')).message).toBe('Photo is not a JPEG, PNG, GIF or WebP image');
	});

	it.each([
		['bare', PNG_BASE64],
		['data URI', `data:image/png;base64,${PNG_BASE64}`],
		['data URI, upper case', `DATA:IMAGE/PNG;BASE64,${PNG_BASE64}`],
		['wrapped over lines', PNG_BASE64.replace(/(.{20})/g, '$1\n')],
		['mislabelled', `data:image/jpeg;base64,${PNG_BASE64}`],
	])('reads %s base64', (_label, input) => {
		expect(mediaFromBase64(input, 'Photo', GROUP_PHOTO).value).toBe(`data:image/png;base64,${PNG_BASE64}`);
	});

	it.each([
		['', 'Photo is empty'],
		['data:image/png;base64,', 'Photo is empty'],
		['not base64!', 'Photo is not base64 text'],
		[Buffer.from('plain text').toString('base64'), 'Photo is not a JPEG, PNG, GIF or WebP image'],
	])('refuses %j', (input, message) => {
		expect(inputError(() => mediaFromBase64(input, 'Photo', GROUP_PHOTO)).message).toBe(message);
	});
});
