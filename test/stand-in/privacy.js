'use strict';
/**
 * The privacy settings of the instance's WhatsApp account on the stand-in (docs/privacy/*.md):
 * each setting's value, and for last seen, profile photo, about (description) and group add
 * their own list of excluded contacts, changed by `contactsBlacklist` entries
 * ({action: add|remove, phone}). The list is kept whatever the value; as the pages say,
 * contacts already excluded need not be sent again.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /privacy/last-seen | /privacy/photo | /privacy/description
 *        {visualizationType: ALL|NONE|CONTACTS|CONTACT_BLACKLIST, contactsBlacklist?}  {success: true}
 *   POST /privacy/group-add   {type: ALL|CONTACTS|CONTACT_BLACKLIST, contactsBlacklist?}  {success: true}
 *   POST /privacy/online      {visualizationType: ALL|SAME_LAST_SEEN}                     {success: true}
 *   POST /privacy/read-receipts?value=enable|disable           (no body)                {success: true}
 *   POST /privacy/messages-duration?value=days90|days7|hours24|disable  (no body)        {success: true}
 *   GET  /privacy/disallowed-contacts?type=lastSeen|photo|description|groupAdd   {disallowedContacts: [phones]}
 *   GET  /disallowed-contacts?type=…   the same (the page's URL example writes this path)
 *   A value not in the page's list, a blacklist entry that is not {action: add|remove, phone:
 *   digits}, or a blacklist with another value than CONTACT_BLACKLIST: 400 {error}.
 *
 * CONTROL ROUTES
 *   GET /_control/privacy?instanceId=   {lastSeen, photo, description, groupAdd, online,
 *                                       readReceipts, messagesDuration, disallowed: {setting: [phones]}}
 */
const WHO_CAN_SEE = ['ALL', 'NONE', 'CONTACTS', 'CONTACT_BLACKLIST'];
/** Each setting by its path: the body field, the values the page lists, and whether it keeps excluded contacts. */
const SETTINGS = {
	'last-seen': { key: 'lastSeen', field: 'visualizationType', values: WHO_CAN_SEE, excluded: true },
	photo: { key: 'photo', field: 'visualizationType', values: WHO_CAN_SEE, excluded: true },
	description: { key: 'description', field: 'visualizationType', values: WHO_CAN_SEE, excluded: true },
	'group-add': { key: 'groupAdd', field: 'type', values: ['ALL', 'CONTACTS', 'CONTACT_BLACKLIST'], excluded: true },
	online: { key: 'online', field: 'visualizationType', values: ['ALL', 'SAME_LAST_SEEN'], excluded: false },
};
const QUERY_SETTINGS = {
	'read-receipts': { key: 'readReceipts', values: ['enable', 'disable'] },
	'messages-duration': { key: 'messagesDuration', values: ['days90', 'days7', 'hours24', 'disable'] },
};

function createPrivacy({ route, HttpError, getInstance }) {
	const states = new WeakMap();
	const stateOf = (inst) => {
		if (!states.has(inst)) {
			states.set(inst, {
				lastSeen: 'ALL',
				photo: 'ALL',
				description: 'ALL',
				groupAdd: 'ALL',
				online: 'ALL',
				readReceipts: 'enable',
				messagesDuration: 'disable',
				disallowed: { lastSeen: [], photo: [], description: [], groupAdd: [] },
			});
		}
		return states.get(inst);
	};
	const bad = (error) => new HttpError(400, { error });

	function setWhoCan(path) {
		const setting = SETTINGS[path];
		return ({ instance, body }) => {
			const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
			const value = fields[setting.field];
			if (!setting.values.includes(value)) throw bad(`${setting.field} must be one of ${setting.values.join(', ')}`);
			const changes = fields.contactsBlacklist;
			if (changes !== undefined) {
				if (!setting.excluded) throw bad('contactsBlacklist is not taken by this setting');
				if (value !== 'CONTACT_BLACKLIST') throw bad('contactsBlacklist goes only with CONTACT_BLACKLIST');
				if (!Array.isArray(changes) || !changes.every((c) => c && ['add', 'remove'].includes(c.action) && /^\d{8,15}$/.test(String(c.phone)))) {
					throw bad('contactsBlacklist must be a list of {action: add|remove, phone}');
				}
			}
			const state = stateOf(instance);
			state[setting.key] = value;
			for (const change of changes || []) {
				const list = state.disallowed[setting.key].filter((phone) => phone !== String(change.phone));
				state.disallowed[setting.key] = change.action === 'add' ? [...list, String(change.phone)] : list;
			}
			return { body: { success: true } };
		};
	}

	function setByQuery(path) {
		const setting = QUERY_SETTINGS[path];
		return ({ instance, query }) => {
			const value = query.get('value');
			if (!setting.values.includes(value)) throw bad(`value must be one of ${setting.values.join(', ')}`);
			stateOf(instance)[setting.key] = value;
			return { body: { success: true } };
		};
	}

	function disallowedContacts({ instance, query }) {
		const type = query.get('type');
		const lists = stateOf(instance).disallowed;
		if (!Object.prototype.hasOwnProperty.call(lists, type)) throw bad('type must be one of lastSeen, photo, description, groupAdd');
		return { body: { disallowedContacts: [...lists[type]] } };
	}

	const view = (instanceId) => JSON.parse(JSON.stringify(stateOf(getInstance(instanceId))));

	return {
		serviceRoutes: [
			...Object.keys(SETTINGS).map((path) => route('POST', `/privacy/${path}`, setWhoCan(path))),
			...Object.keys(QUERY_SETTINGS).map((path) => ({ ...route('POST', `/privacy/${path}`, setByQuery(path)), emptyBody: true })),
			route('GET', '/privacy/disallowed-contacts', disallowedContacts),
			route('GET', '/disallowed-contacts', disallowedContacts),
		],
		controlRoutes: [route('GET', '/_control/privacy', ({ query }) => ({ body: view(query.get('instanceId')) }))],
		privacy: view,
	};
}

module.exports = { createPrivacy };
