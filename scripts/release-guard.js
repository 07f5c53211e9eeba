#!/usr/bin/env node
/**
 * Run by .github/workflows/release.yml before `npm publish`. Passes (exit 0) only when
 * publishing package.json's name and version can do what the release means:
 *
 * - the name is free on the registry (a first publish), or the registry's package names this
 *   repository as its repository: a name held by someone else fails, so the release never
 *   reports success for a package that is not this one;
 * - the version is not on the registry yet: npm never takes a version twice, so a release
 *   that finds it there has published nothing and fails saying so;
 * - package.json's repository is the repository the workflow runs in (GITHUB_REPOSITORY),
 *   since npm's provenance statement is refused when they differ.
 *
 * Any other answer of the registry (an error status, no answer, an unreadable document)
 * fails too: nothing is skipped on a guess.
 *
 *   node scripts/release-guard.js            # registry.npmjs.org, or NPM_REGISTRY_URL
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_REGISTRY = 'https://registry.npmjs.org';

/**
 * A repository as host/owner/name in lower case, from any way package.json or the registry
 * writes it ("git+https://github.com/o/r.git", "git@github.com:o/r.git", "github:o/r",
 * "o/r", or an object with `url`); undefined when there is none.
 */
function repositoryKey(repository) {
	const raw = typeof repository === 'string' ? repository : repository && typeof repository === 'object' ? repository.url : undefined;
	if (typeof raw !== 'string' || !raw.trim()) return undefined;
	let text = raw.trim();
	const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/i.exec(text);
	if (shorthand) {
		const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' }[(shorthand[1] ?? 'github').toLowerCase()];
		text = `https://${host}/${shorthand[2]}/${shorthand[3]}`;
	}
	text = text
		.replace(/^git\+/i, '')
		.replace(/^[\w]+@([^:/]+):/, 'ssh://$1/') // scp-like git@host:owner/name
		.replace(/^(?:[a-z+]+:)?\/\//i, '')
		.replace(/^[^@/]+@/, '') // user@ before the host
		.replace(/[?#].*$/, '')
		.replace(/\.git$/i, '')
		.replace(/\/+$/, '');
	const [host, owner, name] = text.split('/');
	if (!host || !owner || !name) return undefined;
	return `${host.replace(/:\d+$/, '')}/${owner}/${name}`.toLowerCase();
}

/** The registry address of a package document; a scoped name keeps its @ and encodes its /. */
function packumentUrl(registry, name) {
	return `${registry.replace(/\/+$/, '')}/${name.replace('/', '%2f')}`;
}

/** A verdict refusing the release when package.json's repository is missing or not the running one. */
function ownRepositoryProblem(pkg, runningRepository) {
	const ours = repositoryKey(pkg.repository);
	if (!ours) return { ok: false, message: `package.json has no repository URL: npm's provenance needs one, and the guard compares it with the registry's` };
	const running = runningRepository && `github.com/${runningRepository}`.toLowerCase();
	if (running && running !== ours) {
		return { ok: false, message: `package.json's repository is ${ours} but this workflow runs in ${running}: npm refuses provenance when they differ. Fix repository.url in package.json` };
	}
	return undefined;
}

/**
 * The verdict on one registry answer, as { ok, message }.
 *   pkg                 package.json (name, version, repository)
 *   answer              { status, body } of GET <registry>/<name>, or { error } when none came
 *   runningRepository   "owner/name" of the repository the workflow runs in (GITHUB_REPOSITORY)
 */
function verdict({ pkg, answer, runningRepository }) {
	const spec = `${pkg.name}@${pkg.version}`;
	const refused = ownRepositoryProblem(pkg, runningRepository);
	if (refused) return refused;
	const ours = repositoryKey(pkg.repository);
	if (answer.error) return { ok: false, message: `the registry could not be asked about ${pkg.name} (${answer.error}); nothing was published` };
	if (answer.status === 404) return { ok: true, message: `${pkg.name} is not on the registry yet: ${spec} will be its first version` };
	if (answer.status !== 200) return { ok: false, message: `the registry answered ${answer.status} for ${pkg.name}; nothing was published` };

	const doc = answer.body;
	if (!doc || typeof doc !== 'object' || typeof doc.versions !== 'object' || doc.versions === null) {
		return { ok: false, message: `the registry's document for ${pkg.name} lists no versions (unpublished, or not a package document): its owner cannot be checked, so nothing was published` };
	}
	const latest = doc['dist-tags']?.latest;
	const theirs = repositoryKey(doc.repository) ?? repositoryKey(doc.versions[latest]?.repository);
	if (theirs !== ours) {
		return {
			ok: false,
			message: `${pkg.name} on the registry is another package (its repository: ${theirs ?? 'none given'}; this one: ${ours}). Choose a name of this project's own in package.json; nothing was published`,
		};
	}
	if (Object.prototype.hasOwnProperty.call(doc.versions, pkg.version)) {
		return { ok: false, message: `${spec} is already on the registry: npm never takes a version twice. Set a new version (npm version <x.y.z> --no-git-tag-version), commit and tag it` };
	}
	return { ok: true, message: `${pkg.name} on the registry is this repository's package (${ours}); ${spec} is new` };
}

/** Asks the registry (with the given fetch) and returns the verdict. */
async function checkRelease({ pkg, registry = DEFAULT_REGISTRY, runningRepository, fetchImpl = fetch, timeoutMs = 30_000 }) {
	const refused = ownRepositoryProblem(pkg, runningRepository);
	if (refused) return refused;
	let answer;
	try {
		const res = await fetchImpl(packumentUrl(registry, pkg.name), {
			headers: { accept: 'application/json' },
			signal: AbortSignal.timeout(timeoutMs),
		});
		let body;
		if (res.status === 200) {
			try {
				body = await res.json();
			} catch {
				body = undefined;
			}
		}
		answer = { status: res.status, body };
	} catch (error) {
		answer = { error: error?.cause?.code ?? error?.name ?? String(error) };
	}
	return verdict({ pkg, answer, runningRepository });
}

async function main() {
	const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
	const { ok, message } = await checkRelease({
		pkg,
		registry: process.env.NPM_REGISTRY_URL || DEFAULT_REGISTRY,
		runningRepository: process.env.GITHUB_REPOSITORY,
	});
	if (ok) {
		console.log(`release-guard: ${message}`);
		return;
	}
	// The ::error:: prefix makes GitHub Actions show the line on the run's summary.
	console.error(`${process.env.GITHUB_ACTIONS ? '::error::' : ''}release-guard: ${message}`);
	process.exitCode = 1;
}

if (require.main === module) main();

module.exports = { checkRelease, verdict, repositoryKey, packumentUrl };
