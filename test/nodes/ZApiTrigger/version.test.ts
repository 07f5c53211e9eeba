import type { INodeTypeDescription } from 'n8n-workflow';

import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';

const description: INodeTypeDescription = new ZApiTrigger().description;
const versions = ([] as number[]).concat(description.version);

describe('Z-API Trigger: versions', () => {
	it('gives new triggers a version above 1, where n8n evaluates no expression per delivery', () => {
		// n8n's webhook body parsing evaluates the old Webhook node's binaryData option for any
		// node whose typeVersion is exactly 1, on every delivery.
		expect(description.defaultVersion).toBeGreaterThan(1);
		expect(description.defaultVersion).toBe(Math.max(...versions));
	});

	it('still lists version 1, so workflows saved with it keep loading', () => {
		expect(versions).toContain(1);
	});
});
