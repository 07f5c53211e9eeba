import type { IDataObject, INodeTypeBaseDescription } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import { deliver } from '../../helpers/engine';
import { ALL_EVENTS, clone, contentFixture, listening, statusFixture } from './fixtures';

const trigger = new ZApiTrigger();
const description: INodeTypeBaseDescription = trigger.description;
const versions = Object.keys(trigger.nodeVersions).map(Number);

describe('Z-API Trigger: versions', () => {
	it('gives new triggers a version other than 1, where n8n evaluates no expression per delivery', () => {
		// n8n's webhook body parsing (parseRequestBody in its webhook helpers, 2.41.1 and
		// 1.123.81) evaluates the old Webhook node's binaryData option, on every delivery, for
		// a start node whose typeVersion is exactly 1.
		expect(description.defaultVersion).not.toBe(1);
		expect(versions).toContain(description.defaultVersion);
	});

	it('a workflow saved at version 1 starts with the same items and response as one at the newest version', async () => {
		const trigger = await listening({ events: ALL_EVENTS });
		const deliveries: IDataObject[] = [...CONTENT_KINDS.map((kind) => contentFixture(kind)), statusFixture('READ')];
		for (const body of deliveries) {
			// Each version starts from the same memory of earlier deliveries.
			const at = (typeVersion: number) =>
				deliver({ ...trigger.setup, staticData: clone(trigger.setup.staticData ?? {}), node: { typeVersion } }, { body, query: trigger.query });
			const [saved, newest] = [await at(1), await at(description.defaultVersion as number)];
			expect(saved.items?.length).toBeGreaterThan(0);
			expect({ items: newest.items, response: newest.response, result: newest.result }).toEqual({ items: saved.items, response: saved.response, result: saved.result });
		}
	});
});
