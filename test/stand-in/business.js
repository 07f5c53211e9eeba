'use strict';
/**
 * The WhatsApp Business profile on the stand-in (docs/business/set-*.md, available-categories.md,
 * profile.md): the instance's own profile, changed part by part, and the profiles of other
 * business numbers, seeded. Every instance starts with an empty profile; `business: false`
 * (control route) makes every call refuse, as on a personal account.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /business/company-description {value}   201 {success: true}; "" removes it
 *   POST /business/company-email {value}         the same; a text not an email 400
 *   POST /business/company-address {value}       the same
 *   POST /business/company-websites {websites}   the same; more than 2, or one not an http(s) URL, 400
 *   POST /business/hours {timezone, mode?, days?}   201 {success: true}; an unknown time zone, mode or
 *                                                day, a time not hh:mm or a close not after the open 400;
 *                                                `days: []` marks every day closed
 *   GET  /business/available-categories[?query=]   [{displayName, label?, id}], filtered by the words
 *   POST /business/categories {categories}       1 to 3 ids or labels of the list, else 400
 *   GET  /business/profile?phone=               {description, address, email, websites, categories,
 *                                                businessHours, hasCoverPhoto}: the instance's own phone, or a
 *                                                seeded one; {} for a number with no business profile
 *                                                (stand-in choice: the page shows no such answer); a phone
 *                                                not of digits 400
 *   A personal account: the changes answer 201 {success: false}, the reads {error}, with the reason in
 *   X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   POST /_control/business {instanceId, business?, profiles?: {phone: profile}}   201 view
 *   GET  /_control/business?instanceId=   {business, profile, profiles}
 */
const MODES = ['specificHours', 'open24h', 'appointmentOnly'];
const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NOT_BUSINESS = 'Only available for WhatsApp Business';

/**
 * The categories offered: the page's two, the labels set-categories.md and its sample send
 * (RESTAURANT, FINANCE, EDUCATION), and one the URL example's search ("tecnologia") finds.
 */
const CATEGORIES = Object.freeze([
	{ displayName: 'Outras empresas', label: 'OTHER_COMPANIES', id: '629412378414563' },
	{ displayName: 'Serviço automotivo', id: '1223524174334504' },
	{ displayName: 'Restaurante', label: 'RESTAURANT', id: '273819889463671' },
	{ displayName: 'Finanças', label: 'FINANCE', id: '223318721033722' },
	{ displayName: 'Educação', label: 'EDUCATION', id: '2250' },
	{ displayName: 'Tecnologia da informação', id: '2254' },
]);

const emptyProfile = () => ({
	description: '',
	address: '',
	email: '',
	websites: [],
	categories: [],
	businessHours: { timezone: 'America/Sao_Paulo', days: [], mode: 'specificHours' },
	hasCoverPhoto: false,
});

