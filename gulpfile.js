/**
 * Copies the icons into every built node and credential folder, where n8n looks for
 * `file:` icons next to the .js file that names them.
 */
const { src, dest, parallel } = require('gulp');

const TARGETS = ['dist/nodes/ZApi', 'dist/nodes/ZApiTrigger', 'dist/credentials'];

const copyIconsTo = (target) => {
	const task = () => src('icons/*.svg').pipe(dest(target));
	task.displayName = `icons -> ${target}`;
	return task;
};

exports['build:icons'] = parallel(...TARGETS.map(copyIconsTo));
