#!/usr/bin/env node
/**
 * Fails the build when anything in dist/ requires a module other than n8n-workflow, Node's
 * built-ins or a file of the package itself: n8n installs community packages without
 * their dependencies' install scripts, and this package ships none at run time.
 */
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');

const root = path.join(__dirname, '..', 'dist');
const allowed = new Set(['n8n-workflow', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const pkg = require('../package.json');

const problems = [];
const walk = (dir) => {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) walk(file);
		else if (entry.name.endsWith('.js')) check(file);
	}
};
const check = (file) => {
	const text = fs.readFileSync(file, 'utf8');
	for (const match of text.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)|\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
		const name = match[1] ?? match[2];
		if (name.startsWith('.')) {
			const target = path.resolve(path.dirname(file), name);
			const exists = ['', '.js', '.json', '/index.js'].some((ext) => fs.existsSync(target + ext));
			if (!exists) problems.push(`${path.relative(root, file)} requires missing file ${name}`);
			continue;
		}
		if (!allowed.has(name)) problems.push(`${path.relative(root, file)} requires '${name}'`);
	}
};

if (!fs.existsSync(root)) {
	console.error('check-dist: dist/ does not exist; run the build first');
	process.exit(1);
}
walk(root);
for (const listed of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
	if (!fs.existsSync(path.join(__dirname, '..', listed))) problems.push(`package.json n8n block lists ${listed}, which was not built`);
}
if (Object.keys(pkg.dependencies ?? {}).length) problems.push('package.json has runtime dependencies');
if (problems.length) {
	console.error(`check-dist: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
	process.exit(1);
}
console.log('check-dist: dist/ requires only n8n-workflow and Node built-ins');
