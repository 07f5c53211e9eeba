import { endActivation, type TriggerStaticData } from '../../../nodes/ZApiTrigger/staticData';

describe('endActivation', () => {
	const A = 'a'.repeat(32);
	const B = 'b'.repeat(32);
	it.each<[string, TriggerStaticData, TriggerStaticData]>([
		[
			'drops the record and the repeat memory, keeps the id among the retired',
			{ activation: A, registered: { receivedAndSent: 'https://n8n/x' }, before: { receivedAndSent: '' }, sentByMeBefore: false, testSession: true, recentDeliveries: { k: 1 } },
			{ retired: [A] },
		],
		['adds to the retired ids, newest last, once', { activation: A, retired: [A, B] }, { retired: [B, A] }],
		['keeps the last ten', { activation: A, retired: Array.from({ length: 10 }, (_, n) => String(n).repeat(32)) }, { retired: [...Array.from({ length: 9 }, (_, n) => String(n + 1).repeat(32)), A] }],
		['with no activation, only clears', { registered: {}, retired: [B] }, { retired: [B] }],
		['a retired list of the wrong shape is dropped', { activation: A, retired: 'x' as unknown as string[] }, { retired: [A] }],
	])('%s', (_name, data, expected) => {
		endActivation(data);
		expect(data).toEqual(expected);
	});
});
