import {
	InputError,
	isChannelId,
	isGroupId,
	normalizeChannelId,
	normalizeChatId,
	normalizeCommunityId,
	normalizeGroupId,
	normalizePhone,
	parsePhoneList,
	requireHttpsUrl,
	requireWebUrl,
} from '../../../nodes/shared/input';

function inputError(fn: () => unknown): InputError {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error('expected an InputError');
}

describe('normalizePhone', () => {
	it.each([
		['+55 (11) 99999-9999', '5511999999999'],
		['5511999999999', '5511999999999'],
		['  55 11 9 9999 9999  ', '5511999999999'],
		['+1 (415) 555-0100', '14155550100'],
		['55.11.99999.9999', '5511999999999'],
		[5511999999999, '5511999999999'],
		['12345678', '12345678'],
		['123456789012345', '123456789012345'],
	])('%j -> %s', (input, expected) => {
		expect(normalizePhone(input)).toBe(expected);
	});

	it.each(['123@lid', '195893014196369@lid'])('passes the LID id %s unchanged', (lid) => {
		expect(normalizePhone(lid)).toBe(lid);
	});

	it.each([
		['', 'Phone is empty'],
		[undefined, 'Phone is empty'],
		[null, 'Phone is empty'],
		['   ', 'Phone is empty'],
		['abc', "Phone 'abc' is not a phone number"],
		['5511999999999@c.us', "Phone '5511999999999@c.us' is not a phone number"],
		['@lid', "Phone '@lid' is not a phone number"],
		['abc@lid', "Phone 'abc@lid' is not a phone number"],
		['1234567', "Phone '1234567' has 7 digits; a phone with country code has 8 to 15"],
		['1234567890123456', "Phone '1234567890123456' has 16 digits; a phone with country code has 8 to 15"],
		['+-()', "Phone '+-()' has 0 digits; a phone with country code has 8 to 15"],
	])('refuses %j: %s', (input, message) => {
		const error = inputError(() => normalizePhone(input));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(/country code, area code and number/);
	});

	it('names the field it reads', () => {
		expect(inputError(() => normalizePhone('x', 'Phones entry')).message).toBe("Phones entry 'x' is not a phone number");
	});
});

describe('group ids', () => {
	it.each(['120363019502650977-group', '12345-group', '5511999999999-1623281429', '12345678-12345678'])(
		'%s is a group id',
		(id) => {
			expect(isGroupId(id)).toBe(true);
			expect(normalizeGroupId(`  ${id} `)).toBe(id);
		},
	);

	it.each([
		'12345',
		'abc-group',
		'120363@g.us',
		'120363019502650977@g.us',
		'1234-group',
		'-group',
		'120363019502650977-GROUP',
		'5511999999999-1234', // the last block of a masked phone, not a creation time
		'55 11 99999-9999',
		'5511999999999-1623281429-group',
		'120363019502650977-group\n',
	])('%j is not a group id', (id) => {
		expect(isGroupId(id)).toBe(false);
		if (id.trim() === id) {
			const error = inputError(() => normalizeGroupId(id));
			expect(error.message).toBe(`'${id}' is not a Z-API group ID`);
			expect(error.description).toMatch(/120363019502650977-group.*5511999999999-1623281429/);
		}
	});

	it('says an empty group id is empty', () => {
		expect(inputError(() => normalizeGroupId('')).message).toBe('Group ID is empty');
		expect(inputError(() => normalizeGroupId(undefined)).message).toBe('Group ID is empty');
	});

	it('refuses a community ID (digits only, longer than a phone) and points to the Community resource', () => {
		const error = inputError(() => normalizeGroupId('98372465382764532938'));
		expect(error.message).toBe("'98372465382764532938' is a community ID, not a group ID");
		expect(error.description).toMatch(/^The Community resource manages a community/);
	});

	it('names the Community resource for digits only that may be a phone too', () => {
		const error = inputError(() => normalizeGroupId('5511999999999'));
		expect(error.message).toBe("'5511999999999' is not a Z-API group ID");
		expect(error.description).toMatch(/goes to the Community resource\.$/);
	});
});

