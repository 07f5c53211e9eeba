'use strict';
/**
 * Tiny but well-formed images for group-photo tests, built with Node built-ins only.
 *   - PNG: 8x8 RGB, WhatsApp green, zlib-compressed IDAT, correct CRCs.
 *   - JPEG: 8x8 baseline greyscale, one block, minimal Huffman tables (DC 0 + EOB).
 * Exported as Buffers, bare base64 and data URIs.
 */
const zlib = require('node:zlib');

const CRC_TABLE = (() => {
	const t = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		t[n] = c >>> 0;
	}
	return t;
})();

function crc32(buf) {
	let c = 0xffffffff;
	for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([len, body, crc]);
}

function buildPng(size = 8, rgb = [0x25, 0xd3, 0x66]) {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(size, 0);
	ihdr.writeUInt32BE(size, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 2; // colour type RGB
	const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
	const raw = Buffer.concat(Array(size).fill(row));
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk('IHDR', ihdr),
		pngChunk('IDAT', zlib.deflateSync(raw)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

function segment(marker, payload) {
	const len = Buffer.alloc(2);
	len.writeUInt16BE(payload.length + 2);
	return Buffer.concat([Buffer.from([0xff, marker]), len, payload]);
}

function buildJpeg() {
	const app0 = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
	const dqt = segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]));
	const sof0 = segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
	const oneCodeTable = (cls) => Buffer.concat([Buffer.from([cls]), Buffer.from([1, ...Array(15).fill(0)]), Buffer.from([0])]);
	const dhtDc = segment(0xc4, oneCodeTable(0x00)); // DC table 0: category 0 -> code "0"
	const dhtAc = segment(0xc4, oneCodeTable(0x10)); // AC table 0: EOB -> code "0"
	const sos = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
	const scan = Buffer.from([0x3f]); // "0" (DC diff 0) "0" (EOB), padded with 1s
	return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, sof0, dhtDc, dhtAc, sos, scan, Buffer.from([0xff, 0xd9])]);
}

const png = buildPng();
const jpeg = buildJpeg();

module.exports = {
	png,
	jpeg,
	pngBase64: png.toString('base64'),
	jpegBase64: jpeg.toString('base64'),
	pngDataUri: `data:image/png;base64,${png.toString('base64')}`,
	jpegDataUri: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
	buildPng,
	buildJpeg,
};
