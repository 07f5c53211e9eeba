/** What every Contact operation shares; number checks one by one and in batches; blocking refusals. */
import { contact } from '../../../../../nodes/ZApi/actions/contact';
import { BATCH_LIMIT } from '../../../../../nodes/ZApi/actions/contact/checkNumbers.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { anyCall, api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { contactOutput, contactRecord, EXAMPLES, LID, PHONE } from './examples';

describeOperations(contact, EXAMPLES);

const checkNumbers = (phones: string | string[]) => runAction({ resource: 'contact', operation: 'checkNumbers', phones });

describe('Contact: Check Numbers', () => {
	it('reads the answer as an object too (the table shows no list); exists as the string "true"', async () => {
		api().get(`${INSTANCE_PATH}/phone-exists/${PHONE}`).reply(200, { exists: 'true', phone: '551199999999', lid: LID });
		const result = await checkNumbers(PHONE);
		expect(result.json).toEqual([{ phone: PHONE, exists: true, registeredPhone: '551199999999', lid: LID }]);
	});

	it('a number without WhatsApp: exists false, no registered phone, no LID', async () => {
		api().get(`${INSTANCE_PATH}/phone-exists/${PHONE}`).reply(200, [{ exists: false, phone: null, lid: null }]);
		const result = await checkNumbers(PHONE);
		expect(result.json).toEqual([{ phone: PHONE, exists: false, registeredPhone: null, lid: null }]);
	});

	it('several phones go in one batch call, one output item each, in the order given', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/phone-exists-batch`, { phones: ['5511999999999', '551188887777', '5521977776666'] })
			.reply(200, [
				{ exists: false, inputPhone: '5521977776666', outputPhone: '5521977776666', lid: null },
				{ exists: true, inputPhone: '5511999999999', outputPhone: '5511999999999', lid: LID },
				{ exists: true, inputPhone: '551188887777', outputPhone: '5511988887777', lid: '98765@lid' },
			]);
		const result = await checkNumbers('+55 11 99999-9999, 551188887777; 5521977776666, 5511999999999');
		expect(result.json).toEqual([
			{ phone: '5511999999999', exists: true, registeredPhone: '5511999999999', lid: LID },
			{ phone: '551188887777', exists: true, registeredPhone: '5511988887777', lid: '98765@lid' },
			{ phone: '5521977776666', exists: false, registeredPhone: null, lid: null },
		]);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(scope.isDone()).toBe(true);
	});

	it('takes a list from an expression', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/phone-exists-batch`, { phones: ['5511999999999', '5521988887777'] })
			.reply(200, [
				{ exists: true, inputPhone: '5511999999999', outputPhone: '5511999999999', lid: LID },
				{ exists: true, inputPhone: '5521988887777', outputPhone: '5521988887777', lid: '1@lid' },
			]);
		const result = await runAction({ resource: 'contact', operation: 'checkNumbers', phones: '={{ $json.list }}' }, [{ json: { list: ['5511999999999', '+55 21 98888-7777'] } }]);
		expect(result.json.map((item) => item.lid)).toEqual([LID, '1@lid']);
		expect(scope.isDone()).toBe(true);
	});

	it(`splits more than ${BATCH_LIMIT} phones into calls of ${BATCH_LIMIT}`, async () => {
		const phones = Array.from({ length: BATCH_LIMIT + 2 }, (_, index) => `55119${String(index).padStart(8, '0')}`);
		const sizes: number[] = [];
		const scope = api()
			.post(`${INSTANCE_PATH}/phone-exists-batch`)
			.times(2)
			.reply(200, (_uri, body) => {
				const sent = (body as { phones: string[] }).phones;
				sizes.push(sent.length);
				return sent.map((inputPhone) => ({ exists: true, inputPhone, outputPhone: inputPhone, lid: null }));
			});
		const result = await checkNumbers(phones);
		expect(sizes).toEqual([BATCH_LIMIT, 2]);
		expect(result.json.map((item) => item.phone)).toEqual(phones);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a list with one bad entry before any request, naming it', async () => {
		const scope = anyCall();
		const result = await checkNumbers('5511999999999, 12');
		expect(result.error?.message).toBe("Phones entry '12' has 2 digits; a phone with country code has 8 to 15");
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('says what came back when the batch answer is not a list', async () => {
		api().post(`${INSTANCE_PATH}/phone-exists-batch`).reply(200, { error: 'You are not connected.' });
		const result = await checkNumbers('5511999999999, 5521988887777');
		expect(result.error?.message).toBe('Z-API did not return a list of checked phones');
		expect(result.error?.description).toContain('You are not connected.');
	});
});

