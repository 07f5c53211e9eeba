/**
 * Transcribe Voice Notes through n8n-core: the burst's audios go to the OpenAI-compatible
 * transcription endpoint of n8n's OpenAI credential, and their transcripts take their place in
 * the combined text. Faults are staged (an answer refusing the key and echoing it, a redirect to
 * another origin, a cut connection); none may lose the burst, repeat the call or leak the key.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import nock from 'nock';

import { FakeDataTables } from '../../../../../helpers/dataTables';
import { OPENAI_CREDENTIALS, runAction } from '../../../../../helpers/engine';
import { echoedForms, holdsSecret } from '../../../../../helpers/secrets';
import { stagedServer } from '../../../../../helpers/stagedServer';
import { ANA, BRUNO, incoming } from '../messages';

const OPENAI = 'https://api.openai.com';
const VOICE = Buffer.from('OggS\u0000\u0002 a voice note of Ana asking for a chocolate cake', 'latin1');

/** A voice note as the trigger gives it with Download Media on: the file inline (n8n's default binary mode). */
const voiceNote = (phone: string): INodeExecutionData => ({
	...incoming(phone, null, {
		kind: 'audio',
		content: { audioUrl: 'https://mmg.whatsapp.example/voice.ogg', mimeType: 'audio/ogg; codecs=opus', ptt: true, seconds: 3 },
		media: { downloaded: true, binaryProperty: 'data', fileName: 'voice.ogg', mimeType: 'audio/ogg', fileSize: VOICE.length },
	}),
	binary: { data: { data: VOICE.toString('base64'), mimeType: 'audio/ogg', fileName: 'voice.ogg' } },
});

let run = 0;
const combine = async (item: INodeExecutionData, extra: IDataObject = {}, openAi?: Record<string, string>) =>
	await runAction(
		{ resource: 'conversation', operation: 'combineMessages', quietSeconds: 1, maxWaitSeconds: 10, transcribeVoiceNotes: true, ...extra },
		[item],
		{ executionId: `exec-t${++run}`, mode: 'webhook', ...(openAi ? { openAi } : {}) },
	);

