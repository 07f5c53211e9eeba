/** Labels: every operation's documented call; refusals before any request and in 200 answers; colours. */
import { label } from '../../../../../nodes/ZApi/actions/label';
import { colorsIn } from '../../../../../nodes/ZApi/actions/label/getColors.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

describeOperations(label, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'label', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Label: refusals', () => {
	it.each([
		['update', { labelId: '../../status' }, "Label ID '../../status' is not an ID Z-API gives"],
		['delete', { labelId: '10?x=1' }, "Label ID '10?x=1' is not an ID Z-API gives"],
		['addToChat', { labelId: '1 0' }, "Label ID '1 0' is not an ID Z-API gives"],
		['create', { labelName: '  ' }, 'Name is empty'],
		['create', { options: { color: -1 } }, 'Color must be a whole number of 0 or more (got -1)'],
		['update', { options: { color: 1.5 } }, 'Color must be a whole number of 0 or more (got 1.5)'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().put(/.*/).reply(200, {}).post(/.*/).reply(200, {}).delete(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it.each([
		['addToChat', { value: false }, 'Z-API could not add label 2 to the chat with 5511999999999 (it answered {"value":false})'],
		['removeFromChat', {}, 'Z-API could not remove label 2 from the chat with 5511999999999 (it answered {})'],
		['update', { success: false }, 'Z-API could not update label 10 (it answered {"success":false})'],
		['delete', { success: false }, 'Z-API could not delete label 10 (it answered {"success":false})'],
	])('%s fails the item, pointing to WhatsApp Business, when Z-API does not confirm', async (operation, answer, message) => {
		expectCall(EXAMPLES[operation], answer);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});

	it('fails Create when no ID comes back', async () => {
		expectCall(EXAMPLES.create, { error: 'Only business accounts' });
		const result = await run('create');
		expect(result.error?.message).toBe("Z-API did not create the label 'Tag Name'");
		expect(result.error?.description).toMatch(/^It answered \{"error":"Only business accounts"\}\. Labels exist only on WhatsApp Business/);
	});

	it('sends a label without colour when the option is not set', async () => {
		const scope = api().post(`${INSTANCE_PATH}/business/create-tag`, { name: 'VIP' }).reply(200, { id: 11 });
		const result = await runAction({ resource: 'label', operation: 'create', labelName: ' VIP ' });
		expect(result.json).toEqual([{ id: '11', name: 'VIP' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('declares the chat that orders the items of the chat changes', () => {
		expect(label.operations.filter((operation) => operation.orderedBy === 'phone').map((operation) => operation.value)).toEqual(['addToChat', 'removeFromChat']);
	});
});

describe('Label: Get Colors', () => {
	it.each([
		['the documented map', { '1': '#64C4FF', '0': '#FF9485' }, [{ color: 0, hex: '#FF9485' }, { color: 1, hex: '#64C4FF' }]],
		['a list of hex values', ['#FF9485', '#64C4FF'], [{ color: 0, hex: '#FF9485' }, { color: 1, hex: '#64C4FF' }]],
		['an error', { error: 'not business' }, []],
		['nothing', null, []],
	])('reads %s', (_shape, answer, colors) => {
		expect(colorsIn(answer)).toEqual(colors);
	});
});
