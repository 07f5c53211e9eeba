/** Input each of the smaller operations refuses before any request, and what it says. */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { runAction } from '../../../../helpers/engine';
import { EXAMPLES, GROUP, SENT } from './examples';

const api = () => nock('https://api.z-api.io');

const CASES: Array<[string, string, IDataObject, string, RegExp]> = [
	['sendLocation', 'a latitude beyond 90', { latitude: '91' }, 'Latitude must be a number from -90 to 90 (got "91")', /decimal degrees/],
	['sendLocation', 'a longitude that is not a number', { longitude: 'west' }, 'Longitude must be a number from -180 to 180 (got "west")', /decimal degrees/],
	['sendContact', 'a card phone that is not one', { contactPhone: 'ask Ana' }, "Contact Phone 'ask Ana' is not a phone number", /country code/],
	['sendLink', 'a link that is not http(s)', { linkUrl: 'example.com' }, "Link URL 'example.com' is not an http(s) URL", /^Give the full public address of the page, for example https:\/\/example\.com\/page$/],
	['sendReaction', 'a word as reaction', { reaction: 'like' }, "Reaction 'like' is not an emoji", /Remove Reaction/],
	['sendReaction', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
	['removeReaction', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
	['sendPoll', 'a single answer', { answers: 'Yes\nYes' }, 'A poll needs at least 2 answers (got 1)', /one answer per line/],
	['sendOptionList', 'no rows', { listOptions: {} }, 'Options is empty', /at least one option/],
	['sendOptionList', 'a row without description', { listOptions: { option: [{ title: 'A', description: ' ' }] } }, 'Description of row 1 is empty', /every row/],
	['sendButtonList', 'no buttons', { buttons: {} }, 'Buttons is empty', /at least one button/],
	['sendButtonList', 'an image that is not a URL', { options: { image: 'b.png' } }, "Image URL 'b.png' is not an http(s) URL", /^Give the full public address of the image, for example https:\/\/example\.com\/photo\.jpg$/],
	['sendButtonActions', 'a URL button without a link', { buttonActions: { button: [{ type: 'URL', label: 'Go' }] } }, 'URL of row 1 is empty', /^Give the full public address of the page, for example https:\/\/example\.com\/page$/],
	['sendButtonActions', 'a call button with a bad phone', { buttonActions: { button: [{ type: 'CALL', label: 'Call', phone: 'x' }] } }, "Phone To Call of row 1 'x' is not a phone number", /country code/],
	['sendGif', 'a GIF image instead of an MP4', { mediaSource: 'base64', mediaBase64: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 'File (Base64) is an image file (image/gif), not a GIF (MP4 video)', /MP4/],
	['sendContacts', 'no contacts', { contacts: {} }, 'Contacts is empty', /at least one contact/],
	['sendContacts', 'a contact phone that is not one', { contacts: { contact: [{ name: 'Ana', phones: 'ask Ana' }] } }, "Phones of row 1 entry 'ask Ana' is not a phone number", /country code/],
	['votePoll', 'no answer', { votes: ' \n ' }, 'Answers is empty', /exactly as the poll shows it/],
	['votePoll', 'no poll message id', { pollMessageId: '={{ $json.nothing }}' }, 'Poll Message ID is empty', /messageId/],
	['mentionGroups', 'a chat that is not a group', { phone: '5511999999999' }, 'Mention Groups sends only to a group', /community group/],
	['mentionGroups', 'a mentioned group ID that is not one', { groupsMentioned: { group: [{ groupId: 'News', subject: 'News' }] } }, "'News' is not a Z-API group ID", /-group/],
	['editDocumentCaption', 'no new caption', { caption: ' ' }, 'New Caption is empty', /caption/],
	['editDocumentCaption', 'no document message id', { documentMessageId: '={{ $json.nothing }}' }, 'Document Message ID is empty', /messageId/],
	['sendPixButton', 'no key', { pixKey: '={{ $json.nothing }}' }, 'PIX Key is empty', /PIX key/],
	['sendPixButton', 'an unknown key type', { keyType: 'IBAN' }, "Key Type must be one of CPF, CNPJ, PHONE, EMAIL, EVP (got 'IBAN')", /kind of the PIX key/],
	['sendCopyCodeButton', 'no code', { code: '={{ $json.nothing }}' }, 'Code is empty', /copy/],
	['sendCopyCodeButton', 'an image that is not a URL', { options: { image: 'logo.png' } }, "Image URL 'logo.png' is not an http(s) URL", /full public address/],
	['sendCarousel', 'no cards', { cards: {} }, 'Cards is empty', /at least one card/],
	['sendCarousel', 'a card without image', { cards: { card: [{ text: 'A' }] } }, 'Image URL of card 1 is empty', /full public address/],
	['sendCarousel', 'a card button without label', { cards: { card: [{ text: 'A', image: 'https://e.com/a.png' }, { text: 'B', image: 'https://e.com/b.png', buttons: { button: [{ type: 'REPLY' }] } }] } }, 'Label of button 1 of card 2 is empty', /every button/],
	['pinMessage', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
	['pinMessage', 'a duration WhatsApp does not offer', { pinDuration: '1_year' }, 'Pinned For must be 24 hours, 7 days or 30 days (got "1_year")', /24_hours, 7_days, 30_days/],
	['unpinMessage', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
	['forwardMessage', 'a source chat that is not one', { messagePhone: 'somewhere' }, "Phone 'somewhere' is not a phone number", /Group IDs/],
	['markAsRead', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
	['deleteMessage', 'no message id', { messageId: '={{ $json.nothing }}' }, 'Message ID is empty', /messageId/],
];

describe('Message: input refused before any request', () => {
	it.each(CASES)('%s refuses %s', async (operation, _label, extra, message, description) => {
		const scope = api().post(/.*/).reply(200, SENT).delete(/.*/).reply(204);
		const result = await runAction({ resource: 'message', operation, ...EXAMPLES[operation].parameters, ...extra });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('Send Link keeps a message that already ends with the link', async () => {
		const scope = api()
			.post(/send-link$/, (body) => body.message === 'Offer: https://example.com/offer')
			.reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendLink', ...EXAMPLES.sendLink.parameters, message: 'Offer: https://example.com/offer', options: { linkType: 'LARGE' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('Send Option List to a group still sends, with a hint that groups do not show lists', async () => {
		const scope = api().post(/send-option-list$/).reply(200, SENT);
		const result = await runAction({ resource: 'message', operation: 'sendOptionList', ...EXAMPLES.sendOptionList.parameters, phone: GROUP });
		expect(result.error).toBeUndefined();
		const hints = result.run.data.resultData.runData['Z-API'][0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toEqual([`Option lists no longer show in WhatsApp groups; ${GROUP} is a group.`]);
		expect(scope.isDone()).toBe(true);
	});
});
