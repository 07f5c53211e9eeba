// n8n's own lint preset for community packages (@n8n/node-cli), as `n8n-node lint` runs it:
// every .ts file gets ESLint's and typescript-eslint's recommended rules, n8n's community
// rules and import checks; package.json, credentials/ and nodes/ get n8n's node rules.
// Beside it: tests and tooling are linted too, with what applies to code that never ships.
// The preset is used whole and unchanged for what ships ("strict" in package.json: no rule
// of n8n's is turned off or relaxed there); the one block after it that reaches nodes/ only
// adds rules (which way imports go), the others reach test/ and .js/.mjs tooling. `n8n-node lint` would still refuse this file for not being its one-line template:
// run `npm run lint`.
import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import { config as n8nPreset } from '@n8n/node-cli/eslint';
import globals from 'globals';

// n8n's community rules guard code that runs inside n8n (restricted globals and imports,
// no hard-coded secrets, ...). Tests and tooling run in Node and never ship.
const communityRulesOff = Object.fromEntries(
	Object.keys(n8nCommunityNodesPlugin.configs.recommended.rules).map((rule) => [rule, 'off']),
);

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.e2e/**'] },
	...n8nPreset,
	// Dependencies go one way: each node imports nodes/shared/, never the other node, and
	// nodes/shared/ imports neither; and no module reaches itself through its imports.
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		// The import plugin reads a module it follows only when it knows the module's syntax:
		// without these it skips .ts files, and no-cycle would find nothing.
		settings: {
			'import-x/extensions': ['.ts'],
			'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
		},
		rules: {
			'import-x/no-cycle': 'error',
			'import-x/no-restricted-paths': [
				'error',
				{
					zones: [
						{ target: './nodes/ZApi', from: './nodes/ZApiTrigger', message: 'The Z-API node imports nodes/shared/, never the trigger: move what both use there.' },
						{ target: './nodes/ZApiTrigger', from: './nodes/ZApi', message: 'The trigger imports nodes/shared/, never the Z-API node: move what both use there.' },
						{ target: './nodes/shared', from: ['./nodes/ZApi', './nodes/ZApiTrigger'], message: 'nodes/shared/ imports neither node.' },
					],
				},
			],
		},
	},
	{
		files: ['test/**/*.ts'],
		languageOptions: { globals: { ...globals.node, ...globals.jest } },
		rules: communityRulesOff,
	},
	{
		files: ['**/*.js', '**/*.cjs'],
		...js.configs.recommended,
		languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest } },
		rules: {
			...js.configs.recommended.rules,
			// `const { dropped, ...rest } = object` is how a key is left out of a copy.
			'no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	{
		files: ['**/*.mjs'],
		...js.configs.recommended,
		languageOptions: { sourceType: 'module', globals: globals.node },
	},
];
