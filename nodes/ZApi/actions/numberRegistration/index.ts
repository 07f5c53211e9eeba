import type { ZApiResource } from '../types';
import { checkAvailability } from './checkAvailability.operation';
import { confirmCode } from './confirmCode.operation';
import { confirmPin } from './confirmPin.operation';
import { recoverPin } from './recoverPin.operation';
import { requestCode } from './requestCode.operation';
import { requestUnbanning } from './requestUnbanning.operation';
import { respondCaptcha } from './respondCaptcha.operation';

/** docs/mobile/introduction.md: the steps of registering a number, in their order. */
export const numberRegistration: ZApiResource = {
	value: 'numberRegistration',
	name: 'Number Registration',
	description: 'Register a number on a Z-API mobile instance, as its primary device: check it, request and confirm the code, answer a captcha or two-step PIN, appeal a ban',
	operations: [checkAvailability, requestCode, respondCaptcha, confirmCode, confirmPin, recoverPin, requestUnbanning],
};