describe('community ids', () => {
	it.each(['98372465382764532938', '120363019502650977', '5511999999999'])('%s is a community id', (id) => {
		expect(normalizeCommunityId(` ${id} `)).toBe(id);
	});

	it.each(['120363019502650977-group', '5511999999999-1623281429'])('refuses the group id %s and points to the Group resource', (id) => {
		const error = inputError(() => normalizeCommunityId(id));
		expect(error.message).toBe(`'${id}' is a group ID, not a community ID`);
		expect(error.description).toMatch(/digits only.*Group resource/);
	});

	it.each(['../status', '120363@g.us', 'my community'])('refuses %j', (id) => {
		expect(inputError(() => normalizeCommunityId(id)).message).toBe(`Community ID '${id}' is not an ID Z-API gives`);
	});

	it('says an empty community id is empty', () => {
		expect(inputError(() => normalizeCommunityId(' ')).message).toBe('Community ID is empty');
	});
});

describe('normalizeChatId', () => {
	it.each([
		['+55 (11) 99999-9999', '5511999999999'],
		['120363019502650977-group', '120363019502650977-group'],
		['5511999999999-1623281429', '5511999999999-1623281429'],
		['123@lid', '123@lid'],
		[' 195893014196369@lid ', '195893014196369@lid'],
	])('%j -> %s', (input, expected) => {
		expect(normalizeChatId(input)).toBe(expected);
	});

	it('refuses garbage and mentions group and LID ids in the hint', () => {
		const error = inputError(() => normalizeChatId('hello'));
		expect(error.message).toBe("Phone 'hello' is not a phone number");
		expect(error.description).toMatch(/Group IDs.*LID/);
	});

	it.each(['120363166555745933@newsletter', ' 999999999999999999@newsletter '])('refuses the channel ID %j by name, pointing to the Channel resource', (id) => {
		const error = inputError(() => normalizeChatId(id));
		expect(error.message).toBe(`Phone '${id.trim()}' is a WhatsApp channel; channels are not supported here`);
		expect(error.description).toMatch(/no way to post to a channel.*Channel resource/);
	});
});

describe('normalizeChannelId', () => {
	it.each([
		['120363166555745933@newsletter', '120363166555745933@newsletter'],
		[' 999999999999999999@newsletter\n', '999999999999999999@newsletter'],
		['12345@newsletter', '12345@newsletter'],
	])('%j -> %s', (input, expected) => {
		expect(normalizeChannelId(input)).toBe(expected);
		expect(isChannelId(expected)).toBe(true);
	});

	it.each([
		['', 'Channel ID is empty', /120363166555745933@newsletter/],
		[undefined, 'Channel ID is empty', /ending in @newsletter/],
		['120363166555745933', "Channel ID '120363166555745933' has no @newsletter suffix", /write 120363166555745933@newsletter\. Bare digits are also how phones and community IDs look/],
		['https://whatsapp.com/channel/0029Va5Xk71a', "Channel ID 'https://whatsapp.com/channel/0029Va5Xk71a' is a channel link, not its ID", /Channel → Search/],
		['120363019502650977-group', "Channel ID '120363019502650977-group' is not a WhatsApp channel ID", /digits ending in @newsletter/],
		['5511999999999@lid', "Channel ID '5511999999999@lid' is not a WhatsApp channel ID", /digits ending in @newsletter/],
		['abc@newsletter', "Channel ID 'abc@newsletter' is not a WhatsApp channel ID", /digits ending in @newsletter/],
		['120363166555745933@newsletter/../x', "Channel ID '120363166555745933@newsletter/../x' is not a WhatsApp channel ID", /digits ending in @newsletter/],
		['120363166555745933@NEWSLETTER', "Channel ID '120363166555745933@NEWSLETTER' is not a WhatsApp channel ID", /digits ending in @newsletter/],
	])('refuses %j: %s', (input, message, hint) => {
		const error = inputError(() => normalizeChannelId(input));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(hint);
	});

	it('names the field it reads', () => {
		expect(inputError(() => normalizeChannelId(' ', 'Invite Channel ID')).message).toBe('Invite Channel ID is empty');
	});
});

