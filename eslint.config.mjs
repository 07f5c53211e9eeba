// n8n's rules for nodes and credentials, and n8n's rules for community packages.
import tsParser from '@typescript-eslint/parser';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

const typescript = {
	languageOptions: { parser: tsParser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
};

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/**', 'scripts/**', 'gulpfile.js', 'jest.config.js', 'eslint.config.mjs'] },
	{
		...typescript,
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// That rule expects a slug of n8n's own docs; a community package links its own.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		...typescript,
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two want the 'main' literal; n8n's community rules want NodeConnectionTypes.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		...typescript,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		...communityNodes.configs.recommended,
		ignores: [],
	},
];
