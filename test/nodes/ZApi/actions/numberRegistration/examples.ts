/** One valid call per Number Registration operation (see test/helpers/operationExamples.ts), as docs/mobile/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

/** docs/mobile/registration-available.md's appeal token. */
export const APPEAL_TOKEN =
	'Ae0B_6FfVfyB8on0v76ALf1RkWXFFsfvliOdh02JyXTFcbnlTAwO5_h5Ju4L5zfa-fhWKIzQhtXYhZTGRZxwYE3_iPgJ0nimuOkjrZLvnBOf-5Sitf2zmJJRs--1EJc5mvYRA1qJnHyktSBM7ZQWrsV9Lddyrj0TyCMKa_nXhvHwNfg8n5yz7tita5s';

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/mobile/registration-available.md, "Caso de número disponível".
	checkAvailability: {
		parameters: { ddi: '55', phone: '4499999999' },
		method: 'POST',
		path: '/mobile/registration-available',
		body: { ddi: '55', phone: '4499999999' },
		answer: { available: true, smsWaitSeconds: 0, voiceWaitSeconds: 0, waOldWaitSeconds: 0, waOldEligible: true },
		output: [{ available: true, smsWaitSeconds: 0, voiceWaitSeconds: 0, waOldWaitSeconds: 0, waOldEligible: true, ddi: '55', phone: '4499999999' }],
	},
	// docs/mobile/request-code.md, "Caso de sucesso".
	requestCode: {
		parameters: { ddi: '55', phone: '4499999999', method: 'sms' },
		method: 'POST',
		path: '/mobile/request-registration-code',
		body: { ddi: '55', phone: '4499999999', method: 'sms' },
		answer: { success: true, retryAfter: 165, smsWaitSeconds: 125, voiceWaitSeconds: 125, waOldWaitSeconds: 125, method: 'sms' },
		output: [
			{ success: true, retryAfter: 165, smsWaitSeconds: 125, voiceWaitSeconds: 125, waOldWaitSeconds: 125, method: 'sms', ddi: '55', phone: '4499999999', captchaRequired: false },
		],
	},
	// docs/mobile/captcha-confirm.md
	respondCaptcha: {
		parameters: { captcha: '123456' },
		method: 'POST',
		path: '/mobile/respond-captcha',
		body: { captcha: '123456' },
		answer: { success: true },
		output: [{ success: true }],
	},
	// docs/mobile/confirm-code.md
	confirmCode: {
		parameters: { code: '123456' },
		method: 'POST',
		path: '/mobile/confirm-registration-code',
		body: { code: '123456' },
		answer: { success: true },
		output: [{ success: true, confirmSecurityCode: false }],
	},
	// docs/mobile/confirm-security-code.md: the page's path (its sample writes /mobile/confirm-security-code).
	confirmPin: {
		parameters: { pin: '123456' },
		method: 'POST',
		path: '/mobile/confirm-pin-code',
		body: { code: '123456' },
		answer: { success: true },
		output: [{ success: true }],
	},
	// docs/mobile/forgot-security-code.md: the page's path, no body.
	recoverPin: {
		parameters: {},
		method: 'POST',
		path: '/mobile/recovery-pin-code',
		body: '',
		answer: { success: true },
		output: [{ success: true }],
	},
	// docs/mobile/request-unbanning.md
	requestUnbanning: {
		parameters: {
			appealToken:
				'Ae1CIGl4Mq7kQ09OQzUnnCx2mTPHxZCjPesdRc8Z1lNFV9d6gvtd5LDW0r7ukVAgtMOP2AxckQM6QeyVp7bL0RbbVac6GQUtMd4tYAZsPOwSIQKlVIoTZs2akgcRd-jvhLKh32roOd0KFPg7hAaYURpIuDXhkaZ_gLJLhmzADNp3lxUNdsIg10q92w',
			appealMessage: 'Estava conversando normalmente e fui banido',
		},
		method: 'POST',
		path: '/mobile/request-unbanning',
		body: {
			appealToken:
				'Ae1CIGl4Mq7kQ09OQzUnnCx2mTPHxZCjPesdRc8Z1lNFV9d6gvtd5LDW0r7ukVAgtMOP2AxckQM6QeyVp7bL0RbbVac6GQUtMd4tYAZsPOwSIQKlVIoTZs2akgcRd-jvhLKh32roOd0KFPg7hAaYURpIuDXhkaZ_gLJLhmzADNp3lxUNdsIg10q92w',
			description: 'Estava conversando normalmente e fui banido',
		},
		answer: { success: true, status: 'IN_REVIEW' },
		output: [{ success: true, status: 'IN_REVIEW' }],
	},
};
