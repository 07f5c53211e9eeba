'use strict';
/** The stand-in's mobile instance: registering a number step by step (captcha, two-step PIN, a ban and its appeal) and the account's email and PIN. */
const { standInPerTest } = require('./harness');
const { pngBase64 } = require('./sample-images');

const ID = 'MOBILEINSTANCE';
const TOKEN = 'mobile-token';
const NUMBER = { ddi: '55', phone: '4499999999' };

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;
const control = async (fields) => (await fetch(`${harness.base}/_control/mobile`, { method: 'POST', body: JSON.stringify({ instanceId: ID, ...fields }) })).json();
const lastCode = () => harness.standIn.mobile(ID).inbox.at(-1).code;

describe('stand-in: registering a number on a mobile instance', () => {
	it('checks the number, sends a code by SMS and registers the number with it, as the pages show', async () => {
		expect((await api('POST', '/mobile/registration-available', NUMBER)).json).toEqual({ available: true, smsWaitSeconds: 0, voiceWaitSeconds: 0, waOldWaitSeconds: 0, waOldEligible: true });
		expect((await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' })).json).toEqual({
			success: true,
			retryAfter: 165,
			smsWaitSeconds: 125,
			voiceWaitSeconds: 0,
			waOldWaitSeconds: 0,
			method: 'sms',
		});
		expect(harness.standIn.mobile(ID).inbox).toEqual([{ to: '554499999999', via: 'sms', code: expect.stringMatching(/^\d{6}$/) }]);
		expect(await api('POST', '/mobile/confirm-registration-code', { code: '000000' === lastCode() ? '111111' : '000000' })).toMatchObject({ json: { success: false }, reason: 'wrong code' });
		expect((await api('POST', '/mobile/confirm-registration-code', { code: lastCode() })).json).toEqual({ success: true });
		expect(harness.standIn.mobile(ID).registered).toBe('554499999999');
		expect(harness.standIn.snapshot(ID)).toMatchObject({ phone: '554499999999', connected: true });
	});

	it('refuses a code for a number not checked first, and a second SMS before its wait is over', async () => {
		expect(await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' })).toMatchObject({ json: { success: false }, reason: 'check the registration availability of this number first' });
		await api('POST', '/mobile/registration-available', NUMBER);
		await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' });
		expect((await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' })).json).toEqual({
			success: false,
			retryAfter: 125,
			smsWaitSeconds: 125,
			voiceWaitSeconds: 0,
			waOldWaitSeconds: 0,
		});
		expect((await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'voice' })).json).toMatchObject({ success: true, method: 'voice' });
	});

	it('asks a captcha before sending the code when set so', async () => {
		await control({ captcha: 'X7K2QP' });
		await api('POST', '/mobile/registration-available', NUMBER);
		expect((await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' })).json).toEqual({ success: false, captcha: pngBase64 });
		expect(harness.standIn.mobile(ID).inbox).toEqual([]);
		expect(await api('POST', '/mobile/respond-captcha', { captcha: 'WRONG' })).toMatchObject({ json: { success: false }, reason: 'wrong captcha' });
		expect((await api('POST', '/mobile/respond-captcha', { captcha: 'X7K2QP' })).json).toEqual({ success: true });
		expect(harness.standIn.mobile(ID).inbox).toEqual([{ to: '554499999999', via: 'sms', code: expect.any(String) }]);
		expect((await api('POST', '/mobile/confirm-registration-code', { code: lastCode() })).json).toEqual({ success: true });
	});

	it('asks the two-step PIN after the code of an account that has one', async () => {
		await control({ pin: '246810' });
		await api('POST', '/mobile/registration-available', NUMBER);
		await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'wa_old' });
		expect((await api('POST', '/mobile/confirm-registration-code', { code: lastCode() })).json).toEqual({ success: false, confirmSecurityCode: true });
		expect(await api('POST', '/mobile/confirm-pin-code', { code: '135791' })).toMatchObject({ json: { success: false }, reason: 'wrong PIN' });
		expect(await api('POST', '/mobile/recovery-pin-code')).toMatchObject({ json: { success: false }, reason: 'the account has no verified email' });
		await control({ email: 'example@email.com', emailVerified: true });
		expect((await api('POST', '/mobile/recovery-pin-code')).json).toEqual({ success: true });
		expect((await api('POST', '/mobile/confirm-pin-code', { code: '246810' })).json).toEqual({ success: true });
		expect(harness.standIn.mobile(ID)).toMatchObject({ registered: '554499999999', recoveryEmails: 1 });
	});

	it('gives a banned number an appeal token, refuses it a code, and takes the appeal', async () => {
		await control({ banned: ['554499999999'], unbanOnAppeal: true });
		const { json: checked } = await api('POST', '/mobile/registration-available', NUMBER);
		expect(checked).toEqual({ available: false, blocked: true, appealToken: expect.stringMatching(/^Ae\S{20,}$/) });
		expect((await api('POST', '/mobile/request-registration-code', { ...NUMBER, method: 'sms' })).json).toEqual({ success: false, blocked: true });
		expect(await api('POST', '/mobile/request-unbanning', { appealToken: 'Ae-unknown', description: 'Fui banido' })).toMatchObject({ json: { success: false }, reason: 'unknown appeal token' });
		expect((await api('POST', '/mobile/request-unbanning', { appealToken: checked.appealToken, description: 'Estava conversando normalmente e fui banido' })).json).toEqual({ success: true, status: 'UNBANNED' });
		expect((await api('POST', '/mobile/registration-available', NUMBER)).json).toMatchObject({ available: true });
	});

	it.each([
		['/mobile/registration-available', { ddi: '55' }],
		['/mobile/registration-available', { ddi: '+55', phone: '4499999999' }],
		['/mobile/request-registration-code', { ...NUMBER, method: 'email' }],
		['/mobile/respond-captcha', {}],
		['/mobile/request-unbanning', { appealToken: 'Ae1' }],
		['/security/email', { email: 'not an email' }],
	])('refuses POST %s %j with a 400', async (path, body) => {
		expect((await api('POST', path, body)).status).toBe(400);
	});
});