/** Records each transcription request (headers and the raw multipart body) and answers it. */
function transcriptionEndpoint(origin: string, path: string, answer: (index: number) => [number, unknown, Record<string, string>?]) {
	const seen: Array<{ headers: Record<string, string | string[]>; body: string }> = [];
	nock(origin)
		.persist()
		.post(path)
		.reply(function (_uri, body) {
			seen.push({ headers: this.req.headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
			return answer(seen.length - 1);
		});
	return seen;
}

describe('Combine Quick Messages > Transcribe Voice Notes', () => {
	beforeEach(() => new FakeDataTables());
	afterEach(() => nock.cleanAll());

	it('a text and a voice note: one call with the file and the model, the transcript where the voice note was, marked', async () => {
		const seen = transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [200, { text: ' de chocolate, para sábado ' }]);
		const text = incoming(ANA, 'queria um bolo');
		const voice = voiceNote(ANA);
		const [first, second] = await Promise.all([combine(text), new Promise((resolve) => setTimeout(resolve, 100)).then(async () => await combine(voice))]);
		expect(first.json).toEqual([]);
		expect(second.error).toBeUndefined();
		expect(second.json).toEqual([
			expect.objectContaining({ text: 'queria um bolo\n[voice note] de chocolate, para sábado', count: 2, kinds: ['text', 'audio'] }),
		]);
		expect((second.json[0].messages as IDataObject[])[1]).toMatchObject({ kind: 'audio', text: '[voice note] de chocolate, para sábado' });
		expect(second.json[0].transcriptionErrors).toBeUndefined();
		// The audio stays on the item for whoever wants it.
		expect(Object.keys(second.items[0].binary ?? {})).toEqual(['data']);
		expect(seen).toHaveLength(1);
		expect(seen[0].headers.authorization).toBe(`Bearer ${OPENAI_CREDENTIALS.apiKey}`);
		expect(String(seen[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=zapi-[0-9a-f]{24}$/);
		expect(seen[0].body).toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
		expect(seen[0].body).toMatch(/name="file"; filename="voice\.ogg"\r\nContent-Type: audio\/ogg\r\n\r\n/);
		expect(Buffer.from(seen[0].body, 'latin1').includes(VOICE) || seen[0].body.includes(VOICE.toString('latin1'))).toBe(true);
	});

	it("another provider: the credential's Base URL and the model chosen", async () => {
		const seen = transcriptionEndpoint('https://api.groq.example', '/openai/v1/audio/transcriptions', () => [200, { text: 'oi' }]);
		const result = await combine(voiceNote(BRUNO), { transcriptionModel: 'whisper-large-v3' }, { ...OPENAI_CREDENTIALS, url: 'https://api.groq.example/openai/v1/' });
		expect(result.json[0]).toMatchObject({ text: '[voice note] oi' });
		expect(seen[0].body).toMatch(/name="model"\r\n\r\nwhisper-large-v3\r\n/);
	});

	it('a key refused, and echoed back in every form: the burst goes on with the audio, the error names the credential and holds the key in no form', async () => {
		const echoed = echoedForms(OPENAI_CREDENTIALS.apiKey).join(' ');
		transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [401, { error: { message: `Incorrect API key provided: ${echoed}` } }]);
		const result = await combine(voiceNote(ANA));
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		const [item] = result.json;
		expect(item.text).toBe('');
		expect(item.transcriptionErrors).toEqual([
			{ messageId: item.messageId, error: expect.stringMatching(/^The transcription service refused the OpenAI credential "OpenAI account" \(401\): Incorrect API key provided: .*\[redacted\].*Check its API Key\.$/) },
		]);
		expect(Object.keys(result.items[0].binary ?? {})).toEqual(['data']);
		expect(holdsSecret(JSON.stringify(result.run.data), OPENAI_CREDENTIALS.apiKey)).toBe(false);
	});

	it('a redirect to another origin is not followed: the key never goes there', async () => {
		transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [307, '', { location: 'https://collector.example/audio/transcriptions' }]);
		const elsewhere: string[] = [];
		nock('https://collector.example')
			.persist()
			.post(/.*/)
			.reply(function () {
				elsewhere.push(String(this.req.headers.authorization));
				return [200, { text: 'stolen' }];
			});
		const result = await combine(voiceNote(ANA));
		expect(elsewhere).toEqual([]);
		expect(result.json[0].transcriptionErrors).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/^The transcription address at api\.openai\.com redirected the request to https:\/\/collector\.example; it was not followed, so the key did not go there/) }),
		]);
	});

	it('an audio without its file (Download Media off) says what to turn on, and calls nothing', async () => {
		const seen = transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [200, { text: 'never' }]);
		const bare = voiceNote(ANA);
		delete bare.binary;
		const result = await combine(bare);
		expect(result.json[0].transcriptionErrors).toEqual([{ messageId: result.json[0].messageId, error: expect.stringMatching(/turn on Download Media in the Z-API Trigger's options$/) }]);
		expect(seen).toEqual([]);
	});

	it('off (the default): no call, the audio as before', async () => {
		const seen = transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [200, { text: 'never' }]);
		const result = await combine(voiceNote(ANA), { transcribeVoiceNotes: false });
		expect(result.json[0]).toMatchObject({ text: '', kinds: ['audio'] });
		expect(seen).toEqual([]);
	});

	it("n8n's API down (Go On Uncombined): the voice note goes on alone, transcribed all the same", async () => {
		nock.cleanAll();
		nock('https://n8n.example.com').persist().get(/.*/).reply(503, { message: 'n8n is restarting' }).post(/.*/).reply(503, { message: 'n8n is restarting' });
		transcriptionEndpoint(OPENAI, '/v1/audio/transcriptions', () => [200, { text: 'quero um bolo' }]);
		const result = await combine(voiceNote(ANA));
		expect(result.json).toEqual([expect.objectContaining({ text: '[voice note] quero um bolo', combined: false, wentOnBecause: 'stateStoreUnavailable' })]);
		expect(Object.keys(result.items[0].binary ?? {})).toEqual(['data']);
	});

	describe('a connection cut after the request was sent', () => {
		const server = stagedServer();

		it('is tried once, never again, and the burst goes on without the transcript', async () => {
			server.replyWith(() => 'cut');
			const result = await combine(voiceNote(ANA), {}, { ...OPENAI_CREDENTIALS, url: `${server.base()}/v1` });
			expect(server.received.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/audio/transcriptions']);
			expect(result.json[0].transcriptionErrors).toEqual([expect.objectContaining({ error: expect.stringMatching(/^Transcription at 127\.0\.0\.1:\d+ failed: no answer came/) })]);
		});
	});
});
