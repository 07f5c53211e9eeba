'use strict';
/** The stand-in's OpenAI-compatible transcription endpoint: what an emitted audio says, heard from its bytes. */
const { createStandIn } = require('./server');
const { DEFAULT_TRANSCRIPTION_KEY } = require('./transcription');
const { startReceiver } = require('./helpers');

const ID = 'VOICEINSTANCE1';
let standIn;
let base = '';
let receiver;
beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: 'voice-token', name: 'Voice' }] });
	base = (await standIn.start()).url;
	receiver = await startReceiver();
});
afterEach(async () => {
	await standIn.stop();
	await receiver.close();
});

/** Posts `bytes` as OpenAI's speech-to-text request does: multipart, `model` then `file`. */
async function transcribe(bytes, { key = DEFAULT_TRANSCRIPTION_KEY, model = 'whisper-1' } = {}) {
	const form = new FormData();
	if (model) form.append('model', model);
	if (bytes) form.append('file', new Blob([bytes], { type: 'audio/ogg' }), 'voice.ogg');
	const res = await fetch(`${base}/v1/audio/transcriptions`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
	return { status: res.status, json: await res.json() };
}

describe('stand-in: transcription', () => {
	it("hears what an emitted audio says, from the file's bytes served at its address", async () => {
		const { payload } = await standIn.emit(ID, 'audio', { media: true, transcript: 'de chocolate, para sábado', url: receiver.url });
		const bytes = Buffer.from(await (await fetch(payload.audio.audioUrl)).arrayBuffer());
		expect(await transcribe(bytes)).toEqual({ status: 200, json: { text: 'de chocolate, para sábado' } });
		const { requests } = await (await fetch(`${base}/_control/transcriptions`)).json();
		expect(requests).toEqual([{ model: 'whisper-1', fileName: 'voice.ogg', contentType: 'audio/ogg', bytes: bytes.length, known: true }]);
	});

	it('an audio it was told nothing of: no words heard', async () => {
		expect(await transcribe(Buffer.from('OggS other audio'))).toEqual({ status: 200, json: { text: '(no words heard)' } });
	});

	it('refuses a wrong key as OpenAI does, and a request without a file or a model', async () => {
		expect(await transcribe(Buffer.from('OggS'), { key: 'sk-wrong' })).toEqual({
			status: 401,
			json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } },
		});
		expect((await transcribe(null)).status).toBe(400);
		expect((await transcribe(Buffer.from('OggS'), { model: '' })).status).toBe(400);
	});
});
