/** One valid call per Call operation (see test/helpers/operationExamples.ts), as docs/calls/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

/** docs/calls/call-token.md's example. */
export const CALL_TOKEN = 'ek-gKrx0dpG27s1YyoU3i3AEwF1d0JiTcq1_GKc1TsyEmY';
/** docs/calls/sip-token.md's example. */
export const SIP = { host: 'sip.z-api.io', user: '3C67AB641C8AA0412F6A2242B4E23AC7', token: 'BZ9vKoEsmmrCP6y4t0XYCYBW5rMZrQmJAt6KfERWLvk', active: true };

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/calls/call-token.md
	getCallToken: {
		parameters: {},
		method: 'GET',
		path: '/call-token',
		answer: { token: CALL_TOKEN },
		output: [{ token: CALL_TOKEN }],
	},
	// docs/calls/sip-info.md: with a token generated, masked.
	getSipInfo: {
		parameters: {},
		method: 'GET',
		path: '/sip-info',
		answer: { ...SIP, token: 'BZ9***' },
		output: [{ ...SIP, token: 'BZ9***' }],
	},
	// docs/calls/sip-token.md: no body on the page; an empty one goes, with the JSON Content-Type.
	generateSipToken: {
		parameters: {},
		method: 'POST',
		path: '/sip-token',
		body: '',
		answer: SIP,
		output: [SIP],
	},
};
