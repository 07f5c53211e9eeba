/**
 * n8n-workflow's node errors swap a message that names a Node error code (ECONNRESET, …) for
 * a generic sentence of their own. The package's errors keep the node's words: what the user
 * sees as the execution's error says what happened and what was sent.
 */
import nock from 'nock';

import { nodeError } from '../../../../nodes/shared/transport';
import { ACTION_TYPE, INSTANCE_PATH, makeNode, runAction } from '../../../helpers/engine';

const CODES = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'EAI_AGAIN', 'EPERM', 'getaddrinfo'];

describe('errors keep the words of the node', () => {
	it.each(CODES)('a message naming %s stays as written, with its description', (code) => {
		const message = `bubbles 1 to 1 of 3 were sent (${code}); they are not sent again`;
		const error = nodeError(makeNode(ACTION_TYPE, {}), message, { description: 'Check the chat.', itemIndex: 2 });
		expect(error.message).toBe(message);
		expect(error.description).toBe('Check the chat.');
		expect(error.context.itemIndex).toBe(2);
	});

	it('a refusal quoting a response that names a code keeps its words as the execution error', async () => {
		nock('https://api.z-api.io').post(`${INSTANCE_PATH}/send-text`).reply(200, { error: 'upstream ECONNRESET' });
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi' });
		expect(result.error?.message).toBe('Z-API could not send a text to 5511999999999 (it answered {"error":"upstream ECONNRESET"})');
		expect(result.run.data.resultData.error?.message).toBe('Z-API could not send a text to 5511999999999 (it answered {"error":"upstream ECONNRESET"})');
	});

	it('bad input quoting a code keeps its words as the execution error', async () => {
		const scope = nock('https://api.z-api.io').post(/.*/).reply(200, {});
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi', options: { splitInto: 'ETIMEDOUT' } });
		expect(result.error?.message).toBe("Split Into Bubbles 'ETIMEDOUT' is not one of Off, Blank Line, Sentence, Length");
		expect(result.error?.description).toBe('Choose one of the listed ways to split.');
		expect(scope.isDone()).toBe(false);
		nock.cleanAll();
	});
});
