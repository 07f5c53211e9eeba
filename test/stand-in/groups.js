'use strict';
/**
 * Groups on the stand-in beyond the contract's three calls (beyond-contract section 4):
 * creating, reading, listing, members, admins, join requests, name, description,
 * settings, invite links and leaving. It works on the same group records as server.js
 * (`instance.groups`), which `groupState()` below completes when a group is made.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /create-group {groupName, phones, autoInvite}      -> {phone, invitationLink}
 *   GET|POST /group-metadata/{groupId}                      -> group (link only for admins)
 *   GET  /light-group-metadata/{groupId}                    -> group, invitationLink null
 *   GET  /groups?page=N&pageSize=M                          -> chat summaries, page from 1
 *   POST /remove-participant /remove-admin /approve-participant /reject-participant {groupId, phones}
 *   POST /leave-group {groupId}   /update-group-name {groupId, groupName}
 *   POST /update-group-description {groupId, groupDescription}
 *   POST /update-group-settings {phone|groupId, adminOnlyMessage?, adminOnlySettings?, requireAdminApproval?, adminOnlyAddMember?}
 *   GET|POST /group-invitation-link/{groupId}               -> {phone, invitationLink}
 *   POST /redefine-invitation-link/{groupId}                -> {invitationLink} (a new one)
 *   GET  /accept-invite-group?url=                          -> {success}
 *   GET  /group-invitation-metadata?url=                    -> the group of a link, members or not (no link, no settings)
 *   Refusals: 200 {"value": false} (accept: {"success": false}) with X-Stand-In-Reason.
 *   Where the docs disagree on a method or a field name, both are accepted.
 *
 * Control: POST /_control/groups also takes description, owner, pending (phones asking to
 * join), invitationLink, member: false (a group the instance is not in, e.g. to join by
 * link) and the four settings by their service names.
 */
const crypto = require('node:crypto');

const SETTINGS = ['adminOnlyMessage', 'adminOnlySettings', 'requireAdminApproval', 'adminOnlyAddMember'];
const LINK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const INVITE_CODE = /^https?:\/\/chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]+)\/?$/;

function newInviteLink() {
	let code = '';
	for (let i = 0; i < 22; i++) code += LINK_ALPHABET[crypto.randomInt(LINK_ALPHABET.length)];
	return `https://chat.whatsapp.com/${code}`;
}

/** The group fields this module adds to a group record of server.js. */
function groupState(group, cfg, inst) {
	const member = cfg.member === undefined ? true : cfg.member === true || cfg.member === 'true';
	if (!member) {
		group.participants = group.participants.filter((p) => p !== inst.phone);
		group.admins = group.admins.filter((p) => p !== inst.phone);
		group.selfIsAdmin = false;
	}
	// The creator: the instance when it administers the group, else the first other admin or member.
	const others = [...group.admins, ...group.participants].filter((p) => p !== inst.phone);
	const owner = cfg.owner ? String(cfg.owner) : group.selfIsAdmin ? inst.phone : others[0] || null;
	if (owner && group.participants.includes(owner) && !group.admins.includes(owner)) group.admins.unshift(owner);
	Object.assign(group, {
		owner,
		description: cfg.description === undefined ? '' : String(cfg.description),
		creation: Date.now(),
		invitationLink: cfg.invitationLink || newInviteLink(),
		pending: [...new Set((cfg.pending || []).map(String))].filter((p) => !group.participants.includes(p)),
	});
	for (const setting of SETTINGS) group[setting] = cfg[setting] === true || cfg[setting] === 'true';
	return group;
}

