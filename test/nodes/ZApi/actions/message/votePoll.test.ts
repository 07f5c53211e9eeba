import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');

describe('Message > Vote in Poll', () => {
	it('takes the answers from an expression returning a list, once each', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-poll-vote`, { phone: PHONE, pollMessageId: 'POLL1', pollVote: [{ name: 'Pizza' }, { name: 'Sushi' }] })
			.reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'votePoll', phone: PHONE, pollMessageId: 'POLL1', votes: '={{ $json.picked }}' }, [
			{ json: { picked: ['Pizza', ' Sushi ', 'Pizza'] } },
		]);
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE, pollMessageId: 'POLL1', votes: ['Pizza', 'Sushi'] }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails the item with advice when Z-API refuses the vote', async () => {
		api().post(`${INSTANCE_PATH}/send-poll-vote`).reply(200, { error: 'Option not found' });
		const result = await runAction({ resource: 'message', operation: 'votePoll', phone: PHONE, pollMessageId: 'POLL1', votes: 'Tacos' });
		expect(result.error?.message).toBe('Z-API could not vote in poll POLL1 (it answered {"error":"Option not found"})');
		expect(result.error?.description).toMatch(/exactly as the poll shows it/);
	});
});
