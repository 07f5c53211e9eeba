/**
 * What the trigger keeps stays bounded however many deliveries come: 10,000 deliveries over
 * 4,000 chats (each message carrying a phone and its LID, so pairs are learned), through
 * n8n-core's webhook context. The size of each part of the static data is printed, and each
 * count is held to its documented bound. Questions of Send and Wait for Reply are not among
 * them: they wait as rows of the conversation table.
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { LID_PAIRS_KEY } from '../../../nodes/shared/lidPairs';
import { deliver } from '../../helpers/engine';
import { FULL_SIZE } from '../../helpers/scale';
import { contentFixture, listening, statusFixture } from './fixtures';

// About 20 s of CPU at full size (each delivery goes through n8n-core with the static data full):
// the bounds are reached only there, in `npm run test:all`. CI runs 150 deliveries, which
// check what is learned and kept on the way, below the bounds.
const DELIVERIES = Number(process.env.BOUNDS_DELIVERIES ?? (FULL_SIZE ? 2_600 : 150));
const CHATS = 4_000;

it(`after ${DELIVERIES} deliveries over ${CHATS} chats the static data stays within its bounds`, async () => {
	const trigger = await listening({ events: ['messageReceived', 'messageStatus'] });
	let started = 0;
	const messageChats = new Set<number>();
	for (let index = 0; index < DELIVERIES; index++) {
		const chat = index % CHATS;
		if (index % 5 !== 4) messageChats.add(chat);
		const phone = `55119${String(chat).padStart(8, '0')}`;
		const body =
			index % 5 === 4
				? statusFixture('READ', [`3EB0STATUS${index}`])
				: contentFixture(CONTENT_KINDS[0], { phone, chatLid: `${100000000000 + chat}@lid`, senderLid: `${100000000000 + chat}@lid`, messageId: `3EB0${String(index).padStart(16, '0')}` });
		const result = await deliver(trigger.setup, { body, query: trigger.query });
		if (result.items) started++;
	}
	expect(started).toBe(DELIVERIES);
	const data = trigger.setup.staticData!;
	const node = data['node:Z-API Trigger'] as IDataObject;
	const global = data.global as IDataObject;
	const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));
	const recent = node.recentDeliveries;
	const parts = {
		'repeat memory': { count: typeof recent === 'string' ? recent.split(' ').filter(Boolean).length : Object.keys((recent as IDataObject) ?? {}).length, bytes: size(recent) },
		'LID pairs': { count: Object.keys((global[LID_PAIRS_KEY] as IDataObject) ?? {}).length, bytes: size(global[LID_PAIRS_KEY]) },
		whole: { count: 1, bytes: size(data) },
	};
	process.stdout.write(`Static data after ${DELIVERIES} deliveries: ${Object.entries(parts).map(([name, part]) => `${name} ${part.count} (${(part.bytes / 1024).toFixed(1)} KiB)`).join(', ')}\n`);
	expect(parts['repeat memory'].count).toBeGreaterThan(0);
	expect(parts['repeat memory'].count).toBeLessThanOrEqual(300);
	// One pair per chat that wrote, up to the bound of 2,000.
	expect(parts['LID pairs'].count).toBe(Math.min(2_000, messageChats.size));
	// Nothing else in the workflow's shared part: the pairs only.
	expect(Object.keys(global)).toEqual([LID_PAIRS_KEY]);
	// 2,000 pairs (~45 B) and 300 remembered deliveries: about 100 KiB.
	expect(parts.whole.bytes).toBeLessThan(150 * 1024);
}, 600_000);
