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
 *   POST /communities/settings {communityId, whoCanAddNewGroups: admins|all}   {success: true};
 *        an unknown community {success: false}; another value 400
 *   DELETE /communities/{id}   deactivates it: its groups are unlinked, it leaves the list; 204
 *        (the page shows no answer: stand-in choice); an unknown id {value: false}
 *   POST /update-community-description {communityId, communityDescription}   {value: true}
 *   POST /update-community-photo {communityId, communityPhoto: URL or base64 image}   {value: true}
 *   Shared with groups (docs/communities/add-community-participant.md, remove-participant.md,
 *   add-community-admin.md, remove-admin.md, redefine-invitation-link.md): a call carrying
 *   `communityId` (the path's id digits only, for the link) is the community's, any other the group's.
 *   POST /add-participant {autoInvite, communityId, phones}   adds the phones as members
 *   POST /remove-participant {communityId, phones}            each must be a member, not the creator
 *   POST /add-admin {communityId, phones}                     each must be a member
 *   POST /remove-admin {communityId, phones}                  each must be an admin, not the creator
 *        all four {value: true}; {value: false} otherwise (unknown community, a bad phone)
 *   POST /redefine-invitation-link/{communityId}              {invitationLink} (a new one)
 *   The instance's phone creates, so administers, every community it makes.
 *   Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   GET /_control/communities?instanceId=   [{id, name, description, subGroups, photo, members, admins, invitationLink, whoCanAddNewGroups}]
 */
const crypto = require('node:crypto');

const PHONE = /^(\d{8,15}|\d{8,20}@lid)$/;
const LINK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newInviteLink = () => `https://chat.whatsapp.com/${Array.from({ length: 22 }, () => LINK_ALPHABET[crypto.randomInt(LINK_ALPHABET.length)]).join('')}`;
/** The group endpoints the community pages use too. */
const SHARED_WITH_GROUPS = ['/add-participant', '/remove-participant', '/add-admin', '/remove-admin', '/redefine-invitation-link/:groupId'];

function createCommunities({ route, HttpError, getInstance, classifyPhoto }) {
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
			photo: null,
			members: [instance.phone],
			admins: [instance.phone],
			creator: instance.phone,
			invitationLink: newInviteLink(),
			whoCanAddNewGroups: 'admins',
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
		const { name, id, description, subGroups } = community;
		return { body: JSON.parse(JSON.stringify({ name, id, description, subGroups })) };
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

	const no = (reason) => ({ body: { value: false }, headers: { 'X-Stand-In-Reason': reason } });
	const yes = () => ({ body: { value: true } });

	function settings({ instance, body }) {
		const { communityId, whoCanAddNewGroups } = fieldsOf(body);
		if (whoCanAddNewGroups !== 'admins' && whoCanAddNewGroups !== 'all') throw new HttpError(400, { error: 'whoCanAddNewGroups must be admins or all' });
		const community = bookOf(instance).get(communityId);
		if (!community) return refuse('no such community');
		community.whoCanAddNewGroups = whoCanAddNewGroups;
		return { body: { success: true } };
	}

	function deactivate({ instance, params }) {
		if (!bookOf(instance).delete(params.id)) return no('no such community');
		return { status: 204 };
	}

	function describe({ instance, body }) {
		const { communityId, communityDescription } = fieldsOf(body);
		const community = bookOf(instance).get(communityId);
		if (!community) return no('no such community');
		if (typeof communityDescription !== 'string') return no('missing-communityDescription');
		community.description = communityDescription;
		return yes();
	}

	function photo({ instance, body }) {
		const { communityId, communityPhoto } = fieldsOf(body);
		const community = bookOf(instance).get(communityId);
		if (!community) return no('no such community');
		const image = typeof communityPhoto === 'string' && communityPhoto ? classifyPhoto(communityPhoto) : null;
		if (!image) return no('invalid-photo');
		community.photo = image.source === 'url' ? { url: image.url } : { type: image.type, sha1: image.sha1 };
		return yes();
	}

	/** A member change of a community: the community and its checked phones, or the refusal. */
	function memberChange(instance, body) {
		const { communityId, phones } = fieldsOf(body);
		const community = bookOf(instance).get(communityId);
		if (!community) return { failure: no('no such community') };
		if (!Array.isArray(phones) || !phones.length) return { failure: no('missing-phones') };
		if (!phones.every((phone) => typeof phone === 'string' && PHONE.test(phone))) return { failure: no('invalid-phone') };
		return { community, phones };
	}

	const MEMBER_CHANGES = {
		'/add-participant': (community, phones) => {
			for (const phone of phones) if (!community.members.includes(phone)) community.members.push(phone);
		},
		'/remove-participant': (community, phones) => {
			if (!phones.every((phone) => community.members.includes(phone))) return 'not-a-member';
			if (phones.includes(community.creator)) return 'community-creator';
			community.members = community.members.filter((phone) => !phones.includes(phone));
			community.admins = community.admins.filter((phone) => !phones.includes(phone));
		},
		'/add-admin': (community, phones) => {
			if (!phones.every((phone) => community.members.includes(phone))) return 'not-a-member';
			for (const phone of phones) if (!community.admins.includes(phone)) community.admins.push(phone);
		},
		'/remove-admin': (community, phones) => {
			if (!phones.every((phone) => community.admins.includes(phone))) return 'not-an-admin';
			if (phones.includes(community.creator)) return 'community-creator';
			community.admins = community.admins.filter((phone) => !phones.includes(phone));
		},
	};

	function memberHandler(path) {
		return ({ instance, body }) => {
			const { community, phones, failure } = memberChange(instance, body);
			if (failure) return failure;
			const problem = MEMBER_CHANGES[path](community, phones);
			return problem ? no(problem) : yes();
		};
	}

	function redefineLink({ instance, params }) {
		const community = bookOf(instance).get(params.groupId);
		if (!community) return no('no such community');
		community.invitationLink = newInviteLink();
		return { body: { invitationLink: community.invitationLink } };
	}

	/**
	 * The service routes with the group endpoints the community pages share answered for a
	 * community when the call is one: `communityId` in the body, or digits only in the link's path.
	 */
	function shareGroupRoutes(table) {
		return table.map((entry) => {
			if (entry.method !== 'POST' || !SHARED_WITH_GROUPS.includes(entry.pattern)) return entry;
			const own = entry.pattern.startsWith('/redefine-invitation-link') ? redefineLink : memberHandler(entry.pattern);
			const isCommunityCall = ({ body, params }) => (params.groupId !== undefined ? /^\d+$/.test(params.groupId) : Object.prototype.hasOwnProperty.call(fieldsOf(body), 'communityId'));
			return { ...entry, handler: (request) => (isCommunityCall(request) ? own(request) : entry.handler(request)) };
		});
	}

	const view = (instanceId) => JSON.parse(JSON.stringify([...bookOf(getInstance(instanceId)).values()]));

	return {
		serviceRoutes: [
			route('POST', '/communities', create),
			route('GET', '/communities', list),
			route('GET', '/communities-metadata/:id', metadata),
			route('POST', '/communities/link', link),
			route('POST', '/communities/unlink', unlink),
			route('POST', '/communities/settings', settings),
			route('DELETE', '/communities/:id', deactivate),
			route('POST', '/update-community-description', describe),
			route('POST', '/update-community-photo', photo),
		],
		shareGroupRoutes,
		controlRoutes: [route('GET', '/_control/communities', ({ query }) => ({ body: view(query.get('instanceId')) }))],
		communities: view,
	};
}

module.exports = { createCommunities };
