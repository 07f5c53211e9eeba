import type { ZApiResource } from '../types';
import { generateSipToken } from './generateSipToken.operation';
import { getCallToken } from './getCallToken.operation';
import { getSipInfo } from './getSipInfo.operation';

/**
 * The credentials of Z-API's calls: a token for its calls SDK and SIP for phone systems
 * (docs/calls/). Ringing a number is a send, under Message with the others (Send Call).
 */
export const call: ZApiResource = {
	value: 'call',
	name: 'Call',
	description: "Credentials for WhatsApp calls: a token for Z-API's calls SDK, SIP credentials and status. To ring a number, use Message → Send Call.",
	operations: [getCallToken, getSipInfo, generateSipToken],
};
