import { holdsSecret } from '../../../helpers/secrets';
import { REDACTED, redactSecrets, redactValue } from '../../../../nodes/shared/transport/redact';

/** Tokens with every character that encodings treat differently: + / = and spaces. */
const TOKEN = 'Ab+c/d=e f9 G7h+/Q';
const CLIENT = 'cl ient+Tok/en=42';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
const formEncoded = (text: string) => new URLSearchParams({ t: text }).toString().slice(2);

describe('redactSecrets: every form an echoing server may give a secret', () => {
	const forms: Array<[string, string]> = [
		['raw', TOKEN],
		['encodeURIComponent', encodeURIComponent(TOKEN)],
		['encodeURIComponent, lower-case hex', lowerHex(encodeURIComponent(TOKEN))],
		['encodeURI', encodeURI(TOKEN)],
		['form-encoded (+ for a space)', formEncoded(TOKEN)],
		['%-encoded twice', encodeURIComponent(encodeURIComponent(TOKEN))],
		['%-encoding every character', Array.from(TOKEN, (c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
		['JSON-escaped in a JSON text', JSON.stringify({ token: TOKEN })],
		['upper-cased', TOKEN.toUpperCase()],
		['base64', b64(TOKEN)],
		['url-safe base64', urlSafe(b64(TOKEN))],
		['base64 with its + and / %-encoded', encodeURIComponent(b64(TOKEN))],
		['base64 inside Basic auth', `Basic ${b64(`INSTANCE123:${TOKEN}`)}`],
		['base64 of a longer text, offset 0', b64(`${TOKEN} and more text after it`)],
		['base64 of a longer text, offset 1', b64(`x${TOKEN} and more`)],
		['base64 of a longer text, offset 2', b64(`xy${TOKEN} and more`)],
		['url-safe base64 of a longer text, offset 1', urlSafe(b64(`{"a":"${TOKEN}"}`))],
		['JSON-escaped as PHP writes it (\\/ for /)', String.raw`Ab+c\/d=e f9 G7h+\/Q`],
		['base64 inside PHP-written JSON (its / as \\/)', b64(`xy${TOKEN}`).replace(/\//g, '\\/')],
	];

	it.each(forms)('%s', (_label, form) => {
		const text = `GET https://api.z-api.io/instances/I/token/${form}/status said the server`;
		const out = redactSecrets(text, [TOKEN]);
		expect(out).toContain(REDACTED);
		expect(out).toContain('GET https://api.z-api.io/instances/I/token/');
		expect(out).toContain('status said the server');
		expect(holdsSecret(text, TOKEN)).toBe(true);
		expect(holdsSecret(out, TOKEN)).toBe(false);
	});

	it('redacts a non-ASCII secret written as PHP writes JSON (\\u00e9, either hex case)', () => {
		const secret = 'tok/én-ß-SECRET';
		for (const form of [String.raw`tok\/\u00e9n-\u00df-SECRET`, String.raw`tok\/\u00E9n-\u00DF-SECRET`]) {
			expect(redactSecrets(`<p>token ${form}</p>`, [secret])).toBe(`<p>token ${REDACTED}</p>`);
		}
	});

	it('redacts several secrets, the longer first when one contains the other', () => {
		const inner = 'Ab+c/d=e';
		expect(redactSecrets(`a ${TOKEN} b ${inner} c ${CLIENT}`, [inner, TOKEN, CLIENT])).toBe(
			`a ${REDACTED} b ${REDACTED} c ${REDACTED}`,
		);
	});

	it('leaves text without secrets, and short or empty secrets, alone', () => {
		const text = 'Instance not found: check https://api.z-api.io and aGVsbG8gd29ybGQ=';
		expect(redactSecrets(text, [TOKEN, CLIENT, '', undefined, 'the'])).toBe(text);
	});

	it('does not take a short base64 run for a secret: a 1x1 image passes unchanged', () => {
		const image = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
		expect(redactSecrets(image, [TOKEN, CLIENT])).toBe(image);
	});
});

describe('redactValue', () => {
	it('redacts values and keys at any depth, and leaves other values as they are', () => {
		const value = {
			[TOKEN]: 'token as a key',
			nested: { list: [`url /token/${encodeURIComponent(TOKEN)}/x`, 7, null, true], [b64(CLIENT)]: 1 },
			plain: 'nothing secret',
		};
		expect(redactValue(value, [TOKEN, CLIENT])).toEqual({
			[REDACTED]: 'token as a key',
			nested: { list: [`url /token/${REDACTED}/x`, 7, null, true], [REDACTED]: 1 },
			plain: 'nothing secret',
		});
	});

	it('keeps both entries when two keys redact to the same text', () => {
		const out = redactValue({ [TOKEN]: 1, [encodeURIComponent(TOKEN)]: 2 }, [TOKEN]);
		expect(Object.values(out).sort()).toEqual([1, 2]);
		expect(holdsSecret(JSON.stringify(out), TOKEN)).toBe(false);
	});

	it('does not change the value it is given', () => {
		const value = { a: TOKEN };
		redactValue(value, [TOKEN]);
		expect(value).toEqual({ a: TOKEN });
	});
});
