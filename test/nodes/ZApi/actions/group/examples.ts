/**
 * One valid call per Group operation: the parameters a user sets, the request the node must
 * send, an answer as the service documents it, the output, and one invalid parameter the
 * node must refuse before any request. operations.test.ts checks that this table covers
 * every operation of the resource.
 */

import type { OperationExample as BaseExample } from '../../../../helpers/operationExamples';

export const GROUP = '120363019502650977-group';
export const OLD_GROUP = '5511999999999-1623281429';
export const LINK = 'https://chat.whatsapp.com/DZ6Xb3q5RfG8KqLmN0pW1a';
export const PNG_DATA_URI =
	'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Group examples also carry a value refused before any request, and the error's message. */
export interface OperationExample extends BaseExample {
	invalid: { name: string; value: string | number; message: string };
}

const badGroupId = { name: 'groupId', value: '120363@g.us', message: "'120363@g.us' is not a Z-API group ID" };
const badPhones = { name: 'phones', value: '5511999999999, joão', message: "Phones entry 'joão' is not a phone number" };

/** The metadata answer of the group-metadata page: flags typed as the examples show them. */
export const METADATA = {
	phone: GROUP,
	description: 'Customers of the shop',
	owner: '5511999999999',
	subject: 'Shop',
	creation: 1588721491000,
	invitationLink: LINK,
	invitationLinkError: null,
	communityId: null,
	adminOnlyMessage: false,
	adminOnlySettings: 'true',
	requireAdminApproval: false,
	isGroupAnnouncement: false,
	participants: [
		{ phone: '5511999999999', isAdmin: 'true', isSuperAdmin: true, short: 'Ana', name: 'Ana Lima' },
		{ phone: '5511888888888', isAdmin: false, isSuperAdmin: 'false' },
	],
};

/**
 * METADATA as Get Metadata outputs it: `groupId` and `name` for the service's `phone` and
 * `subject`, flags as booleans, the times in milliseconds also as ISO dates, a participant's
 * names in the contacts' words.
 */
export const METADATA_OUTPUT = {
	groupId: GROUP,
	name: 'Shop',
	description: 'Customers of the shop',
	owner: '5511999999999',
	createdAt: '2020-05-05T23:31:31.000Z',
	creation: 1588721491000,
	invitationLink: LINK,
	communityId: null,
	adminOnlyMessage: false,
	adminOnlySettings: true,
	requireAdminApproval: false,
	adminOnlyAddMember: null,
	isGroupAnnouncement: false,
	participants: [
		{ phone: '5511999999999', isAdmin: true, isSuperAdmin: true, name: 'Ana Lima', savedName: 'Ana Lima', savedShortName: 'Ana', whatsappName: null, contactCardName: null },
		{ phone: '5511888888888', isAdmin: false, isSuperAdmin: false, name: null, savedName: null, savedShortName: null, whatsappName: null, contactCardName: null },
	],
	nameChangedAt: null,
	subjectTime: null,
	nameChangedBy: null,
	invitationLinkError: null,
};

/** A summary of the group list, as get-groups shows it (strings where it types booleans). */
export const summary = (phone: string, name = 'Shop') => ({
	isGroup: true,
	name,
	phone,
	unread: '0',
	lastMessageTime: '1730000000000',
	isMuted: '0',
	isMarkedSpam: 'false',
	archived: 'false',
	pinned: 'false',
	muteEndTime: null,
});

/** summary(phone) as Get Many outputs it: a chat of the list, named by its group ID. */
export const summaryOutput = (phone: string, name = 'Shop') => ({
	groupId: phone,
	name,
	isGroup: true,
	unread: 0,
	lastMessageAt: '2024-10-27T03:33:20.000Z',
	lastMessageTime: 1730000000000,
	isMuted: false,
	mutedUntil: null,
	muteEndTime: null,
	archived: false,
	pinned: false,
	isMarkedSpam: false,
	isGroupAnnouncement: null,
	photo: null,
});

const phonesExample = (path: string, phones = '5511888888888, +55 11 77777-7777'): OperationExample => ({
	parameters: { groupId: GROUP, phones },
	method: 'POST',
	path,
	body: { groupId: GROUP, phones: ['5511888888888', '5511777777777'] },
	answer: { value: true },
	output: [{ success: true, groupId: GROUP, phones: ['5511888888888', '5511777777777'] }],
	invalid: badPhones,
});

