#!/usr/bin/env node
/**
 * Fails the build when anything in dist/ requires a module other than n8n-workflow or one of
 * Node's built-ins. n8n installs a community package without its devDependencies, and this
 * build compiles file by file without bundling. n8n's lint rules and scanner let code
 * import any devDependency (they assume a bundler put it in) and a list of libraries n8n
 * happens to carry; here either would fail when n8n loads the node.
 *
 * The rest of the package's shape (no runtime dependencies, the files the `n8n` block lists,
 * icons) is checked by lint, the scanner and test/package.test.ts.
 */
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');

const root = path.join(__dirname, '..', 'dist');
const allowed = new Set(['n8n-workflow', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function* builtFiles(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) yield* builtFiles(file);
		else if (entry.name.endsWith('.js')) yield file;
	}
}

if (!fs.existsSync(root)) {
	console.error('check-dist: dist/ does not exist; run the build first');
	process.exit(1);
}
const problems = [];
for (const file of builtFiles(root)) {
	const text = fs.readFileSync(file, 'utf8');
	for (const match of text.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)|\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
		const name = match[1] ?? match[2];
		if (!name.startsWith('.') && !allowed.has(name)) problems.push(`${path.relative(root, file)} requires '${name}'`);
	}
}
if (problems.length) {
	console.error(`check-dist: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
	process.exit(1);
}
console.log('check-dist: dist/ requires only n8n-workflow and Node built-ins');
