import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const NEWS = '120363019502650978-group';

describe('Message > Mention Groups', () => {
	it('keeps a text that already mentions every group as written', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-text`, { phone: GROUP, message: `@${NEWS} has the news`, groupMentioned: [{ phone: NEWS, subject: 'News' }], delayMessage: 3 })
			.reply(200, SENT);
		const result = await runAction({
			resource: 'message',
			operation: 'mentionGroups',
			phone: GROUP,
			message: `@${NEWS} has the news`,
			groupsMentioned: { group: [{ groupId: ` ${NEWS} `, subject: 'News' }] },
			options: { delayMessage: 3 },
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a group to mention without a name, before any request', async () => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'mentionGroups', phone: GROUP, message: 'Hi', groupsMentioned: { group: [{ groupId: NEWS, subject: '' }] } });
		expect(result.error?.message).toBe('Group Name of row 1 is empty');
		expect(scope.isDone()).toBe(false);
	});
});