describe('Contact: other answers', () => {
	it('Get Profile Picture reads {link} as the table shows it, and null when there is none', async () => {
		api()
			.get(`${INSTANCE_PATH}/profile-picture`)
			.query({ phone: PHONE })
			.reply(200, { link: 'https://pps.whatsapp.net/a.jpg' })
			.get(`${INSTANCE_PATH}/profile-picture`)
			.query({ phone: LID })
			.reply(200, { link: null });
		const result = await runAction({ resource: 'contact', operation: 'getProfilePicture', phone: '={{ $json.phone }}' }, [{ json: { phone: PHONE } }, { json: { phone: LID } }]);
		expect(result.json).toEqual([
			{ phone: PHONE, photo: 'https://pps.whatsapp.net/a.jpg' },
			{ phone: LID, photo: null },
		]);
	});

	it.each(contact.operations.filter((operation) => 'blockAction' in operation).map((operation) => [operation.name, operation.value]))(
		'%s fails the item when Z-API answers {value: false}',
		async (_name, value) => {
			expectCall(EXAMPLES[value], { value: false });
			const result = await runAction({ resource: 'contact', operation: value, phone: PHONE });
			expect(result.error?.message).toMatch(new RegExp(`^Z-API could not (block|unblock) ${PHONE} \\(it answered \\{"value":false\\}\\)$`));
		},
	);

	it('Get Many with Return All reads until a short page', async () => {
		const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => contactRecord(`55119000000${from + index}`));
		const scope = api()
			.get(`${INSTANCE_PATH}/contacts`)
			.query({ page: '1', pageSize: '100' })
			.reply(200, page(0, 100).map((record, index) => ({ ...record, phone: `5511900${String(index).padStart(5, '0')}` })))
			.get(`${INSTANCE_PATH}/contacts`)
			.query({ page: '2', pageSize: '100' })
			.reply(200, [contactRecord('5521900000000')]);
		const result = await runAction({ resource: 'contact', operation: 'getContacts', returnAll: true });
		expect(result.json).toHaveLength(101);
		expect(result.json[100]).toEqual(contactOutput('5521900000000'));
		expect(scope.isDone()).toBe(true);
	});
});

describe('Contact: address book and report', () => {
	it.each([
		['success false', { success: false, errors: [] }],
		['an error listed', { success: true, errors: [{ phone: '5544999999999', error: 'not on WhatsApp' }] }],
	])('Add to Address Book fails the item when the answer holds %s', async (_label, answer) => {
		expectCall(EXAMPLES.addToAddressBook, answer);
		const result = await runAction({ resource: 'contact', operation: 'addToAddressBook', ...EXAMPLES.addToAddressBook.parameters });
		expect(result.error?.message).toBe(`Z-API could not save 5544999999999 in the address book (it answered ${JSON.stringify(answer)})`);
		expect(result.error?.description).toMatch(/address book update/);
	});

	it('Remove from Address Book fails the item on success false, naming the phones', async () => {
		expectCall(EXAMPLES.removeFromAddressBook, { success: false });
		const result = await runAction({ resource: 'contact', operation: 'removeFromAddressBook', ...EXAMPLES.removeFromAddressBook.parameters });
		expect(result.error?.message).toBe('Z-API could not remove 5544999999999, 5544999998888 from the address book (it answered {"success":false})');
	});

	it('Add to Address Book refuses an empty first name before any request', async () => {
		const scope = anyCall();
		const result = await runAction({ resource: 'contact', operation: 'addToAddressBook', phone: PHONE, firstName: '={{ "" }}' });
		expect(result.error?.message).toBe('First Name is empty');
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('Report fails the item on the documented 400 {"error": "Invalid phone"}, saying so', async () => {
		expectCall(EXAMPLES.reportContact, { error: 'Invalid phone' }, 400);
		const result = await runAction({ resource: 'contact', operation: 'reportContact', phone: '5544999999999' });
		expect(result.error?.message).toContain('Invalid phone');
	});
});

describe('Contact: output shape', () => {
	it('Get: the documented contact (docs/contacts/get-metadata-contact.md) with its names in plain words', async () => {
		api()
			.get(`${INSTANCE_PATH}/contacts/551199999999`)
			.reply(200, {
				name: "Contact's first and last name",
				phone: '551199999999',
				notify: "Contact's name on WhatsApp",
				short: "Contact's name",
				imgUrl: 'https://pps.whatsapp.net/c.jpg',
				about: "Contact's about status",
			});
		const result = await runAction({ resource: 'contact', operation: 'getContact', phone: '551199999999' });
		expect(result.json).toEqual([
			{
				phone: '551199999999',
				name: "Contact's first and last name",
				savedName: "Contact's first and last name",
				savedShortName: "Contact's name",
				whatsappName: "Contact's name on WhatsApp",
				contactCardName: null,
				photo: 'https://pps.whatsapp.net/c.jpg',
				about: "Contact's about status",
			},
		]);
	});

	it('Get Many: a contact not in the address book is named by the name they set in WhatsApp', async () => {
		api().get(`${INSTANCE_PATH}/contacts`).query({ page: '1', pageSize: '1' }).reply(200, [{ phone: '5511977776666', notify: 'Bia' }]);
		const result = await runAction({ resource: 'contact', operation: 'getContacts', returnAll: false, limit: 1 });
		expect(result.json).toEqual([
			{ phone: '5511977776666', name: 'Bia', savedName: null, savedShortName: null, whatsappName: 'Bia', contactCardName: null, photo: null, about: null },
		]);
	});

	it('Get with Simplify off: the contact as Z-API sent it', async () => {
		api().get(`${INSTANCE_PATH}/contacts/5511977776666`).reply(200, { phone: '5511977776666', notify: 'Bia', vname: '' });
		const result = await runAction({ resource: 'contact', operation: 'getContact', phone: '5511977776666', simplify: false });
		expect(result.json).toEqual([{ phone: '5511977776666', notify: 'Bia', vname: '' }]);
	});
});
