/** Get Invite Link, Reset Invite Link and Accept Invite: what their answers must hold. */
import nock from 'nock';

import { readInviteLink } from '../../../../../nodes/ZApi/actions/group/helpers';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP, LINK } from './examples';

const api = () => nock('https://api.z-api.io');
const run = (operation: string, extra = {}) => runAction({ resource: 'group', operation, groupId: GROUP, ...extra });

describe('Group > Get Invite Link and Reset Invite Link', () => {
	it.each([
		['getInviteLink', 'get', `/group-invitation-link/${GROUP}`, 'read'],
		['resetInviteLink', 'post', `/redefine-invitation-link/${GROUP}`, 'reset'],
	] as const)('%s fails the item when the answer holds no link', async (operation, method, path, verb) => {
		api()[method](`${INSTANCE_PATH}${path}`).reply(200, { phone: GROUP });
		const result = await run(operation);
		expect(result.error?.message).toBe(`Z-API could not ${verb} the invite link of group ${GROUP} (it answered {"phone":"${GROUP}"})`);
		expect(result.error?.description).toMatch(/must be an admin/);
	});
});

describe('Group > Accept Invite: the link', () => {
	it.each([
		['a link', LINK, LINK],
		['an http link', LINK.replace('https', 'http'), LINK],
		['a link in a message', `Hi! Join ${LINK}, see you`, LINK],
		['a link with /invite/', LINK.replace('.com/', '.com/invite/'), LINK],
		['the code alone', ' DZ6Xb3q5RfG8KqLmN0pW1a ', LINK],
	])('reads %s', (_label, input, expected) => {
		expect(readInviteLink(input)).toBe(expected);
	});

	it.each([
		['', 'Invite Link is empty'],
		['https://example.com/DZ6Xb3q5RfG8KqLmN0pW1a', 'Invite Link holds no WhatsApp group invite link'],
		['https://chat.whatsapp.com/', 'Invite Link holds no WhatsApp group invite link'],
		['join my group', 'Invite Link holds no WhatsApp group invite link'],
	])('refuses %j', (input, message) => {
		expect(() => readInviteLink(input)).toThrow(message);
	});
});

describe('Group > Accept Invite: the answer', () => {
	const accept = () => run('acceptInvite', { inviteLink: LINK });
	const answer = (body: unknown) =>
		api().get(`${INSTANCE_PATH}/accept-invite-group`).query({ url: LINK }).reply(200, body as nock.Body);

	it.each([[{ success: true }], [{ success: 'true' }], [{ value: true }]])('takes %j for joined', async (body) => {
		answer(body);
		const result = await accept();
		expect(result.json).toEqual([{ success: true, invitationLink: LINK }]);
	});

	it.each([[{ success: false }], [{}], ['']])('fails the item on %j, saying what to check', async (body) => {
		answer(body);
		const result = await accept();
		expect(result.error?.message).toMatch(new RegExp(`^Z-API could not join the group of invite link ${LINK} \\(it answered `));
		expect(result.error?.description).toMatch(/link is current/);
	});
});

describe('Group > Preview Invite Link', () => {
	it.each([
		['an error', { error: 'Invalid invitation link' }],
		['no group', {}],
	])('fails the item when the answer holds %s', async (_label, answer) => {
		api().get(`${INSTANCE_PATH}/group-invitation-metadata`).query({ url: LINK }).reply(200, answer);
		const result = await runAction({ resource: 'group', operation: 'previewInvite', inviteLink: `Join: ${LINK}` });
		expect(result.error?.message).toBe(`Z-API could not read the group of invite link ${LINK} (it answered ${JSON.stringify(answer)})`);
		expect(result.error?.description).toMatch(/link is current/);
	});
});
