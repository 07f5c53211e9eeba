import type { INode } from 'n8n-workflow';

import { firstRecord, isRefusal, requireAccepted } from '../../../../nodes/shared/transport/refusal';

describe('isRefusal: one policy for a 200 response that may say no', () => {
	const cases: Array<[string, unknown, boolean, boolean]> = [
		// [what, response, refused when only an explicit no counts, refused when a yes is required]
		['{value: true}', { value: true }, false, false],
		['{value: "true"}', { value: 'true' }, false, false],
		['{success: true}', { success: true }, false, false],
		['{success: "true"}', { success: 'true' }, false, false],
		['[{value: true}]', [{ value: true }], false, false],
		['{value: false}', { value: false }, true, true],
		['{value: "false"}', { value: 'false' }, true, true],
		['{success: false}', { success: false }, true, true],
		['{success: "false"}', { success: 'false' }, true, true],
		['[{value: false}]', [{ value: false }], true, true],
		['{value: true, error: "x"}', { value: true, error: 'Instance not connected' }, true, true],
		['{error: {…}}', { error: { code: 1 } }, true, true],
		['{error: ""}', { error: '' }, false, true],
		['{error: null}', { error: null }, false, true],
		['{zaapId, messageId}', { zaapId: 'z1', messageId: 'm1' }, false, true],
		['{}', {}, false, true],
		['empty body', '', false, true],
		['null', null, false, true],
		['{value: "yes"}', { value: 'yes' }, false, true],
		// Flags read as flagOf reads them: no page writes one as a number, so 1 and 0 are neither.
		['{value: "1"}', { value: '1' }, false, false],
		['{value: "0"}', { value: '0' }, true, true],
		['{value: 1} (a number: no page writes a flag so)', { value: 1 }, false, true],
		['{value: 0} (a number: no page writes a flag so)', { value: 0 }, false, true],
	];

	it.each(cases)('%s', (_what, response, noRefusal, confirmation) => {
		expect([isRefusal(response, 'noRefusal'), isRefusal(response, 'confirmation')]).toEqual([noRefusal, confirmation]);
	});
});

describe('firstRecord', () => {
	it.each([
		[{ link: 'a' }, { link: 'a' }],
		[[{ link: 'a' }], { link: 'a' }],
		[[], {}],
		['text', {}],
		[null, {}],
		[[['nested']], {}],
	])('%p -> %p', (response, expected) => {
		expect(firstRecord(response)).toEqual(expected);
	});
});

describe('requireAccepted', () => {
	const node = { name: 'Z-API', type: 'n8n-nodes-zapi.zApi', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;

	it('names what was tried, what Z-API answered and what to do, at the item', () => {
		let caught: (Error & { description?: string; context?: { itemIndex?: number } }) | undefined;
		try {
			requireAccepted(node, { value: false }, 'noRefusal', { tried: 'pin the chat 5511999999999', hint: 'Check the chat.', itemIndex: 3 });
		} catch (error) {
			caught = error as typeof caught;
		}
		expect(caught?.message).toBe('Z-API could not pin the chat 5511999999999 (it answered {"value":false})');
		expect(caught?.description).toBe('Check the chat.');
		expect(caught?.context?.itemIndex).toBe(3);
	});

	it('lets an accepted response through', () => {
		expect(() => requireAccepted(node, { value: 'true' }, 'confirmation', { tried: 'x', hint: 'y' })).not.toThrow();
	});
});
