'use strict';
/**
 * Runs last on each line: no instance token handed out during the run (nor the wrong
 * token put in a credential) appears in n8n's log. Execution data is checked for the same
 * after every scenario, when its workflows are cleaned up (see run.js).
 */
const fs = require('node:fs');

module.exports = {
	group: 'secrets',
	order: 99,
	scenarios: [
		{
			smoke: true,
			name: "no instance token appears in n8n's log",
			async run(t) {
				const text = fs.readFileSync(t.n8n.logFile, 'utf8');
				const found = t.secretsIn(text);
				const lines = text.split('\n').filter((l) => found.some((s) => l.includes(s) || l.includes(encodeURIComponent(s))));
				t.assert.deepEqual(lines.map((l) => l.slice(0, 300)), [], `${found.length} token(s) in ${t.n8n.logFile}`);
			},
		},
	],
};
