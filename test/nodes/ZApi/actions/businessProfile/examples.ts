/** One valid call per Business Profile operation (see test/helpers/operationExamples.ts), as docs/business/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

/** docs/business/profile.md's example, output as it comes with the phone asked about. */
export const PROFILE = {
	description: 'Z API - Asas para sua imaginação',
	address: 'Maringá',
	email: 'zapi@example.com',
	websites: ['https://www.z-api.io'],
	categories: [{ displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' }],
	businessHours: {
		timezone: 'America/Sao_Paulo',
		days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((dayOfWeek) => ({ dayOfWeek, openTime: '08:00', closeTime: '18:00' })),
		mode: 'specificHours',
	},
	hasCoverPhoto: false,
};

/** docs/business/available-categories.md's example. */
export const CATEGORIES = [
	{ displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' },
	{ displayName: 'Serviço automotivo', id: '1223524174334504' },
];

/** docs/business/set-business-hours.md's request: Monday twice, with a lunch break. */
export const HOURS_BODY = {
	timezone: 'America/Sao_Paulo',
	days: [
		{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '12:00' },
		{ dayOfWeek: 'MONDAY', openTime: '14:00', closeTime: '18:00' },
	],
	mode: 'specificHours',
};

// Every docs/business/set-*.md page answers 201 {success: true}. The bodies are the pages'; their
// json-examples/ samples (company-*.json, business-hours.json) send the same fields with other values
// ("Company address", ["EDUCATION"]), so either form is the same request.
const DONE = { status: 201, answer: { success: true } };

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/business/profile.md
	get: {
		parameters: { phone: '+55 11 99999-9999' },
		phoneParameter: 'phone',
		method: 'GET',
		path: '/business/profile',
		query: { phone: '5511999999999' },
		answer: PROFILE,
		output: [{ phone: '5511999999999', ...PROFILE }],
	},
	// docs/business/available-categories.md: the URL example's query.
	getAvailableCategories: {
		parameters: { query: ' tecnologia ' },
		method: 'GET',
		path: '/business/available-categories',
		query: { query: 'tecnologia' },
		answer: CATEGORIES,
		output: CATEGORIES,
	},
	// docs/business/set-address.md
	updateAddress: {
		parameters: { address: 'Endereço da empresa' },
		method: 'POST',
		path: '/business/company-address',
		body: { value: 'Endereço da empresa' },
		...DONE,
		output: [{ success: true, address: 'Endereço da empresa' }],
	},
	// docs/business/set-business-hours.md
	updateHours: {
		parameters: {
			timezone: 'America/Sao_Paulo',
			mode: 'specificHours',
			days: { day: HOURS_BODY.days },
		},
		method: 'POST',
		path: '/business/hours',
		body: HOURS_BODY,
		...DONE,
		output: [{ success: true, ...HOURS_BODY }],
	},
	// docs/business/set-categories.md
	updateCategories: {
		parameters: { categories: 'RESTAURANT, FINANCE, 629412378414563' },
		method: 'POST',
		path: '/business/categories',
		body: { categories: ['RESTAURANT', 'FINANCE', '629412378414563'] },
		...DONE,
		output: [{ success: true, categories: ['RESTAURANT', 'FINANCE', '629412378414563'] }],
	},
	// docs/business/set-description.md
	updateDescription: {
		parameters: { description: 'Texto da descrição' },
		method: 'POST',
		path: '/business/company-description',
		body: { value: 'Texto da descrição' },
		...DONE,
		output: [{ success: true, description: 'Texto da descrição' }],
	},
	// docs/business/set-email.md
	updateEmail: {
		parameters: { email: 'email@example.com' },
		method: 'POST',
		path: '/business/company-email',
		body: { value: 'email@example.com' },
		...DONE,
		output: [{ success: true, email: 'email@example.com' }],
	},
	// docs/business/set-websites.md
	updateWebsites: {
		parameters: { websites: 'https://example.com, https://example2.org' },
		method: 'POST',
		path: '/business/company-websites',
		body: { websites: ['https://example.com', 'https://example2.org'] },
		...DONE,
		output: [{ success: true, websites: ['https://example.com', 'https://example2.org'] }],
	},
};
