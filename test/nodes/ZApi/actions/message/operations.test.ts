/** What every Message operation shares: request, output, phone check, answers, item handling. */
import type { IDataObject } from 'n8n-workflow';

import { ZApi } from '../../../../../nodes/ZApi/ZApi.node';
import { message } from '../../../../../nodes/ZApi/actions/message';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, PHONE } from './examples';

/** Operations that send once per item; the ones that wait for an answer have their own tests. */
const perItem = message.operations.filter((operation) => !operation.executeAllItems);
const operations = perItem.map((operation) => [operation.name, operation.value] as const);
const params = (value: string, extra: IDataObject = {}) => ({ resource: 'message', operation: value, ...EXAMPLES[value].parameters, ...extra });

describe('Message: every operation', () => {
	it('has one example per operation', () => {
		expect(Object.keys(EXAMPLES).sort()).toEqual(perItem.map(({ value }) => value).sort());
	});

	it.each(operations)('%s sends the documented request and outputs the answer with the chat', async (_name, value) => {
		const scope = expectCall(EXAMPLES[value]);
		const result = await runAction(params(value));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([EXAMPLES[value].output]);
		expect(scope.isDone()).toBe(true);
	});

	it.each(operations)('%s refuses a phone that is not one before any request', async (_name, value) => {
		const scope = api().post(/.*/).reply(200, {}).delete(/.*/).reply(204);
		const result = await runAction(params(value, { phone: 'call me maybe' }));
		expect(result.error?.message).toBe("Phone 'call me maybe' is not a phone number");
		expect(result.error?.description).toMatch(/country code.*Group IDs/);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each(operations)('%s fails the item when a 200 answer carries an error', async (_name, value) => {
		expectCall(EXAMPLES[value], { error: 'Phone is not on WhatsApp' }, 200);
		const result = await runAction(params(value));
		expect(result.error?.message).toMatch(/^Z-API could not .+ \(it answered \{"error":"Phone is not on WhatsApp"\}\)$/);
		expect(result.json).toEqual([]);
	});

	it.each(operations)('%s with Continue On Fail: a bad item becomes an error item, the others go on, paired', async (_name, value) => {
		const scope = expectCall(EXAMPLES[value]);
		const result = await runAction(
			params(value, { phone: '={{ $json.to }}' }),
			[{ json: { to: '' } }, { json: { to: EXAMPLES[value].output.phone } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		// A send that answers the chat when Phone is left empty says how to use that.
		const refused = perItem.find((operation) => operation.value === value)?.answersChat
			? { error: expect.stringMatching(/^Phone is empty: its expression gives nothing for this item\. Set Phone in node 'Z-API', or leave it empty/), details: expect.stringMatching(/AI Agent/) }
			: { error: 'Phone is empty', details: expect.stringMatching(/country code/) };
		expect(result.json).toEqual([refused, EXAMPLES[value].output]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('keeps the token out of the error when the service refuses the call', async () => {
		api().post(`${INSTANCE_PATH}/send-text`).reply(400, { error: `Instance not found ${INSTANCE_PATH}` });
		const result = await runAction(params('sendText'));
		expect(result.error).toBeDefined();
		const seen = JSON.stringify([result.error?.message, result.error?.description, result.run.data.resultData]);
		expect(seen).not.toContain('tok3n-SECRET-7f9a');
		expect(seen).not.toContain(encodeURIComponent('tok3n-SECRET-7f9a'));
	});

	it('sends to a group and to a LID as given', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-text`, { phone: '123456789012345@lid', message: 'Hello' })
			.reply(200, { zaapId: 'z1', messageId: 'm1' });
		const result = await runAction(params('sendText', { phone: ' 123456789012345@lid ' }));
		expect(result.json).toEqual([{ zaapId: 'z1', messageId: 'm1', phone: '123456789012345@lid' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('reads messageId from id when the answer has only id', async () => {
		api().post(`${INSTANCE_PATH}/send-text`).reply(200, { zaapId: 'z1', id: 'm-from-id' });
		const result = await runAction(params('sendText'));
		expect(result.json).toEqual([{ zaapId: 'z1', messageId: 'm-from-id', phone: PHONE }]);
	});

	it('outputs messageId once: the documented answer carries it twice, as messageId and as id (docs/message/send-message-text.md)', async () => {
		api().post(`${INSTANCE_PATH}/send-text`).reply(200, { zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68', id: 'D241XXXX732339502B68' });
		const result = await runAction(params('sendText'));
		expect(result.json).toEqual([{ zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68', phone: PHONE }]);
	});
});

describe('Message: buttons and lists in the node panel', () => {
	const { properties } = new ZApi().description;
	const operationsShowing = (name: string) =>
		properties.filter((property) => property.name === name).flatMap((property) => (property.displayOptions?.show?.operation ?? []) as string[]);

	it('shows the caveat as a notice with every button and list operation, and with no other', () => {
		const notices = properties.filter((property) => property.name === 'buttonsNotice');
		expect(notices.every((notice) => notice.type === 'notice')).toBe(true);
		expect(notices[0].displayName).toMatch(/^Whether buttons and lists show depends on the WhatsApp account type/);
		expect(operationsShowing('buttonsNotice').sort()).toEqual(['sendButtonActions', 'sendButtonList', 'sendOptionList']);
	});

	it('calls each button operation by one name: the operation list and the action say the same', () => {
		const names = message.operations
			.filter((operation) => ['sendButtonList', 'sendButtonActions'].includes(operation.value))
			.map(({ name, action }) => [name, action]);
		expect(names).toEqual([
			['Send Reply Buttons', 'Send reply buttons'],
			['Send Action Buttons', 'Send action buttons'],
		]);
	});
});