export const EXAMPLES: Record<string, OperationExample> = {
	addParticipants: {
		...phonesExample('/add-participant'),
		body: { autoInvite: false, groupId: GROUP, phones: ['5511888888888', '5511777777777'] },
	},
	promoteToAdmin: phonesExample('/add-admin'),
	updatePhoto: {
		parameters: { groupId: GROUP, photoSource: 'base64', photoBase64: PNG_DATA_URI },
		method: 'POST',
		path: '/update-group-photo',
		body: { groupId: GROUP, groupPhoto: PNG_DATA_URI },
		answer: { value: true },
		output: [{ success: true, groupId: GROUP, photoSource: 'base64' }],
		invalid: badGroupId,
	},
	create: {
		parameters: { groupName: ' Shop ', phones: '5511888888888' },
		method: 'POST',
		path: '/create-group',
		body: { groupName: 'Shop', phones: ['5511888888888'], autoInvite: false },
		answer: { phone: GROUP, invitationLink: LINK },
		output: [{ groupId: GROUP, name: 'Shop', invitationLink: LINK, phones: ['5511888888888'] }],
		invalid: { name: 'groupName', value: '  ', message: 'Group Name is empty' },
	},
	getMetadata: {
		parameters: { groupId: GROUP },
		method: 'GET',
		path: `/group-metadata/${GROUP}`,
		answer: METADATA,
		output: [METADATA_OUTPUT],
		invalid: badGroupId,
	},
	getMany: {
		parameters: { returnAll: false, limit: 2, options: { pageSize: 2 } },
		method: 'GET',
		path: '/groups',
		query: { page: '1', pageSize: '2' },
		answer: [summary(GROUP), summary(OLD_GROUP, 'Old')],
		output: [summaryOutput(GROUP), summaryOutput(OLD_GROUP, 'Old')],
		invalid: { name: 'limit', value: 0, message: 'Limit must be a whole number of 1 or more (got 0)' },
	},
	removeParticipants: phonesExample('/remove-participant'),
	demoteAdmins: phonesExample('/remove-admin'),
	approveParticipants: phonesExample('/approve-participant'),
	rejectParticipants: phonesExample('/reject-participant'),
	updateName: {
		parameters: { groupId: OLD_GROUP, groupName: 'Shop 2' },
		method: 'POST',
		path: '/update-group-name',
		body: { groupId: OLD_GROUP, groupName: 'Shop 2' },
		answer: { value: true },
		output: [{ success: true, groupId: OLD_GROUP, groupName: 'Shop 2' }],
		invalid: { name: 'groupName', value: '  ', message: 'Group Name is empty' },
	},
	updateDescription: {
		parameters: { groupId: GROUP, groupDescription: 'Opening hours: 9 to 18' },
		method: 'POST',
		path: '/update-group-description',
		body: { groupId: GROUP, groupDescription: 'Opening hours: 9 to 18' },
		answer: { value: true },
		output: [{ success: true, groupId: GROUP, groupDescription: 'Opening hours: 9 to 18' }],
		invalid: { name: 'groupDescription', value: ' ', message: 'Description is empty' },
	},
	updateSettings: {
		parameters: {
			groupId: GROUP,
			settings: { whoCanSend: 'admins', whoCanEdit: 'admins', requireApproval: false, whoCanAdd: 'all' },
		},
		method: 'POST',
		path: '/update-group-settings',
		body: {
			phone: GROUP,
			groupId: GROUP,
			adminOnlyMessage: true,
			adminOnlySettings: true,
			requireAdminApproval: false,
			adminOnlyAddMember: false,
		},
		answer: { value: true },
		output: [
			{
				success: true,
				groupId: GROUP,
				adminOnlyMessage: true,
				adminOnlySettings: true,
				requireAdminApproval: false,
				adminOnlyAddMember: false,
			},
		],
		invalid: badGroupId,
	},
	getInviteLink: {
		parameters: { groupId: GROUP },
		method: 'GET',
		path: `/group-invitation-link/${GROUP}`,
		answer: { phone: GROUP, invitationLink: LINK },
		output: [{ groupId: GROUP, invitationLink: LINK }],
		invalid: badGroupId,
	},
	resetInviteLink: {
		parameters: { groupId: GROUP },
		method: 'POST',
		path: `/redefine-invitation-link/${GROUP}`,
		body: '',
		answer: { invitationLink: `${LINK}X` },
		output: [{ groupId: GROUP, invitationLink: `${LINK}X` }],
		invalid: badGroupId,
	},
	previewInvite: {
		parameters: { inviteLink: LINK },
		method: 'GET',
		path: '/group-invitation-metadata',
		query: { url: LINK },
		// The page's "new way" example, with the flags as strings, as its table types them.
		answer: {
			phone: GROUP,
			owner: '5511999999999',
			subject: 'My group on whatsapp',
			creation: 1588721491000,
			participants: [
				{ phone: '5511888888888', isAdmin: 'false', isSuperAdmin: 'false' },
				{ phone: '5511777777777', isAdmin: true, isSuperAdmin: false, short: 'ZAPIs', name: 'ZAPIs Boys' },
			],
			subjectTime: 1617805323000,
			subjectOwner: '554497050785',
		},
		// In the words of Get Metadata (docs/group/group-invitation-metadata.md's fields renamed as there).
		output: [
			{
				groupId: GROUP,
				name: 'My group on whatsapp',
				description: null,
				owner: '5511999999999',
				creation: 1588721491000,
				createdAt: '2020-05-05T23:31:31.000Z',
				subjectTime: 1617805323000,
				nameChangedAt: '2021-04-07T14:22:03.000Z',
				nameChangedBy: '554497050785',
				adminOnlyMessage: null,
				adminOnlySettings: null,
				adminOnlyAddMember: null,
				requireAdminApproval: null,
				isGroupAnnouncement: null,
				communityId: null,
				participants: [
					{ phone: '5511888888888', isAdmin: false, isSuperAdmin: false, name: null, savedName: null, savedShortName: null, whatsappName: null, contactCardName: null },
					{ phone: '5511777777777', isAdmin: true, isSuperAdmin: false, name: 'ZAPIs Boys', savedName: 'ZAPIs Boys', savedShortName: 'ZAPIs', whatsappName: null, contactCardName: null },
				],
				invitationLink: LINK,
			},
		],
		invalid: { name: 'inviteLink', value: 'chat.whatsapp.com', message: 'Invite Link holds no WhatsApp group invite link' },
	},
	acceptInvite: {
		parameters: { inviteLink: `Join us: ${LINK} !` },
		method: 'GET',
		path: '/accept-invite-group',
		query: { url: LINK },
		answer: { success: true },
		output: [{ success: true, invitationLink: LINK }],
		invalid: { name: 'inviteLink', value: 'see you at the shop', message: 'Invite Link holds no WhatsApp group invite link' },
	},
	leave: {
		parameters: { groupId: GROUP },
		method: 'POST',
		path: '/leave-group',
		body: { groupId: GROUP },
		answer: { value: true },
		output: [{ success: true, groupId: GROUP }],
		invalid: badGroupId,
	},
};