/** Lower case without accents, for the category search. */
const folded = (text) => String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function createBusiness({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { business: true, profile: emptyProfile(), profiles: new Map() });
		return books.get(inst);
	};
	const refuse = (body, reason) => ({ body, headers: { 'X-Stand-In-Reason': reason } });
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

	/** A change of the own profile: 201 {success: true}, or {success: false} on a personal account. */
	const change = (apply) => ({ instance, body }) => {
		const book = bookOf(instance);
		if (!book.business) return { status: 201, ...refuse({ success: false }, 'not a WhatsApp Business account') };
		apply(book.profile, fieldsOf(body));
		return { status: 201, body: { success: true } };
	};

	/** The page marks `value` optional and says an empty one removes the text. */
	function textOf(fields) {
		if (fields.value === undefined || fields.value === null) return '';
		if (typeof fields.value !== 'string') throw new HttpError(400, { error: 'value must be a string' });
		return fields.value.trim();
	}

	function websitesOf(fields) {
		const websites = fields.websites === undefined || fields.websites === null ? [] : fields.websites;
		if (!Array.isArray(websites)) throw new HttpError(400, { error: 'websites must be a list' });
		if (websites.length > 2) throw new HttpError(400, { error: 'A company can have at most 2 websites' });
		for (const site of websites) {
			let url;
			try {
				url = new URL(site);
			} catch {
				url = null;
			}
			if (typeof site !== 'string' || !url || !['http:', 'https:'].includes(url.protocol)) throw new HttpError(400, { error: `Invalid website url: ${String(site).slice(0, 80)}` });
		}
		return websites.slice();
	}

	function hoursOf(fields) {
		const { timezone } = fields;
		let known = typeof timezone === 'string' && timezone.trim() !== '';
		if (known) {
			try {
				new Intl.DateTimeFormat('en', { timeZone: timezone });
			} catch {
				known = false;
			}
		}
		if (!known) throw new HttpError(400, { error: 'timezone is required and must be a valid time zone' });
		const mode = fields.mode === undefined ? 'specificHours' : fields.mode;
		if (!MODES.includes(mode)) throw new HttpError(400, { error: `mode must be one of ${MODES.join(', ')}` });
		const days = fields.days === undefined || fields.days === null ? [] : fields.days;
		if (!Array.isArray(days)) throw new HttpError(400, { error: 'days must be a list' });
		return {
			timezone,
			days: days.map((day) => {
				const entry = fieldsOf(day);
				if (!DAYS.includes(entry.dayOfWeek)) throw new HttpError(400, { error: `dayOfWeek must be one of ${DAYS.join(', ')}` });
				const timed = entry.openTime !== undefined || entry.closeTime !== undefined || mode === 'specificHours';
				if (!timed) return { dayOfWeek: entry.dayOfWeek };
				if (!TIME.test(entry.openTime) || !TIME.test(entry.closeTime)) throw new HttpError(400, { error: 'openTime and closeTime must be hh:mm' });
				if (entry.closeTime <= entry.openTime) throw new HttpError(400, { error: 'closeTime must be after openTime' });
				return { dayOfWeek: entry.dayOfWeek, openTime: entry.openTime, closeTime: entry.closeTime };
			}),
			mode,
		};
	}

	function categoriesOf(fields) {
		const { categories } = fields;
		if (!Array.isArray(categories) || categories.length < 1 || categories.length > 3) {
			throw new HttpError(400, { error: 'categories must list 1 to 3 categories' });
		}
		return categories.map((wanted) => {
			const found = CATEGORIES.find((category) => category.id === wanted || (category.label && category.label === wanted));
			if (!found) throw new HttpError(400, { error: `Invalid category: ${String(wanted).slice(0, 60)}` });
			return { ...found };
		});
	}

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return { business: book.business, profile: clone(book.profile), profiles: Object.fromEntries([...book.profiles].map(([phone, profile]) => [phone, clone(profile)])) };
	};

	return {
		serviceRoutes: [
			route('POST', '/business/company-description', change((profile, fields) => (profile.description = textOf(fields)))),
			route(
				'POST',
				'/business/company-email',
				change((profile, fields) => {
					const email = textOf(fields);
					if (email && !EMAIL.test(email)) throw new HttpError(400, { error: 'Invalid email' });
					profile.email = email;
				}),
			),
			route('POST', '/business/company-address', change((profile, fields) => (profile.address = textOf(fields)))),
			route('POST', '/business/company-websites', change((profile, fields) => (profile.websites = websitesOf(fields)))),
			route('POST', '/business/hours', change((profile, fields) => (profile.businessHours = hoursOf(fields)))),
			route('POST', '/business/categories', change((profile, fields) => (profile.categories = categoriesOf(fields)))),
			route('GET', '/business/available-categories', ({ instance, query }) => {
				if (!bookOf(instance).business) return refuse({ error: NOT_BUSINESS }, 'not a WhatsApp Business account');
				const words = folded(query.get('query') || '').trim();
				const matching = CATEGORIES.filter((category) => !words || [category.displayName, category.label || '', category.id].some((text) => folded(text).includes(words)));
				return { body: clone(matching) };
			}),
			route('GET', '/business/profile', ({ instance, query }) => {
				const phone = query.get('phone') || '';
				if (!/^\d{8,15}$/.test(phone)) throw new HttpError(400, { error: 'Invalid phone' });
				const book = bookOf(instance);
				if (phone === instance.phone) {
					if (!book.business) return refuse({ error: NOT_BUSINESS }, 'not a WhatsApp Business account');
					return { body: clone(book.profile) };
				}
				const seeded = book.profiles.get(phone);
				return seeded ? { body: clone(seeded) } : { body: {}, headers: { 'X-Stand-In-Reason': 'no business profile for that number' } };
			}),
		],
		controlRoutes: [
			route('POST', '/_control/business', ({ body }) => {
				const fields = fieldsOf(body);
				const book = bookOf(getInstance(fields.instanceId));
				if (fields.business !== undefined) book.business = fields.business !== false;
				for (const [phone, profile] of Object.entries(fieldsOf(fields.profiles))) book.profiles.set(phone, { ...emptyProfile(), ...clone(profile) });
				return { status: 201, body: view(fields.instanceId) };
			}),
			route('GET', '/_control/business', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		business: view,
	};
}

module.exports = { createBusiness, CATEGORIES };
