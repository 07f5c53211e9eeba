'use strict';
/**
 * Communities on the stand-in (docs/communities/*.md): the instance's communities, each with
 * its announcement group, and the instance's groups linked to them.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /communities {name, description?}    {id, subGroups: [{name, phone, isGroupAnnouncement: true}]}; no name 400
 *   GET  /communities?page=N&pageSize=M       [{name, id}] in creation order, page from 1; bad paging 400
 *   GET  /communities-metadata/{id}           {name, id, description, subGroups}; unknown id 404-like {error}
 *   POST /communities/link   {communityId, groupsPhones}   each must be a group of the instance (a
 *        known group) in no other community; the others are linked. {success: true} when at
 *        least one was linked, with the ones left out in `notLinked` [{phone, reason}] (the page
 *        says they are named in the response without showing how: stand-in choice);
 *        {success: false} when none was.
 *   POST /communities/unlink {communityId, groupsPhones}   each must be linked to it; a community
 *        keeps at least one group besides its announcement group: {success: false} otherwise
 *   Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   GET /_control/communities?instanceId=   [{id, name, description, subGroups}]
 */
const crypto = require('node:crypto');

function createCommunities({ route, HttpError, getInstance }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, new Map());
		return books.get(inst);
	};
	const refuse = (reason) => ({ body: { success: false }, headers: { 'X-Stand-In-Reason': reason } });
	const digits = (count) => Array.from(crypto.randomBytes(count), (byte) => String(byte % 10)).join('');
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

	function create({ instance, body }) {
		const { name, description } = fieldsOf(body);
		if (typeof name !== 'string' || !name.trim()) throw new HttpError(400, { error: 'name is required' });
		const book = bookOf(instance);
		let id;
		do id = `9${digits(19)}`;
		while (book.has(id));
		const community = {
			id,
			name: name.trim(),
			description: typeof description === 'string' ? description : '',
			subGroups: [{ name: name.trim(), phone: `1203${digits(14)}-group`, isGroupAnnouncement: true }],
		};
		book.set(id, community);
		return { body: { id, subGroups: community.subGroups.map((group) => ({ ...group })) } };
	}

	function list({ instance, query }) {
		const page = Number(query.get('page') || 1);
		const pageSize = Number(query.get('pageSize') || 100);
		if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) throw new HttpError(400, { error: 'page and pageSize must be positive integers' });
		const all = [...bookOf(instance).values()];
		return { body: all.slice((page - 1) * pageSize, page * pageSize).map(({ name, id }) => ({ name, id })) };
	}

	function metadata({ instance, params }) {
		const community = bookOf(instance).get(params.id);
		if (!community) return { body: { error: 'Community not found' }, headers: { 'X-Stand-In-Reason': 'no such community' } };
		return { body: JSON.parse(JSON.stringify(community)) };
	}

	function readChange(instance, body) {
		const { communityId, groupsPhones } = fieldsOf(body);
		if (typeof communityId !== 'string' || !communityId) throw new HttpError(400, { error: 'communityId is required' });
		if (!Array.isArray(groupsPhones) || !groupsPhones.length || !groupsPhones.every((phone) => typeof phone === 'string')) {
			throw new HttpError(400, { error: 'groupsPhones must be a list of group ids' });
		}
		return { community: bookOf(instance).get(communityId), groupsPhones };
	}

	function link({ instance, body }) {
		const { community, groupsPhones } = readChange(instance, body);
		if (!community) return refuse('no such community');
		const linkedElsewhere = (phone) => [...bookOf(instance).values()].some((other) => other.subGroups.some((group) => group.phone === phone));
		const notLinked = [];
		let linked = 0;
		for (const phone of groupsPhones) {
			const group = instance.groups.get(phone);
			if (!group) notLinked.push({ phone, reason: 'not a group of the instance' });
			else if (linkedElsewhere(phone)) notLinked.push({ phone, reason: 'already in a community' });
			else {
				community.subGroups.push({ name: group.name || phone, phone, isGroupAnnouncement: false });
				linked++;
			}
		}
		if (!linked) return refuse(notLinked.map((entry) => `${entry.phone}: ${entry.reason}`).join('; '));
		return { body: notLinked.length ? { success: true, notLinked } : { success: true } };
	}

	function unlink({ instance, body }) {
		const { community, groupsPhones } = readChange(instance, body);
		if (!community) return refuse('no such community');
		const linked = community.subGroups.filter((group) => !group.isGroupAnnouncement);
		if (!groupsPhones.every((phone) => linked.some((group) => group.phone === phone))) return refuse('a group is not linked to the community');
		if (linked.length - groupsPhones.length < 1) return refuse('a community keeps at least one group besides its announcement group');
		community.subGroups = community.subGroups.filter((group) => !groupsPhones.includes(group.phone));
		return { body: { success: true } };
	}

	const view = (instanceId) => JSON.parse(JSON.stringify([...bookOf(getInstance(instanceId)).values()]));

	return {
		serviceRoutes: [
			route('POST', '/communities', create),
			route('GET', '/communities', list),
			route('GET', '/communities-metadata/:id', metadata),
			route('POST', '/communities/link', link),
			route('POST', '/communities/unlink', unlink),
		],
		controlRoutes: [route('GET', '/_control/communities', ({ query }) => ({ body: view(query.get('instanceId')) }))],
		communities: view,
	};
}

module.exports = { createCommunities };
