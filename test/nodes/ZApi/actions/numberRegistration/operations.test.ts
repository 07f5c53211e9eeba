/** Number Registration: every operation's documented call; numbers, codes and PINs checked before any request; the captcha, two-step and banned answers. */
import type { IBinaryData } from 'n8n-workflow';

import { numberRegistration } from '../../../../../nodes/ZApi/actions/numberRegistration';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { sampleImages } from '../../../../helpers/images';
import { anyCall, api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { APPEAL_TOKEN, EXAMPLES } from './examples';

describeOperations(numberRegistration, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'numberRegistration', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Number Registration: refusals', () => {
	it.each([
		['checkAvailability', { ddi: ' ' }, 'Country Code is empty'],
		['checkAvailability', { ddi: 'BR' }, "Country Code 'BR' is not a country calling code"],
		['checkAvailability', { ddi: '0055' }, "Country Code '0055' is not a country calling code"],
		['checkAvailability', { phone: '+55 44 99999-9999' }, "Phone '+55 44 99999-9999' is not a phone number"],
		['requestCode', { phone: '5544999999999' }, "Phone '5544999999999' has 13 digits; a Brazilian number has 10 or 11 (area code and number)"],
		['requestCode', { ddi: '351', phone: '9123456789012' }, "Phone '9123456789012' has 13 digits; with country code 351 a number has at most 12"],
		['requestCode', { ddi: '1', phone: '555' }, "Phone '555' has 3 digits, too few for a number with its area code"],
		['requestCode', { method: 'email' }, 'Send Code By must be one of sms, voice, wa_old (got "email")'],
		['respondCaptcha', { captcha: ' ' }, 'Captcha is empty'],
		['respondCaptcha', { captcha: '12;34' }, 'Captcha must hold letters and digits only, at most 20'],
		['confirmCode', { code: '12345' }, 'Code must be 6 digits (it has 5)'],
		['confirmCode', { code: '12345a' }, 'Code must hold digits only'],
		['confirmPin', { pin: '98765' }, 'PIN must be 6 digits (it has 5)'],
		['confirmPin', { pin: '98765x' }, 'PIN must hold digits only'],
		['requestUnbanning', { appealToken: ' ' }, 'Appeal Token is empty'],
		['requestUnbanning', { appealToken: 'Ae1C IGl4' }, 'Appeal Token holds spaces: it is one unbroken string'],
		['requestUnbanning', { appealMessage: ' ' }, 'Appeal Message is empty'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = anyCall();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('never repeats a PIN or a code in an error', async () => {
		const scope = anyCall();
		for (const [operation, change] of [
			['confirmPin', { pin: '98765' }],
			['confirmPin', { pin: '98765x' }],
			['confirmCode', { code: '98765' }],
		] as const) {
			const result = await run(operation, change);
			expect(JSON.stringify([result.error?.message, result.error?.description])).not.toMatch(/98765/);
		}
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('takes a number with a + before its country code and punctuation in it', async () => {
		const scope = expectCall(EXAMPLES.checkAvailability);
		const result = await run('checkAvailability', { ddi: '+55', phone: '(44) 9999-9999' });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('outputs a banned number with its appeal token, for Request Unbanning: an answer, not a failure', async () => {
		// docs/mobile/registration-available.md, "Caso de número banido".
		expectCall(EXAMPLES.checkAvailability, { available: false, blocked: true, appealToken: APPEAL_TOKEN });
		const result = await run('checkAvailability');
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ available: false, blocked: true, appealToken: APPEAL_TOKEN, ddi: '55', phone: '4499999999' }]);
	});

	it('fails a code request for a banned number, pointing at Request Unbanning', async () => {
		// docs/mobile/request-code.md, "Caso de número banido".
		expectCall(EXAMPLES.requestCode, { success: false, blocked: true });
		const result = await run('requestCode');
		expect(result.error?.message).toBe('Z-API could not request the registration code of +55 4499999999: the number is banned (it answered {"success":false,"blocked":true})');
		expect(result.error?.description).toMatch(/Request Unbanning/);
	});

	it('says how long to wait when WhatsApp asks to wait before another code', async () => {
		api()
			.post(`${INSTANCE_PATH}/mobile/request-registration-code`, { ddi: '55', phone: '4499999999', method: 'voice' })
			.reply(200, { success: false, smsWaitSeconds: 60, voiceWaitSeconds: 90, waOldWaitSeconds: 0 });
		const result = await run('requestCode', { method: 'voice' });
		expect(result.error?.message).toMatch(/^Z-API could not request the registration code of \+55 4499999999 \(it answered/);
		expect(result.error?.description).toMatch(/^WhatsApp asks to wait 90 seconds before another code is sent this way/);
	});

	it('outputs a captcha as text and as an image file, for Respond to Captcha', async () => {
		expectCall(EXAMPLES.requestCode, { success: false, captcha: sampleImages.pngBase64 });
		const result = await run('requestCode');
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.json).toEqual({ success: false, captcha: sampleImages.pngBase64, ddi: '55', phone: '4499999999', captchaRequired: true });
		const binary = item.binary?.captcha as IBinaryData;
		expect(binary).toMatchObject({ mimeType: 'image/png', fileName: 'captcha.png' });
		expect(Buffer.from(binary.data, 'base64')).toEqual(sampleImages.png);
	});

	it('outputs a captcha that is no image as text only', async () => {
		expectCall(EXAMPLES.requestCode, { success: true, captcha: 'bm90IGFuIGltYWdl' });
		const result = await run('requestCode');
		expect(result.items[0].binary).toBeUndefined();
		expect(result.json).toEqual([{ success: true, captcha: 'bm90IGFuIGltYWdl', ddi: '55', phone: '4499999999', captchaRequired: true }]);
	});

	it('sends a code written 123-456 as its six digits', async () => {
		const scope = expectCall(EXAMPLES.confirmCode);
		expect((await run('confirmCode', { code: '123-456' })).error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('outputs confirmSecurityCode when the account has a two-step PIN: Confirm Two-Step PIN comes next', async () => {
		// docs/mobile/confirm-code.md's second example.
		expectCall(EXAMPLES.confirmCode, { success: false, confirmSecurityCode: true });
		const result = await run('confirmCode');
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: false, confirmSecurityCode: true }]);
	});

	it('fails a wrong registration code, keeping the code out of the error', async () => {
		api().post(`${INSTANCE_PATH}/mobile/confirm-registration-code`, { code: '654321' }).reply(200, { success: false, error: 'code 654321 is wrong' });
		const result = await run('confirmCode', { code: '654 321' });
		expect(result.error?.message).toBe('Z-API could not confirm the registration code (it answered {"success":false,"error":"code [redacted] is wrong"})');
		expect(result.error?.description).toMatch(/^Check the code in the latest SMS/);
	});

	it.each([
		['respondCaptcha', { success: false }, 'Z-API could not answer the captcha (it answered {"success":false})', /latest captcha image/],
		['confirmPin', { success: false }, 'Z-API could not confirm the two-step PIN (it answered {"success":false})', /Recover Two-Step PIN/],
		['recoverPin', { success: false }, 'Z-API could not send the email to reset the two-step PIN (it answered {"success":false})', /Set Account Email/],
		['requestUnbanning', { success: false }, 'Z-API could not request the unbanning of the number (it answered {"success":false})', /appeal token/],
		['checkAvailability', { available: false, reason: 'x', error: 'not a mobile instance' }, 'Z-API could not check whether +55 4499999999 can be registered (it answered {"available":false,"reason":"x","error":"not a mobile instance"})', /mobile instance/],
	])('%s fails the item when Z-API says no', async (operation, answer, message, hint) => {
		expectCall(EXAMPLES[operation], answer);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
	});

	it('keeps the PIN out of the error when the service echoes it', async () => {
		api().post(`${INSTANCE_PATH}/mobile/confirm-pin-code`, { code: '654321' }).reply(200, { success: false, message: 'PIN 654321 wrong' });
		const result = await run('confirmPin', { pin: '654321' });
		expect(JSON.stringify([result.error?.message, result.error?.description])).not.toContain('654321');
		expect(result.error?.message).toContain('[redacted]');
	});

	it('asks the availability again after a server error (a check), but never a code twice', async () => {
		api().post(`${INSTANCE_PATH}/mobile/registration-available`).reply(500, { error: 'busy' }, { 'Retry-After': '0' });
		const checked = expectCall(EXAMPLES.checkAvailability);
		expect((await run('checkAvailability')).json).toEqual(EXAMPLES.checkAvailability.output);
		expect(checked.isDone()).toBe(true);
		api().post(`${INSTANCE_PATH}/mobile/request-registration-code`).reply(500, { error: 'busy' }, { 'Retry-After': '0' });
		const again = expectCall(EXAMPLES.requestCode);
		const result = await run('requestCode');
		expect(result.error?.description).toMatch(/It was not sent again/);
		expect(again.isDone()).toBe(false);
	});
});