describe('parsePhoneList', () => {
	it.each([
		['5511999999999', ['5511999999999']],
		['5511999999999, 5511888888888', ['5511999999999', '5511888888888']],
		['5511999999999;5511888888888\n5511777777777', ['5511999999999', '5511888888888', '5511777777777']],
		['+55 (11) 99999-9999, 5511999999999', ['5511999999999']],
		[['5511999999999', 5511888888888], ['5511999999999', '5511888888888']],
		[[['5511999999999'], [5511888888888, '5511999999999']], ['5511999999999', '5511888888888']],
		[['5511999999999', '', null, '  '], ['5511999999999']],
		[5511999999999, ['5511999999999']],
		['123@lid, 5511999999999', ['123@lid', '5511999999999']],
		[['5511999999999, 5511888888888'], ['5511999999999', '5511888888888']],
	])('%j -> %j', (input, expected) => {
		expect(parsePhoneList(input)).toEqual(expected);
	});

	it.each([[[{ phone: '5511999999999' }]], [{ phone: '5511999999999' }]])('refuses an entry that is not text: %j', (input) => {
		expect(inputError(() => parsePhoneList(input)).message).toBe('An entry of Phones is not text');
	});

	it('keeps the order of first appearance', () => {
		expect(parsePhoneList('5522222222222, 5511111111111, 5522222222222')).toEqual(['5522222222222', '5511111111111']);
	});

	it.each([[''], [[]], [' , ;'], [undefined], [[null, '']]])('refuses the empty list %j', (input) => {
		const error = inputError(() => parsePhoneList(input));
		expect(error.message).toBe('Phones is empty');
		expect(error.description).toMatch(/separated by commas, or an expression returning a list/);
	});

	it('refuses a list with a bad entry, naming the entry', () => {
		expect(inputError(() => parsePhoneList('5511999999999, 12')).message).toBe(
			"Phones entry '12' has 2 digits; a phone with country code has 8 to 15",
		);
	});

	it('does not split a phone written with spaces', () => {
		expect(parsePhoneList('+55 11 99999 9999')).toEqual(['5511999999999']);
	});
});

describe('requireHttpsUrl', () => {
	it.each([
		['https://n8n.example.com/webhook/zapi', 'https://n8n.example.com/webhook/zapi'],
		['  https://n8n.example.com/webhook/zapi?x=1  ', 'https://n8n.example.com/webhook/zapi?x=1'],
		['HTTPS://N8N.example.com/a', 'https://n8n.example.com/a'],
	])('%j -> %s', (input, expected) => {
		expect(requireHttpsUrl(input, 'Webhook URL')).toBe(expected);
	});

	it.each([
		['http://n8n.example.com/x', 'Webhook URL must start with https:// (got http://)', /only delivers webhooks to https/],
		['ws://n8n.example.com/x', 'Webhook URL must start with https:// (got ws://)', /https/],
		['/webhook/x', "Webhook URL '/webhook/x' is not an absolute URL", /https:\/\//],
		['n8n.example.com', "Webhook URL 'n8n.example.com' is not an absolute URL", /https:\/\//],
		['', 'Webhook URL is empty', /https:\/\//],
	])('refuses %j', (input, message, description) => {
		const error = inputError(() => requireHttpsUrl(input, 'Webhook URL'));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
	});
});

describe('requireWebUrl', () => {
	it.each(['https://cdn.example.com/a.jpg', 'http://cdn.example.com/a.jpg'])('accepts %s', (url) => {
		expect(requireWebUrl(url, 'Photo URL', 'image')).toBe(url);
	});

	it.each(['ftp://cdn.example.com/a.jpg', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'a.jpg', ''])(
		'refuses %j',
		(url) => {
			const error = inputError(() => requireWebUrl(url, 'Photo URL', 'image'));
			expect(error.message).toBe(url ? `Photo URL '${url}' is not an http(s) URL` : 'Photo URL is empty');
		},
	);

	it.each([
		['page', 'Give the full public address of the page, for example https://example.com/page'],
		['image', 'Give the full public address of the image, for example https://example.com/photo.jpg'],
		['video', 'Give the full public address of the video, for example https://example.com/clip.mp4'],
	] as const)('says what a %s address looks like', (pointsAt, hint) => {
		expect(inputError(() => requireWebUrl('a.jpg', 'URL', pointsAt)).description).toBe(hint);
	});
});
