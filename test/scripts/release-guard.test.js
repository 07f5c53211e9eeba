/**
 * The release guard against registry answers made up here: no network. Each row is what the
 * registry could say about the name, and whether the release may go on.
 */
const { checkRelease, repositoryKey } = require('../../scripts/release-guard');

const pkg = {
	name: '@n8n-nodes-zapi/n8n-nodes-zapi',
	version: '0.2.0',
	repository: { type: 'git', url: 'git+https://github.com/n8n-nodes-zapi/n8n-nodes-zapi.git' },
};
const RUNNING = 'n8n-nodes-zapi/n8n-nodes-zapi';

/** A fetch that answers once with the given status and JSON body, and records the address. */
function fakeFetch(status, body) {
	const asked = [];
	const impl = async (url) => {
		asked.push(url);
		return { status, json: async () => (typeof body === 'string' ? JSON.parse(body) : body) };
	};
	return { impl, asked };
}

const ourDocument = (versions) => ({
	name: pkg.name,
	'dist-tags': { latest: versions[versions.length - 1] },
	repository: { type: 'git', url: 'git+https://github.com/n8n-nodes-zapi/n8n-nodes-zapi.git' },
	versions: Object.fromEntries(versions.map((v) => [v, { name: pkg.name, version: v }])),
});

describe('release guard', () => {
	it.each([
		['the name is free (404): a first publish', 404, undefined, true, /not on the registry yet: @n8n-nodes-zapi\/n8n-nodes-zapi@0\.2\.0 will be its first version/],
		['the name is ours and the version is new', 200, ourDocument(['0.1.0']), true, /is this repository's package \(github\.com\/n8n-nodes-zapi\/n8n-nodes-zapi\); @n8n-nodes-zapi\/n8n-nodes-zapi@0\.2\.0 is new/],
		['the version is already published', 200, ourDocument(['0.1.0', '0.2.0']), false, /@n8n-nodes-zapi\/n8n-nodes-zapi@0\.2\.0 is already on the registry: npm never takes a version twice/],
		[
			'the name belongs to another repository',
			200,
			{ name: pkg.name, 'dist-tags': { latest: '0.1.0' }, repository: { type: 'git', url: 'git+https://github.com/leandcesar/n8n-nodes-zapi.git' }, versions: { '0.1.0': {} } },
			false,
			/is another package \(its repository: github\.com\/leandcesar\/n8n-nodes-zapi; this one: github\.com\/n8n-nodes-zapi\/n8n-nodes-zapi\)/,
		],
		[
			'the name is taken by a package that names no repository',
			200,
			{ name: pkg.name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { name: pkg.name } } },
			false,
			/is another package \(its repository: none given;/,
		],
		[
			'only the latest version names the repository (ours)',
			200,
			{ name: pkg.name, 'dist-tags': { latest: '0.1.0' }, versions: { '0.1.0': { repository: 'github:n8n-nodes-zapi/n8n-nodes-zapi' } } },
			true,
			/is new/,
		],
		['the name was unpublished (no versions left)', 200, { name: pkg.name, time: { unpublished: { time: '2026-01-01T00:00:00.000Z' } } }, false, /lists no versions \(unpublished/],
		['the registry answers a server error', 503, undefined, false, /the registry answered 503 for @n8n-nodes-zapi\/n8n-nodes-zapi; nothing was published/],
		['the registry answers 401', 401, undefined, false, /answered 401/],
		['the registry answers 200 with a body that is not JSON', 200, 'not json', false, /lists no versions/],
	])('%s', async (_case, status, body, ok, message) => {
		const fetch = fakeFetch(status, body);
		const result = await checkRelease({ pkg, runningRepository: RUNNING, fetchImpl: fetch.impl });
		expect(result.ok).toBe(ok);
		expect(result.message).toMatch(message);
		// A scoped name is asked for with its slash encoded, as npm itself asks.
		expect(fetch.asked).toEqual(['https://registry.npmjs.org/@n8n-nodes-zapi%2fn8n-nodes-zapi']);
	});

	it('fails when no answer comes, naming the network error', async () => {
		const failing = async () => {
			throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
		};
		await expect(checkRelease({ pkg, runningRepository: RUNNING, fetchImpl: failing })).resolves.toEqual({
			ok: false,
			message: 'the registry could not be asked about @n8n-nodes-zapi/n8n-nodes-zapi (ENOTFOUND); nothing was published',
		});
	});

	it('fails before asking when package.json names another repository than the one the workflow runs in', async () => {
		const fetch = fakeFetch(404);
		const result = await checkRelease({ pkg, runningRepository: 'someone/fork', fetchImpl: fetch.impl });
		expect(result).toEqual({
			ok: false,
			message: expect.stringMatching(/^package\.json's repository is github\.com\/n8n-nodes-zapi\/n8n-nodes-zapi but this workflow runs in github\.com\/someone\/fork/),
		});
		expect(fetch.asked).toEqual([]);
	});

	it('fails when package.json has no repository', async () => {
		const fetch = fakeFetch(404);
		const result = await checkRelease({ pkg: { ...pkg, repository: undefined }, fetchImpl: fetch.impl });
		expect(result.ok).toBe(false);
		expect(result.message).toMatch(/no repository URL/);
	});

	it('asks another registry when given one', async () => {
		const fetch = fakeFetch(404);
		await checkRelease({ pkg, registry: 'http://127.0.0.1:4873/', fetchImpl: fetch.impl });
		expect(fetch.asked).toEqual(['http://127.0.0.1:4873/@n8n-nodes-zapi%2fn8n-nodes-zapi']);
	});
});

describe('repositoryKey', () => {
	it.each([
		['git+https://github.com/n8n-nodes-zapi/n8n-nodes-zapi.git', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['https://github.com/N8N-Nodes-ZAPI/n8n-nodes-zapi', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['https://github.com/n8n-nodes-zapi/n8n-nodes-zapi/', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['https://github.com/n8n-nodes-zapi/n8n-nodes-zapi#readme', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['git://github.com/n8n-nodes-zapi/n8n-nodes-zapi.git', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['git@github.com:n8n-nodes-zapi/n8n-nodes-zapi.git', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['git+ssh://git@github.com/n8n-nodes-zapi/n8n-nodes-zapi.git', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['github:n8n-nodes-zapi/n8n-nodes-zapi', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['n8n-nodes-zapi/n8n-nodes-zapi', 'github.com/n8n-nodes-zapi/n8n-nodes-zapi'],
		['gitlab:someone/n8n-nodes-zapi', 'gitlab.com/someone/n8n-nodes-zapi'],
		[{ type: 'git', url: 'https://github.com/leandcesar/n8n-nodes-zapi' }, 'github.com/leandcesar/n8n-nodes-zapi'],
		['', undefined],
		[undefined, undefined],
		[{ type: 'git' }, undefined],
		['https://github.com/only-owner', undefined],
	])('%j -> %s', (repository, key) => {
		expect(repositoryKey(repository)).toBe(key);
	});
});
