/**
 * Channels (…@newsletter) as the chat of a Message operation: Z-API's docs give no send or
 * message call that takes a channel (docs/message/*.md: `phone` is a phone or a group ID; the
 * channel pages in docs/newsletter/ manage channels, none posts to one), so every one refuses
 * a channel ID by name before any request. Send Channel Admin Invite takes the channel in its
 * own field and a person in Phone.
 */
import type { IDataObject } from 'n8n-workflow';

import { message } from '../../../../../nodes/ZApi/actions/message';
import { runAction } from '../../../../helpers/engine';
import { api } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

const CHANNEL = '120363166555745933@newsletter';
const perItem = message.operations.filter((operation) => !operation.executeAllItems && operation.value !== 'sendChannelAdminInvite');
const params = (value: string, extra: IDataObject = {}) => ({ resource: 'message', operation: value, ...EXAMPLES[value].parameters, ...extra });
const anyRequest = () => api().get(/.*/).reply(200, {}).post(/.*/).reply(200, {}).delete(/.*/).reply(204);

describe('Message: channel IDs', () => {
	it.each(perItem.map((operation) => [operation.name, operation.value]))('%s refuses a channel as its chat before any request', async (_name, value) => {
		const scope = anyRequest();
		const result = await runAction(params(value, { phone: CHANNEL }));
		expect(result.error?.message).toBe(`Phone '${CHANNEL}' is a WhatsApp channel; channels are not supported here`);
		expect(result.error?.description).toMatch(/no way to post to a channel.*Channel resource/);
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it('Send Channel Admin Invite takes the channel in Channel ID, not in Phone', async () => {
		const scope = anyRequest();
		const result = await runAction(params('sendChannelAdminInvite', { phone: CHANNEL }));
		expect(result.error?.message).toBe(`Phone '${CHANNEL}' is a WhatsApp channel, not the person invited`);
		expect(result.error?.description).toMatch(/Put the channel in Channel ID/);
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it.each([
		[{ channelId: '120363166555745933' }, "Channel ID '120363166555745933' has no @newsletter suffix"],
		[{ phone: '120363019502650977-group' }, "Phone '120363019502650977-group' is not a phone number"],
		[{ caption: ' ' }, 'Caption is empty'],
	])('Send Channel Admin Invite refuses %j before any request', async (change, text) => {
		const scope = anyRequest();
		const result = await runAction(params('sendChannelAdminInvite', change));
		expect(result.error?.message).toBe(text);
		expect(scope.pendingMocks()).toHaveLength(3);
	});
});
