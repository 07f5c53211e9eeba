import type { ZApiResource } from '../types';
import { getEmail } from './getEmail.operation';
import { getTwoStepStatus } from './getTwoStepStatus.operation';
import { removeEmail } from './removeEmail.operation';
import { removeTwoStepPin } from './removeTwoStepPin.operation';
import { setEmail } from './setEmail.operation';
import { setTwoStepPin } from './setTwoStepPin.operation';
import { verifyEmail } from './verifyEmail.operation';

/** docs/mobile/: the account settings a mobile instance holds as the number's primary device. */
export const accountSecurity: ZApiResource = {
	value: 'accountSecurity',
	name: 'Account Security',
	description: "Set, verify or remove the WhatsApp account's email and its two-step verification PIN (Z-API mobile instances only)",
	operations: [getEmail, setEmail, verifyEmail, removeEmail, getTwoStepStatus, setTwoStepPin, removeTwoStepPin],
};
