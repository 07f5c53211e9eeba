/**
 * The built package as n8n loads it: every file of the `n8n` block exists in dist/, loads
 * with nothing but n8n-workflow, and describes a node or credential n8n can list.
 */
import { existsSync, readFileSync } from 'fs';
import path from 'path';

import type { ICredentialType, INodeType } from 'n8n-workflow';

const root = path.join(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

function loadClass<T>(file: string): T {
	const exported = require(path.join(root, file));
	const classes = Object.values(exported).filter((value) => typeof value === 'function') as Array<new () => T>;
	expect(classes).toHaveLength(1);
	return new classes[0]();
}

function iconFiles(file: string, icon: unknown): string[] {
	const names = typeof icon === 'string' ? [icon] : Object.values(icon as Record<string, string>);
	return names.map((name) => path.join(root, path.dirname(file), name.replace(/^file:/, '')));
}

describe('package.json', () => {
	it('is a community node package with no runtime dependencies or install scripts', () => {
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.name).toMatch(/^n8n-nodes-/);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(Object.keys(pkg.peerDependencies)).toEqual(['n8n-workflow']);
		for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
			expect(pkg.scripts[script]).toBeUndefined();
		}
		expect(pkg.files).toEqual(['dist']);
	});
});

describe.each(pkg.n8n.nodes as string[])('node %s', (file) => {
	const node = loadClass<INodeType>(file);
	const { description } = node;

	it('describes a node that uses the package credentials', () => {
		expect(description.name).toMatch(/^zApi/);
		expect(description.displayName).toMatch(/^Z-API/);
		// The credential type carries its own test: no node names one.
		expect(description.credentials).toEqual([{ name: 'zApiApi', required: true }]);
	});

	it('ships its light and dark icons next to the built file', () => {
		for (const icon of iconFiles(file, description.icon)) expect(existsSync(icon)).toBe(true);
	});

	it('ships a codex that lists it under Communication and finds it by "WhatsApp"', () => {
		const codex = JSON.parse(readFileSync(path.join(root, file.replace(/\.js$/, '.json')), 'utf8'));
		expect(codex.node).toBe(`${pkg.name}.${description.name}`);
		expect(codex.categories).toContain('Communication');
		expect(codex.alias).toContain('WhatsApp');
	});
});

describe.each(pkg.n8n.credentials as string[])('credentials %s', (file) => {
	const credentials = loadClass<ICredentialType>(file);

	it('asks for instance id, instance token, client token and base url, secrets hidden', () => {
		const byName = Object.fromEntries(credentials.properties.map((property) => [property.name, property]));
		expect(Object.keys(byName)).toEqual(['instanceId', 'instanceToken', 'clientToken', 'baseUrl']);
		expect(byName.instanceToken.typeOptions?.password).toBe(true);
		expect(byName.clientToken.typeOptions?.password).toBe(true);
		expect(byName.baseUrl.default).toBe('https://api.z-api.io');
		expect(credentials.name).toBe('zApiApi');
		expect(credentials.test?.request.url).toMatch(/\/status$/);
	});

	it('ships its icons', () => {
		for (const icon of iconFiles(file, credentials.icon)) expect(existsSync(icon)).toBe(true);
	});

	it('adds the Client-Token header only when one is set', async () => {
		const authenticate = credentials.authenticate as (c: object, r: object) => Promise<{ headers?: object }>;
		const withToken = await authenticate({ clientToken: 'abcd1234' }, { url: '/x', headers: { a: '1' } });
		expect(withToken.headers).toEqual({ a: '1', 'Client-Token': 'abcd1234' });
		const without = await authenticate({ clientToken: '' }, { url: '/x' });
		expect(without.headers).toBeUndefined();
	});
});
