/**
 * Build steps beside the TypeScript compiler:
 * - icons to dist/icons: nodes and credentials name them as `file:` paths relative to
 *   their own file, which resolve to icons/ in the sources and to dist/icons when built;
 * - each node's codex file (ZApi.node.json: categories, aliases) next to its built .js,
 *   where n8n reads it to list the node under Communication and find it by "WhatsApp".
 */
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(copyIcons, copyCodex);
