/**
 * What users type or map into the nodes, turned into what the service expects, or refused
 * with a message that says how to fix it, before any request is sent.
 */
export class InputError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'InputError';
	}
}

/** A LID id as found in deliveries: digits then @lid (lengths vary; none is documented). */
const LID = /^\d+@lid$/;
const GROUP_ID_NEW = /^\d{5,25}-group$/;
/** '<creator phone>-<creation time>': the suffix is far longer than the last block of a masked phone. */
const GROUP_ID_OLD = /^\d{8,15}-\d{8,}$/;
const PHONE_PUNCTUATION = /[\s().+-]/g;
/**
 * A WhatsApp channel's id: digits then @newsletter. docs/newsletter/introduction.md: the id
 * always carries the suffix, and every channel page writes it so (999999999999999999@newsletter).
 */
const CHANNEL_ID = /^\d{5,25}@newsletter$/;

const PHONE_HINT =
	'Use the country code, area code and number, for example 5511999999999 (+55 (11) 99999-9999 is accepted too).';

/** A phone as digits only: '+55 (11) 99999-9999' -> '5511999999999'. LID ids pass unchanged. */
export function normalizePhone(raw: unknown, field = 'Phone', hint = PHONE_HINT): string {
	const text = String(raw ?? '').trim();
	if (LID.test(text)) return text;
	if (!text) throw new InputError(`${field} is empty`, hint);
	if (/[^\d\s().+-]/.test(text)) {
		throw new InputError(`${field} '${text}' is not a phone number`, hint);
	}
	const digits = text.replace(PHONE_PUNCTUATION, '');
	if (digits.length < 8 || digits.length > 15) {
		throw new InputError(
			`${field} '${text}' has ${digits.length} digits; a phone with country code has 8 to 15`,
			hint,
		);
	}
	return digits;
}

export function isGroupId(text: string): boolean {
	return GROUP_ID_NEW.test(text) || GROUP_ID_OLD.test(text);
}

const GROUP_ID_FORMS =
	"Group IDs look like 120363019502650977-group (groups created since November 2021) or 5511999999999-1623281429 (older groups). The Z-API Trigger's group notifications carry it in the 'phone' field.";

/** A community's ID: digits only (docs/communities/*.md write 98372465382764532938, 120363019502650977). */
const COMMUNITY_ID = /^\d{5,25}$/;
/** Longer than any phone: digits only that can be a community's ID and nothing else. */
const LONGER_THAN_A_PHONE = /^\d{16,25}$/;

const COMMUNITY_RESOURCE =
	'The Community resource manages a community (members, admins, invite link, description, photo) by its ID, digits only.';

/** A group id in either of the service's two forms, or an error naming both (and the Community resource, for digits only). */
export function normalizeGroupId(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (isGroupId(text)) return text;
	if (LONGER_THAN_A_PHONE.test(text)) {
		throw new InputError(`'${text}' is a community ID, not a group ID`, `${COMMUNITY_RESOURCE} ${GROUP_ID_FORMS}`);
	}
	throw new InputError(
		text ? `'${text}' is not a Z-API group ID` : 'Group ID is empty',
		COMMUNITY_ID.test(text) ? `${GROUP_ID_FORMS} A community's ID (digits only) goes to the Community resource.` : GROUP_ID_FORMS,
	);
}

/**
 * A community's ID, digits only, as Community → Create and Get Many output it. A group ID is
 * refused with what to use instead: the community pages send `communityId` as digits only,
 * also to the endpoints groups share (docs/communities/add-community-participant.md).
 */
export function normalizeCommunityId(raw: unknown, field = 'Community ID'): string {
	const text = String(raw ?? '').trim();
	if (COMMUNITY_ID.test(text)) return text;
	const hint = 'A community ID is digits only, for example 98372465382764532938, as Community → Create and Get Many output it.';
	if (!text) throw new InputError(`${field} is empty`, `Give the ${field}, for example 98372465382764532938.`);
	if (isGroupId(text)) {
		throw new InputError(
			`'${text}' is a group ID, not a community ID`,
			`${hint} For a group, use the Group resource; a community's own groups (its announcement group included) are listed by Community → Get Metadata.`,
		);
	}
	throw new InputError(`${field} '${text.slice(0, 60)}' is not an ID Z-API gives`, hint);
}

export function isChannelId(text: string): boolean {
	return CHANNEL_ID.test(text);
}

const CHANNEL_HINT =
	'A channel ID is digits ending in @newsletter, for example 120363166555745933@newsletter, as Channel → Create, Get Many and Search output it.';

/**
 * A channel id as Z-API takes it: `<digits>@newsletter`. Bare digits are refused, not given
 * the suffix: phones and community IDs are bare digits too, and a phone or community mapped
 * into the field by mistake would reach Z-API as a channel that does not exist. The error
 * names the ID with the suffix, for the user to write it so when the digits are the channel's.
 */
