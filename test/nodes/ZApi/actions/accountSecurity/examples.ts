/** One valid call per Account Security operation (see test/helpers/operationExamples.ts), as docs/mobile/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/mobile/get-account-email.md
	getEmail: {
		parameters: {},
		method: 'GET',
		path: '/security/email',
		answer: { success: true, hasEmail: true, email: 'example@email.com', verified: true },
		output: [{ success: true, hasEmail: true, email: 'example@email.com', verified: true }],
	},
	// docs/mobile/set-account-email.md
	setEmail: {
		parameters: { email: ' example@email.com ' },
		method: 'POST',
		path: '/security/email',
		body: { email: 'example@email.com' },
		answer: { success: true, message: 'VERIFY_EMAIL' },
		output: [{ success: true, message: 'VERIFY_EMAIL', email: 'example@email.com', verificationRequired: true }],
	},
	// docs/mobile/verify-email.md
	verifyEmail: {
		parameters: { verificationCode: '123456' },
		method: 'POST',
		path: '/security/verify-email',
		body: { verificationCode: '123456' },
		answer: { success: true },
		output: [{ success: true }],
	},
	// docs/mobile/remove-account-email.md: no body.
	removeEmail: {
		parameters: {},
		method: 'POST',
		path: '/security/email/remove',
		body: '',
		answer: { success: true, message: 'REMOVED' },
		output: [{ success: true, message: 'REMOVED' }],
	},
	// docs/mobile/get-has-security-code.md
	getTwoStepStatus: {
		parameters: {},
		method: 'GET',
		path: '/security/two-fa-code',
		answer: { success: true, hasCode: true },
		output: [{ success: true, hasCode: true }],
	},
	// docs/mobile/set-security-code.md
	setTwoStepPin: {
		parameters: { pin: '123456' },
		method: 'POST',
		path: '/security/two-fa-code',
		body: { code: '123456' },
		answer: { success: true },
		output: [{ success: true }],
	},
	// docs/mobile/remove-security-code.md: no body.
	removeTwoStepPin: {
		parameters: {},
		method: 'POST',
		path: '/security/two-fa-code/remove',
		body: '',
		answer: { success: true },
		output: [{ success: true }],
	},
};
