/** Account Security: every operation's documented call; emails, codes and PINs checked before any request, never repeated in an error; refusals in 200 answers. */
import { accountSecurity } from '../../../../../nodes/ZApi/actions/accountSecurity';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { anyCall, api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

describeOperations(accountSecurity, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'accountSecurity', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Account Security: refusals', () => {
	it.each([
		['setEmail', { email: '  ' }, 'Email is empty'],
		['setEmail', { email: 'example.email.com' }, "Email 'example.email.com' is not an email address"],
		['verifyEmail', { verificationCode: ' ' }, 'Verification Code is empty'],
		['verifyEmail', { verificationCode: '12345' }, 'Verification Code must be 6 digits (it has 5)'],
		['verifyEmail', { verificationCode: 'abc123' }, 'Verification Code must hold digits only'],
		['setTwoStepPin', { pin: ' ' }, 'PIN is empty'],
		['setTwoStepPin', { pin: '98765' }, 'PIN must be 6 digits (it has 5)'],
		['setTwoStepPin', { pin: '9876 54' }, 'PIN must hold digits only'],
		['setTwoStepPin', { pin: '9876543' }, 'PIN must be 6 digits (it has 7)'],
		// A PIN mapped as a number has lost its leading zero.
		['setTwoStepPin', { pin: '={{ Number("012345") }}' }, 'PIN must be 6 digits (it has 5)'],
	])('%s refuses %j before any request, without repeating it', async (operation, change, message) => {
		const scope = anyCall();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		for (const typed of Object.values(change).filter((value) => /\d{4}/.test(value))) {
			expect(JSON.stringify([result.error?.message, result.error?.description])).not.toContain(typed.replace(/\s/g, ''));
		}
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('reads the PIN field as a password', () => {
		const pin = accountSecurity.operations.find((operation) => operation.value === 'setTwoStepPin')!.properties[0];
		expect(pin.typeOptions?.password).toBe(true);
	});

	it('sends a verification code written 123-456 or 123 456 as its six digits', async () => {
		const scope = expectCall({ ...EXAMPLES.verifyEmail });
		const result = await run('verifyEmail', { verificationCode: ' 123 456 ' });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['setEmail', { success: false, message: 'INVALID_EMAIL' }, `Z-API could not set example@email.com as the account's email (it answered {"success":false,"message":"INVALID_EMAIL"})`],
		['verifyEmail', { success: false }, `Z-API could not verify the account's email (it answered {"success":false})`],
		['removeEmail', { success: false, message: 'NO_EMAIL' }, `Z-API could not remove the account's email (it answered {"success":false,"message":"NO_EMAIL"})`],
		['setTwoStepPin', {}, 'Z-API could not set the two-step PIN (it answered {})'],
		['removeTwoStepPin', { success: false }, 'Z-API could not remove the two-step PIN (it answered {"success":false})'],
		['getEmail', { error: 'only available on mobile instances' }, `Z-API could not read the account's email (it answered {"error":"only available on mobile instances"})`],
	])('%s fails the item when Z-API says no, saying these are mobile calls', async (operation, answer, message) => {
		expectCall(EXAMPLES[operation], answer);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/mobile instance/);
	});

	it('keeps the PIN out of the error and the output when the service echoes it', async () => {
		api().post(`${INSTANCE_PATH}/security/two-fa-code`, { code: '654321' }).reply(200, { success: false, message: 'code 654321 rejected' });
		const refused = await run('setTwoStepPin', { pin: '654321' });
		expect(refused.error?.message).toBe('Z-API could not set the two-step PIN (it answered {"success":false,"message":"code [redacted] rejected"})');
		api().post(`${INSTANCE_PATH}/security/two-fa-code`, { code: '654321' }).reply(200, { success: true, code: '654321' });
		const accepted = await run('setTwoStepPin', { pin: '654321' });
		expect(JSON.stringify(accepted.json)).not.toContain('654321');
	});

	it('says no verification is needed when setting the email answers without VERIFY_EMAIL', async () => {
		expectCall(EXAMPLES.setEmail, { success: true });
		const result = await run('setEmail');
		expect(result.json).toEqual([{ success: true, email: 'example@email.com', verificationRequired: false }]);
	});

	it('outputs an account without email as it comes', async () => {
		expectCall(EXAMPLES.getEmail, { success: true, hasEmail: false });
		expect((await run('getEmail')).json).toEqual([{ success: true, hasEmail: false }]);
	});
});