describe("stand-in: a mobile instance's account security", () => {
	it('sets an email, verifies it with the emailed code and removes it', async () => {
		expect((await api('GET', '/security/email')).json).toEqual({ success: true, hasEmail: false, verified: false });
		expect((await api('POST', '/security/email', { email: 'example@email.com' })).json).toEqual({ success: true, message: 'VERIFY_EMAIL' });
		expect(await api('POST', '/security/verify-email', { verificationCode: 'nope' })).toMatchObject({ json: { success: false }, reason: 'wrong verification code' });
		expect((await api('POST', '/security/verify-email', { verificationCode: lastCode() })).json).toEqual({ success: true });
		expect((await api('GET', '/security/email')).json).toEqual({ success: true, hasEmail: true, email: 'example@email.com', verified: true });
		expect((await api('POST', '/security/email/remove')).json).toEqual({ success: true, message: 'REMOVED' });
		expect((await api('POST', '/security/email/remove')).json).toEqual({ success: false, message: 'The account has no email' });
	});

	it('sets and removes the two-step PIN, six digits only', async () => {
		expect((await api('GET', '/security/two-fa-code')).json).toEqual({ success: true, hasCode: false });
		expect((await api('POST', '/security/two-fa-code', { code: '12345' })).json).toEqual({ success: false, message: 'The PIN must have 6 digits' });
		expect((await api('POST', '/security/two-fa-code', { code: '123456' })).json).toEqual({ success: true });
		expect((await api('GET', '/security/two-fa-code')).json).toEqual({ success: true, hasCode: true });
		expect((await api('POST', '/security/two-fa-code/remove')).json).toEqual({ success: true });
		expect((await api('GET', '/security/two-fa-code')).json).toEqual({ success: true, hasCode: false });
	});

	it('refuses the security calls on a web instance', async () => {
		await control({ web: true });
		expect(await api('GET', '/security/email')).toMatchObject({ json: { success: false, message: 'Available only for mobile instances' }, reason: 'a web instance' });
		expect((await api('POST', '/security/two-fa-code', { code: '123456' })).json).toEqual({ success: false, message: 'Available only for mobile instances' });
	});
});