export function normalizeChannelId(raw: unknown, field = 'Channel ID'): string {
	const text = String(raw ?? '').trim();
	if (CHANNEL_ID.test(text)) return text;
	if (!text) throw new InputError(`${field} is empty`, CHANNEL_HINT);
	if (/^\d{5,25}$/.test(text)) {
		throw new InputError(
			`${field} '${text}' has no @newsletter suffix`,
			`Z-API takes a channel ID only with its suffix: if these digits are the channel's, write ${text}@newsletter. Bare digits are also how phones and community IDs look, so the suffix is not added for you.`,
		);
	}
	if (/whatsapp\.com\/channel\//i.test(text)) {
		throw new InputError(
			`${field} '${text.slice(0, 80)}' is a channel link, not its ID`,
			`Follow the channel in WhatsApp or find it with Channel → Search, then take its ID from Channel → Get Many or Search. ${CHANNEL_HINT}`,
		);
	}
	throw new InputError(`${field} '${text.slice(0, 80)}' is not a WhatsApp channel ID`, CHANNEL_HINT);
}

/**
 * Who a chat is with: a phone, a group id, or a LID id as found in deliveries. A channel's id
 * (…@newsletter) is refused by name: Z-API's docs give no send or chat call that takes one
 * (the message pages' `phone` is a phone or a group ID; the channel pages manage channels).
 */
export function normalizeChatId(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (isGroupId(text) || LID.test(text)) return text;
	if (CHANNEL_ID.test(text)) {
		throw new InputError(
			`Phone '${text}' is a WhatsApp channel; channels are not supported here`,
			"Z-API documents no way to post to a channel or to use a channel's chat in this operation. Give a phone, a group ID (…-group) or a LID ID (…@lid); to manage a channel use the Channel resource.",
		);
	}
	return normalizePhone(
		text,
		'Phone',
		`${PHONE_HINT} Group IDs (…-group) and LID IDs (…@lid) are accepted as they are.`,
	);
}

/** What separates the entries of a list typed as text. */
const LIST_SEPARATORS = /[,;\n]/;

/**
 * The entries of a list as the user gives it: text separated by commas, semicolons or new
 * lines, a list (of such texts), or an expression giving either. Entries are trimmed, empty
 * ones dropped; an entry that is not text (an object) is refused, naming `field`.
 */
export function listEntries(raw: unknown, field: string, hint: string): string[] {
	const entries: string[] = [];
	for (const entry of Array.isArray(raw) ? raw.flat(3) : [raw]) {
		if (entry === undefined || entry === null) continue;
		if (typeof entry !== 'string' && typeof entry !== 'number' && typeof entry !== 'boolean') {
			throw new InputError(`An entry of ${field} is not text`, hint);
		}
		for (const part of String(entry).split(LIST_SEPARATORS)) if (part.trim()) entries.push(part.trim());
	}
	return entries;
}

/**
 * One or more phones from a comma-separated string, a list, or an expression giving
 * either. Duplicates are dropped; order is kept.
 */
export function parsePhoneList(raw: unknown, field = 'Phones'): string[] {
	const entries = listEntries(raw, field, `Give one or more phones separated by commas, or an expression returning a list. ${PHONE_HINT}`);
	if (!entries.length) {
		throw new InputError(
			`${field} is empty`,
			`Give one or more phones separated by commas, or an expression returning a list. ${PHONE_HINT}`,
		);
	}
	return [...new Set(entries.map((entry) => normalizePhone(entry, `${field} entry`)))];
}

/** An absolute https address: the service refuses anything else for webhooks. */
export function requireHttpsUrl(raw: unknown, field: string): string {
	const text = String(raw ?? '').trim();
	const url = parseUrl(text);
	if (!url) {
		throw new InputError(
			text ? `${field} '${text}' is not an absolute URL` : `${field} is empty`,
			'Give a full address starting with https://, for example https://n8n.example.com/webhook/zapi',
		);
	}
	if (url.protocol !== 'https:') {
		throw new InputError(
			`${field} must start with https:// (got ${url.protocol}//)`,
			'Z-API only delivers webhooks to https addresses. Put n8n behind https (set its WEBHOOK_URL to the public https address) or use a tunnel that gives an https address.',
		);
	}
	return url.toString();
}

/** What an http(s) address points at, for the hint of a refused one. */
export type WebAddressOf = 'page' | 'image' | 'video' | 'audio';

const WEB_ADDRESS_EXAMPLES: Record<WebAddressOf, string> = {
	page: 'https://example.com/page',
	image: 'https://example.com/photo.jpg',
	video: 'https://example.com/clip.mp4',
	audio: 'https://example.com/greeting.mp3',
};

/** An absolute http(s) address the service can open or download from. */
export function requireWebUrl(raw: unknown, field: string, pointsAt: WebAddressOf): string {
	const text = String(raw ?? '').trim();
	const url = parseUrl(text);
	if (!url || !['http:', 'https:'].includes(url.protocol)) {
		throw new InputError(
			text ? `${field} '${text}' is not an http(s) URL` : `${field} is empty`,
			`Give the full public address of the ${pointsAt}, for example ${WEB_ADDRESS_EXAMPLES[pointsAt]}`,
		);
	}
	return url.toString();
}

function parseUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

/**
 * An id the service takes inside its path (/queue/{zaapId}, /business/tag/{id}): trimmed,
 * not empty, and nothing that would change which path is called.
 */
export function requireIdSegment(raw: unknown, field: string, example: string): string {
	const text = String(raw ?? '').trim();
	if (!text) throw new InputError(`${field} is empty`, `Give the ${field}, for example ${example}.`);
	if (/[/\\?#%\s]/.test(text) || /^\.+$/.test(text)) {
		throw new InputError(`${field} '${text.slice(0, 60)}' is not an ID Z-API gives`, `An ID is letters and digits, for example ${example}.`);
	}
	return text;
}
