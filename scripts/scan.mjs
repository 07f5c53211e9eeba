#!/usr/bin/env node
/**
 * n8n's community-package scanner (@n8n/scan-community-package), run on this checkout with
 * no network. Published, the scanner fetches a package by name, checks its npm provenance,
 * then lints two things with the same rules: the source the provenance points at
 * (package.json, nodes/, credentials/) and the published tarball (its .js files and
 * package.json). Provenance exists only once published; the two lint passes are what
 * decides whether n8n lists the package, so both run here:
 *
 *   node scripts/scan.mjs               # the sources, and `npm pack` of the built dist/
 *   node scripts/scan.mjs some.tgz      # the sources, and that tarball
 *
 * The scanner ignores eslint-disable comments; nothing here turns a rule off.
 * Exits 1 when either pass finds an error.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-zapi-scan-'));
// The scanner makes a download folder when loaded; keep it inside ours, which is removed.
process.env.TMPDIR = work;
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import('@n8n/scan-community-package/scanner/scanner.mjs');
// What the scanner lints in a published tarball.
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function packTarball() {
	if (!fs.existsSync(path.join(root, 'dist'))) throw new Error('dist/ does not exist: run `npm run build` first');
	const out = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
		cwd: root,
		encoding: 'utf8',
	});
	return path.join(work, out.trim().split('\n').pop().trim());
}

function unpack(tarball) {
	const dir = path.join(work, 'package');
	fs.mkdirSync(dir);
	execFileSync('tar', ['-xzf', path.resolve(tarball), '-C', dir, '--strip-components=1']);
	return dir;
}

async function scan(label, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	// An empty match means the layout moved away from what the scanner looks at.
	const passed = result.passed && result.message !== 'No files found to analyze';
	console.log(`${passed ? 'ok  ' : 'FAIL'} ${label}${result.message ? `: ${result.message}` : ''}`);
	if (result.details) console.log(result.details);
	return passed;
}

let passed = false;
try {
	const tarball = process.argv[2] ?? packTarball();
	const sources = await scan('sources (package.json, nodes/, credentials/)', root, SOURCE_FILE_PATTERNS);
	const packed = await scan(`tarball ${path.basename(tarball)}`, unpack(tarball), TARBALL_FILE_PATTERNS);
	passed = sources && packed;
} catch (error) {
	console.error(`scan: ${error.message}`);
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
console.log(passed ? 'scan: n8n community-package checks passed' : 'scan: n8n community-package checks failed');
process.exitCode = passed ? 0 : 1;
