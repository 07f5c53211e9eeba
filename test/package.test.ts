/**
 * The built package as n8n loads it. n8n's lint rules and its community-package scanner
 * (`npm run lint`, `npm run scan`) own package.json (name, keywords, no dependencies, peer
 * dependencies, no install scripts, files), credential references and password fields, and
 * icons named by the sources. What stays here is what only the build output shows, or what
 * no rule reads.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';

import type { ICredentialType, INodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

const root = path.join(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** What n8n does with each file of the `n8n` block: require it and construct its one class. */
function loadClass<T>(file: string): T {
	const exported: Record<string, unknown> = jest.requireActual(path.join(root, file));
	const classes = Object.values(exported).filter((value) => typeof value === 'function') as Array<new () => T>;
	expect(classes).toHaveLength(1);
	return new classes[0]();
}

function iconFiles(file: string, icon: unknown): string[] {
	const names = typeof icon === 'string' ? [icon] : Object.values(icon as Record<string, string>);
	return names.map((name) => path.join(root, path.dirname(file), name.replace(/^file:/, '')));
}

describe.each(pkg.n8n.nodes as string[])('node %s', (file) => {
	const loaded = loadClass<INodeType | VersionedNodeType>(file);
	// A versioned node (the trigger) is described by the version n8n adds by default.
	const node: INodeType = loaded instanceof VersionedNodeType ? loaded.getNodeType() : loaded;
	const { description } = node;
	const packageCredentials = (pkg.n8n.credentials as string[]).map((one) => loadClass<ICredentialType>(one).name);

	it("describes a node that uses the package credentials, each tested by the built node, and n8n's own OpenAI credential (n8n tests it)", () => {
		expect(description.name).toMatch(/^zApi/);
		expect(description.displayName).toMatch(/^Z-API/);
		// The Z-API Instance API credential first, required wherever it is shown.
		expect(description.credentials?.[0]).toMatchObject({ name: 'zApiApi', required: true, testedBy: 'zApiApiTest' });
		for (const credential of description.credentials ?? []) {
			// Transcribe Voice Notes uses n8n's own OpenAI credential, which n8n-nodes-base defines and tests.
			if (credential.name === 'openAiApi') {
				expect(credential).toMatchObject({ displayName: 'Credential for OpenAI', required: true });
				expect(credential.testedBy).toBeUndefined();
				continue;
			}
			expect(packageCredentials).toContain(credential.name);
			// Labelled by its type, as n8n words one credential of a node.
			expect(credential.displayName).toMatch(/^Credential for Z-API /);
			expect(typeof node.methods?.credentialTest?.[String(credential.testedBy)]).toBe('function');
		}
	});

	// Lint resolves icons from the sources; gulpfile.js must put them where the built file looks.
	it('ships its icons where the built file points', () => {
		for (const icon of iconFiles(file, description.icon)) expect(existsSync(icon)).toBe(true);
	});

	// No rule reads the codex, and gulpfile.js copies it: it lists the node under
	// Communication and lets the node panel find it by "WhatsApp".
	it('ships a codex that lists it under Communication and finds it by "WhatsApp"', () => {
		const codex = JSON.parse(readFileSync(path.join(root, file.replace(/\.js$/, '.json')), 'utf8'));
		expect(codex.node).toBe(`${pkg.name}.${description.name}`);
		expect(codex.categories).toContain('Communication');
		expect(codex.alias).toContain('WhatsApp');
	});
});

describe.each(pkg.n8n.credentials as string[])('credentials %s', (file) => {
	const credentials = loadClass<ICredentialType>(file);

	// Saved credentials are stored under these names: renaming one empties it for every user.
	it('keeps the field names saved credentials use, and the service address as default', () => {
		if (credentials.name === 'zApiConversationStateApi') {
			expect(credentials.properties.map((property) => property.name)).toEqual(['baseUrl', 'apiKey']);
			// Tested by the Z-API node (testedBy), not by a request of its own.
			expect(credentials.test).toBeUndefined();
			return;
		}
		if (credentials.name === 'zApiPartnerApi') {
			expect(credentials.properties.map((property) => property.name)).toEqual(['partnerToken', 'baseUrl']);
			expect(credentials.properties.find((property) => property.name === 'baseUrl')?.default).toBe('https://api.z-api.io');
			// Tested by the Z-API node (testedBy).
			expect(credentials.test).toBeUndefined();
			return;
		}
		expect(credentials.name).toBe('zApiApi');
		expect(credentials.properties.map((property) => property.name)).toEqual([
			'instanceId',
			'instanceToken',
			'clientToken',
			'baseUrl',
		]);
		expect(credentials.properties.find((property) => property.name === 'baseUrl')?.default).toBe(
			'https://api.z-api.io',
		);
		// Tested by both nodes (testedBy): n8n would run a test of the type itself first.
		expect(credentials.test).toBeUndefined();
	});

	it('ships its icons where the built file points', () => {
		for (const icon of iconFiles(file, credentials.icon)) expect(existsSync(icon)).toBe(true);
	});

	// Another Z-API package calls its credential "Z-API API": with both installed, the list
	// of credentials must tell them apart.
	it('has a display name of its own', () => {
		const displayNames: Record<string, string> = { zApiApi: 'Z-API Instance API', zApiConversationStateApi: 'Z-API Conversation State API', zApiPartnerApi: 'Z-API Partner API' };
		expect(credentials.displayName).toBe(displayNames[credentials.name]);
	});
});

// n8n loads the JavaScript, the codex files and the icons; source maps and type declarations
// would more than double what every install downloads.
it('ships no source maps or type declarations', () => {
	const shipped = readdirSync(path.join(root, 'dist'), { recursive: true, encoding: 'utf8' });
	expect(shipped.filter((file) => /\.(map|d\.ts)$/.test(file))).toEqual([]);
	expect(shipped.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
	expect(readFileSync(path.join(root, pkg.n8n.nodes[0]), 'utf8')).not.toMatch(/sourceMappingURL/);
});