function createGroups({ route, HttpError, fixtures, addGroup, deliver, isValidGroupId, participantId }) {
	const fail = (reason) => ({ body: { value: false }, headers: { 'X-Stand-In-Reason': reason } });
	const ok = (body = { value: true }) => ({ body });
	const isMember = (inst, group) => group.participants.includes(inst.phone);
	const isAdmin = (inst, group) => group.admins.includes(inst.phone);

	/** Finds the instance's group by id; `need` is 'member' or 'admin'. Returns {group} or {failure}. */
	function groupOf(inst, groupId, need) {
		if (typeof groupId !== 'string' || !groupId) return { failure: fail('missing-groupId') };
		if (!isValidGroupId(groupId)) return { failure: fail('malformed-groupId') };
		if (!inst.connected) return { failure: fail('not-connected') };
		const group = inst.groups.get(groupId);
		if (!group || !isMember(inst, group)) return { failure: fail(group ? 'not-a-member' : 'unknown-group') };
		if (need === 'admin' && !isAdmin(inst, group)) return { failure: fail('not-admin') };
		return { group };
	}

	function phonesOf(body) {
		if (!Array.isArray(body.phones) || body.phones.length === 0) return { failure: fail('missing-phones') };
		if (!body.phones.every((p) => typeof p === 'string' && participantId.test(p))) return { failure: fail('invalid-phone') };
		return { phones: body.phones };
	}

	function notify(inst, group, code, parameters, source) {
		const payload = fixtures.notificationCallback(code, parameters, {
			instanceId: inst.id,
			phone: group.id,
			isGroup: true,
			chatName: group.name,
			participantPhone: code === 'GROUP_PARTICIPANT_LEAVE' ? parameters[0] : inst.phone,
		});
		setImmediate(() => deliver({ instanceId: inst.id, webhook: 'received', payload, source }));
	}

	function metadata(group, withLink) {
		return {
			phone: group.id,
			description: group.description,
			owner: group.owner,
			subject: group.name,
			creation: group.creation,
			invitationLink: withLink ? group.invitationLink : null,
			invitationLinkError: withLink ? null : 'not-authorized',
			communityId: null,
			adminOnlyMessage: group.adminOnlyMessage,
			adminOnlySettings: group.adminOnlySettings,
			requireAdminApproval: group.requireAdminApproval,
			isGroupAnnouncement: false,
			participants: group.participants.map((phone) => ({
				phone,
				// typed string on the pages, booleans in their examples: the examples win here
				isAdmin: group.admins.includes(phone),
				isSuperAdmin: phone === group.owner,
				short: '',
				name: '',
			})),
			subjectTime: group.creation,
			subjectOwner: group.owner,
		};
	}

	function createGroup({ instance, body }) {
		const b = body || {};
		if (typeof b.groupName !== 'string' || !b.groupName.trim()) return fail('missing-groupName');
		const { phones, failure } = phonesOf(b);
		if (failure) return failure;
		if (phones.includes(instance.phone)) return fail('own-phone-in-phones');
		if (!instance.connected) return fail('not-connected');
		const group = addGroup(instance.id, { name: b.groupName, participants: phones });
		notify(instance, group, 'GROUP_CREATE', [group.name], 'create-group');
		return ok({ phone: group.id, invitationLink: group.invitationLink });
	}

	const readMetadata = (withLink) => ({ instance, params }) => {
		const { group, failure } = groupOf(instance, params.groupId, 'member');
		if (failure) return failure;
		return ok(metadata(group, withLink && isAdmin(instance, group)));
	};

	function listGroups({ instance, query }) {
		const page = Number(query.get('page'));
		const pageSize = Number(query.get('pageSize'));
		if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
			throw new HttpError(400, { error: 'page and pageSize must be positive integers' });
		}
		const mine = [...instance.groups.values()].filter((group) => isMember(instance, group));
		return ok(
			mine.slice((page - 1) * pageSize, page * pageSize).map((group) => ({
				isGroup: true,
				name: group.name,
				phone: group.id,
				unread: '0',
				lastMessageTime: String(group.creation),
				isMuted: '0',
				isMarkedSpam: 'false',
				archived: 'false',
				pinned: 'false',
				muteEndTime: null,
				messagesUnread: 0,
			})),
		);
	}

	/** remove / demote / approve / reject: the phones must all be in `from` (a list of the group). */
	const changeMembers = (from, apply, source) => ({ instance, body }) => {
		const b = body || {};
		const { group, failure } = groupOf(instance, b.groupId, 'admin');
		if (failure) return failure;
		const checked = phonesOf(b);
		if (checked.failure) return checked.failure;
		if (!checked.phones.every((p) => group[from].includes(p))) return fail(`not-in-${from}`);
		if (checked.phones.includes(group.owner) && from !== 'pending') return fail('group-owner');
		apply(group, checked.phones);
		group.selfIsAdmin = isAdmin(instance, group); // the contract's calls in server.js read this flag
		if (source === 'remove-participant') for (const p of checked.phones) notify(instance, group, 'GROUP_PARTICIPANT_REMOVE', [p], source);
		return ok();
	};
	const without = (list, phones) => list.filter((p) => !phones.includes(p));

	function leaveGroup({ instance, body }) {
		const { group, failure } = groupOf(instance, (body || {}).groupId, 'member');
		if (failure) return failure;
		group.participants = without(group.participants, [instance.phone]);
		group.admins = without(group.admins, [instance.phone]);
		group.selfIsAdmin = false;
		notify(instance, group, 'GROUP_PARTICIPANT_LEAVE', [instance.phone], 'leave-group');
		return ok();
	}

	function updateName({ instance, body }) {
		const b = body || {};
		const { group, failure } = groupOf(instance, b.groupId, 'member');
		if (failure) return failure;
		if (group.adminOnlySettings && !isAdmin(instance, group)) return fail('not-admin');
		if (typeof b.groupName !== 'string' || !b.groupName.trim()) return fail('missing-groupName');
		group.name = b.groupName;
		return ok();
	}

	function updateDescription({ instance, body }) {
		const b = body || {};
		const { group, failure } = groupOf(instance, b.groupId, 'admin');
		if (failure) return failure;
		if (typeof b.groupDescription !== 'string') return fail('missing-groupDescription');
		group.description = b.groupDescription;
		return ok();
	}

	function updateSettings({ instance, body }) {
		const b = body || {};
		// The page names the group `phone`, the request sample `groupId`.
		const { group, failure } = groupOf(instance, b.phone ?? b.groupId, 'admin');
		if (failure) return failure;
		const given = SETTINGS.filter((setting) => b[setting] !== undefined);
		if (!given.length) return fail('no-setting');
		const flag = (value) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined);
		if (given.some((setting) => flag(b[setting]) === undefined)) return fail('setting-not-boolean');
		for (const setting of given) group[setting] = flag(b[setting]);
		return ok();
	}

	function inviteLink({ instance, params }) {
		const { group, failure } = groupOf(instance, params.groupId, 'admin');
		if (failure) return failure;
		return ok({ phone: group.id, invitationLink: group.invitationLink });
	}

	function redefineInviteLink({ instance, params }) {
		const { group, failure } = groupOf(instance, params.groupId, 'admin');
		if (failure) return failure;
		group.invitationLink = newInviteLink();
		return ok({ invitationLink: group.invitationLink });
	}

	function acceptInvite({ instance, query }) {
		const refuse = (reason) => ({ body: { success: false }, headers: { 'X-Stand-In-Reason': reason } });
		const code = INVITE_CODE.exec(String(query.get('url') || query.get('URL') || ''))?.[1];
		if (!code) return refuse('not-an-invite-link');
		if (!instance.connected) return refuse('not-connected');
		const group = [...instance.groups.values()].find((g) => INVITE_CODE.exec(g.invitationLink)?.[1] === code);
		if (!group) return refuse('unknown-or-reset-link');
		if (!isMember(instance, group)) {
			if (group.requireAdminApproval) {
				if (!group.pending.includes(instance.phone)) group.pending.push(instance.phone);
			} else group.participants.push(instance.phone);
		}
		return ok({ success: true });
	}

	/** docs/group/group-invitation-metadata.md: who is in a group, read from its link without joining. */
	function invitationMetadata({ instance, query }) {
		const code = INVITE_CODE.exec(String(query.get('url') || query.get('URL') || ''))?.[1];
		if (!code) return fail('not-an-invite-link');
		if (!instance.connected) return fail('not-connected');
		const group = [...instance.groups.values()].find((g) => INVITE_CODE.exec(g.invitationLink)?.[1] === code);
		if (!group) return fail('unknown-or-reset-link');
		const { phone, owner, subject, creation, participants, subjectTime, subjectOwner } = metadata(group, false);
		return ok({ phone, owner, subject, creation, participants: participants.map(({ phone: p, isAdmin, isSuperAdmin }) => ({ phone: p, isAdmin, isSuperAdmin })), subjectTime, subjectOwner });
	}

	const serviceRoutes = [
		route('GET', '/group-invitation-metadata', invitationMetadata),
		route('POST', '/create-group', createGroup),
		// GET on the Portuguese page and the sample, POST on the English page.
		route('GET', '/group-metadata/:groupId', readMetadata(true)),
		route('POST', '/group-metadata/:groupId', readMetadata(true)),
		route('GET', '/light-group-metadata/:groupId', readMetadata(false)),
		route('GET', '/groups', listGroups),
		route('POST', '/remove-participant', changeMembers('participants', (g, phones) => {
			g.participants = without(g.participants, phones);
			g.admins = without(g.admins, phones);
		}, 'remove-participant')),
		route('POST', '/remove-admin', changeMembers('admins', (g, phones) => {
			g.admins = without(g.admins, phones);
		}, 'remove-admin')),
		route('POST', '/approve-participant', changeMembers('pending', (g, phones) => {
			g.pending = without(g.pending, phones);
			g.participants.push(...phones.filter((p) => !g.participants.includes(p)));
		}, 'approve-participant')),
		route('POST', '/reject-participant', changeMembers('pending', (g, phones) => {
			g.pending = without(g.pending, phones);
		}, 'reject-participant')),
		route('POST', '/leave-group', leaveGroup),
		route('POST', '/update-group-name', updateName),
		route('POST', '/update-group-description', updateDescription),
		route('POST', '/update-group-settings', updateSettings),
		// GET on the page, POST in the sample.
		route('GET', '/group-invitation-link/:groupId', inviteLink),
		route('POST', '/group-invitation-link/:groupId', inviteLink),
		// Documented without a body: an empty one is taken.
		{ ...route('POST', '/redefine-invitation-link/:groupId', redefineInviteLink), emptyBody: true },
		route('GET', '/accept-invite-group', acceptInvite),
	];

	return { serviceRoutes, groupState };
}

module.exports = { createGroups, groupState, SETTINGS };
