'use strict';
/**
 * WhatsApp channels (newsletters) on the stand-in, every call of docs/newsletter/*.md and the
 * admin invite send (docs/message/send-newsletter-admin-invite.md). A channel ID is digits then
 * @newsletter, in the body as `id` or in the path (encoded or not). Each instance has its own
 * channels: those it created (role OWNER), follows (SUBSCRIBER) or runs as an admin (ADMIN);
 * the public directory below is what Search finds and Follow follows.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST   /create-newsletter {name, description?}            201 {id: "<18 digits>@newsletter"}; missing name 400
 *   POST   /update-newsletter-picture {id, pictureUrl}        201 {value: true}; pictureUrl an http(s) URL, data URI or bare base64
 *   POST   /update-newsletter-name {id, name}                 201 {value: true}
 *   POST   /update-newsletter-description {id, description}  201 {value: true}
 *          (those three: the instance must own the channel or be one of its admins)
 *   PUT    /follow-newsletter {id}      {value: true}: a channel of the directory not yet in the instance's list
 *   PUT    /unfollow-newsletter {id}    {value: true}: a channel the instance follows (an owner deletes, not unfollows)
 *   PUT    /mute-newsletter {id}, /unmute-newsletter {id}      {value: true}: a channel in the instance's list
 *   DELETE /delete-newsletter {id}      {value: true}: a channel the instance owns; no body, {value: false}
 *   GET    /newsletter                  [metadata…] of the instance's channels, in the order they joined its list
 *   GET    /newsletter/metadata/{id}    metadata of a channel in the list or the directory; another {error}
 *   POST   /search-newsletter {limit, view?, filters: {countryCodes}, searchText?}
 *          {cursor: null, data: [{id, name, description, subscribersCount, picture}]}: directory channels of
 *          those countries, in `view`'s list when given, whose name or description holds searchText (any case);
 *          at most `limit`. limit not a positive number, or countryCodes not a list of 2-letter codes: 400
 *   POST   /newsletter/settings/{id} {reactionCodes: basic|all}  {value: true}; owner or admin
 *   POST   /newsletter/accept-admin-invite/{id}                  201 (no body): an invite the instance received
 *          (/_control/newsletter-admin-invites); the channel joins its list as ADMIN
 *   POST   /newsletter/remove-admin/{id} {phone}                 201 (no body): an admin of a channel it owns
 *   POST   /newsletter/revoke-admin-invite/{id} {phone}          201 (no body): an invite it sent, not yet accepted
 *   POST   /newsletter/transfer-ownership/{id} {phone, quitAdmin?}  {value: true}: the phone must be an admin;
 *          the instance becomes an admin, or leaves the list with quitAdmin; else {value: false, message}
 *   POST   /send-newsletter-admin-invite {phone, adminInviteMessage: {newsletterId, caption}}
 *          {zaapId, messageId, id}: a channel the instance owns, a phone as digits; the phone is invited
 *   Refusals of a well-formed call answer 200 {value: false} with the reason in X-Stand-In-Reason
 *   (the pages show no failure body); a malformed body is a 400 {error}.
 *
 * CONTROL ROUTES
 *   GET  /_control/newsletters?instanceId=   {channels: [{id, name, description, picture, role, mute,
 *        reactionCodes, admins, invited}], deleted: [id…], adminInvites: [id…]}
 *   POST /_control/newsletter-admin-invites {instanceId, newsletterId}   the instance is invited to run a
 *        directory channel (what the Trigger's Channel Admin Invite announces)
 *   POST /_control/newsletter-admins {instanceId, newsletterId, phone}   the person invited accepts: from
 *        `invited` to `admins` of a channel the instance owns
 */
const crypto = require('node:crypto');

const CHANNEL_ID = /^\d{5,25}@newsletter$/;
const PHONE = /^(\d{8,15}|\d{5,25}@lid)$/;
const VIEWS = ['RECOMMENDED', 'TRENDING', 'POPULAR', 'NEW'];

/** Public channels of others, as docs/newsletter/search-newsletter.md and newsletter-list.md show them. */
const DIRECTORY = [
	{
		id: '120363166555745933@newsletter',
		creationTime: '1695643504',
		name: 'Z-API',
		description: 'Official Z-API Newsletter',
		subscribersCount: '123',
		inviteLink: 'https://www.whatsapp.com/channel/0029Va5Xk71a',
		verification: 'VERIFIED',
		picture: 'https://mmg.whatsapp.net/v/t61.24694-24/383686038_859672472421500_990610487096734362_n.jpg',
		country: 'BR',
		views: ['RECOMMENDED', 'TRENDING', 'POPULAR'],
	},
	{
		id: '120363199999999999@newsletter',
		creationTime: '1695237295',
		name: 'Example Newsletter',
		description: 'Example',
		subscribersCount: '0',
		inviteLink: 'https://www.whatsapp.com/channel/0029Va5Xk71a123',
		verification: 'UNVERIFIED',
		picture: null,
		country: 'CA',
		views: ['NEW'],
	},
];

function createNewsletters({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { next: 1, channels: new Map(), deleted: [], adminInvites: new Set() });
		return books.get(inst);
	};
	const refuse = (reason, extra = {}) => ({ body: { value: false, ...extra }, headers: { 'X-Stand-In-Reason': reason } });
	const done = (status = 200) => ({ status, body: { value: true } });
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});
	const directoryEntry = (id) => DIRECTORY.find((entry) => entry.id === id);

	/** A channel as the list and metadata pages show it. */
	function metadataOf(channel) {
		const preview = typeof channel.picture === 'string' ? `${channel.picture}?stp=dst-jpg_s192x192` : null;
		const record = {
			id: channel.id,
			creationTime: channel.creationTime,
			state: 'ACTIVE',
			name: channel.name,
			description: channel.description,
			subscribersCount: channel.subscribersCount,
			inviteLink: channel.inviteLink,
			verification: channel.verification,
			picture: channel.picture,
			preview,
		};
		// A channel the instance has no relation with has no view (stand-in choice: the page does not say).
		if (channel.role) record.viewMetadata = { mute: channel.mute, role: channel.role };
		return record;
	}

	/** A channel of the instance's list named by `id` (body or path), or the refusal to answer. */
	function listed(instance, id, roles) {
		if (typeof id !== 'string' || !CHANNEL_ID.test(id)) return { refusal: refuse('no channel id ending in @newsletter') };
		const channel = bookOf(instance).channels.get(id);
		if (!channel) return { refusal: refuse('no such channel in the instance') };
		if (roles && !roles.includes(channel.role)) return { refusal: refuse(`the instance is ${channel.role} of the channel, not ${roles.join(' or ')}`) };
		return { channel };
	}

	function create({ instance, body }) {
		const fields = fieldsOf(body);
		if (typeof fields.name !== 'string' || !fields.name.trim()) throw new HttpError(400, { error: 'name is required' });
		const book = bookOf(instance);
		const id = `${String(120363000000000000 + book.next++)}@newsletter`;
		book.channels.set(id, {
			id,
			creationTime: String(Math.floor(Date.now() / 1000)),
			name: fields.name.trim(),
			description: typeof fields.description === 'string' ? fields.description : '',
			subscribersCount: '0',
			inviteLink: `https://www.whatsapp.com/channel/${crypto.randomBytes(9).toString('base64url')}`,
			verification: 'UNVERIFIED',
			picture: null,
			role: 'OWNER',
			mute: 'OFF',
			reactionCodes: 'all',
			admins: [],
			invited: [],
		});
		return { status: 201, body: { id } };
	}

	/** Picture, name and description: {id, <field>} by an owner or admin, answered 201. */
	const update = (field, check) => ({ instance, body }) => {
		const fields = fieldsOf(body);
		const { channel, refusal } = listed(instance, fields.id, ['OWNER', 'ADMIN']);
		if (refusal) return refusal;
		const problem = check(fields[field]);
		if (problem) return refuse(problem);
		channel[field === 'pictureUrl' ? 'picture' : field] = field === 'pictureUrl' && !/^https?:/i.test(fields[field]) ? 'https://mmg.whatsapp.net/stand-in/picture.jpg' : fields[field];
		return done(201);
	};
	const text = (name) => (value) => (typeof value === 'string' && value.trim() ? null : `${name} must be text`);
	const picture = (value) =>
		typeof value === 'string' && (/^https?:\/\/\S+$/i.test(value) || /^data:image\/[a-z+]+;base64,[A-Za-z0-9+/=]+$/.test(value) || /^[A-Za-z0-9+/]{16,}={0,2}$/.test(value))
			? null
			: 'pictureUrl must be an http(s) URL or base64';

	function follow({ instance, body }) {
		const { id } = fieldsOf(body);
		if (typeof id !== 'string' || !CHANNEL_ID.test(id)) return refuse('no channel id ending in @newsletter');
		const book = bookOf(instance);
		if (book.channels.has(id)) return refuse('the channel is already in the instance');
		const entry = directoryEntry(id);
		if (!entry) return refuse('no such channel');
		const { country: _country, views: _views, ...channel } = entry;
		book.channels.set(id, { ...clone(channel), role: 'SUBSCRIBER', mute: 'OFF', reactionCodes: 'all', admins: [], invited: [] });
		return done();
	}

	function unfollow({ instance, body }) {
		const { id } = fieldsOf(body);
		const { refusal } = listed(instance, id, ['SUBSCRIBER']);
		if (refusal) return refusal;
		bookOf(instance).channels.delete(id);
		return done();
	}

	const setMute = (mute) => ({ instance, body }) => {
		const { channel, refusal } = listed(instance, fieldsOf(body).id);
		if (refusal) return refusal;
		channel.mute = mute;
		return done();
	};

	function remove({ instance, body }) {
		const book = bookOf(instance);
		const { id } = fieldsOf(body);
		if (typeof id !== 'string' || !id.endsWith('@newsletter')) return refuse('the body has no channel id ending in @newsletter');
		const { refusal } = listed(instance, id, ['OWNER']);
		if (refusal) return refusal;
		book.channels.delete(id);
		book.deleted.push(id);
		return done();
	}

	function metadata({ instance, params }) {
		const channel = bookOf(instance).channels.get(params.id) ?? directoryEntry(params.id);
		if (!channel) return { body: { error: 'Newsletter not found' }, headers: { 'X-Stand-In-Reason': 'no such channel' } };
		return { body: metadataOf(channel) };
	}

	function search({ body }) {
		const { limit, view, filters, searchText } = fieldsOf(body);
		const count = Number(limit);
		if (!Number.isInteger(count) || count < 1) throw new HttpError(400, { error: 'limit must be a positive number' });
		const countryCodes = fieldsOf(filters).countryCodes;
		if (!Array.isArray(countryCodes) || !countryCodes.length || !countryCodes.every((code) => typeof code === 'string' && /^[A-Z]{2}$/.test(code))) {
			throw new HttpError(400, { error: 'filters.countryCodes must be a list of country codes' });
		}
		if (view !== undefined && !VIEWS.includes(view)) throw new HttpError(400, { error: `view must be one of ${VIEWS.join(', ')}` });
		const wanted = typeof searchText === 'string' ? searchText.trim().toLowerCase() : '';
		const data = DIRECTORY.filter(
			(entry) =>
				countryCodes.includes(entry.country) &&
				(view === undefined || entry.views.includes(view)) &&
				(!wanted || `${entry.name} ${entry.description}`.toLowerCase().includes(wanted)),
		)
			.slice(0, count)
			.map(({ id, name, description, subscribersCount, picture: image }) => ({ id, name, description, subscribersCount, picture: image }));
		// The page: the cursor is always null until WhatsApp gives one.
		return { body: { cursor: null, data } };
	}

	function settings({ instance, params, body }) {
		const { channel, refusal } = listed(instance, params.id, ['OWNER', 'ADMIN']);
		if (refusal) return refusal;
		const { reactionCodes } = fieldsOf(body);
		if (reactionCodes !== 'basic' && reactionCodes !== 'all') return refuse('reactionCodes must be basic or all');
		channel.reactionCodes = reactionCodes;
		return done();
	}

	function acceptAdminInvite({ instance, params }) {
		const book = bookOf(instance);
		if (!CHANNEL_ID.test(params.id)) return refuse('no channel id ending in @newsletter');
		if (!book.adminInvites.has(params.id)) return refuse('no admin invite for this channel');
		book.adminInvites.delete(params.id);
		const existing = book.channels.get(params.id);
		if (existing) existing.role = 'ADMIN';
		else {
			const { country: _country, views: _views, ...channel } = directoryEntry(params.id);
			book.channels.set(params.id, { ...clone(channel), role: 'ADMIN', mute: 'OFF', reactionCodes: 'all', admins: [], invited: [] });
		}
		return { status: 201 };
	}

	/** Remove an admin or revoke an invite: {phone} found in the owned channel's `list`, answered 201. */
	const dropPerson = (list, missing) => ({ instance, params, body }) => {
		const { channel, refusal } = listed(instance, params.id, ['OWNER']);
		if (refusal) return refusal;
		const { phone } = fieldsOf(body);
		if (typeof phone !== 'string' || !PHONE.test(phone)) throw new HttpError(400, { error: 'phone must be digits' });
		if (!channel[list].includes(phone)) return refuse(missing);
		channel[list] = channel[list].filter((entry) => entry !== phone);
		return { status: 201 };
	};

	function transferOwnership({ instance, params, body }) {
		const { channel, refusal } = listed(instance, params.id, ['OWNER']);
		if (refusal) return refusal;
		const { phone, quitAdmin } = fieldsOf(body);
		if (typeof phone !== 'string' || !PHONE.test(phone)) throw new HttpError(400, { error: 'phone must be digits' });
		if (!channel.admins.includes(phone)) return refuse('the phone is not an admin of the channel', { message: 'The new owner must be an admin of the channel' });
		if (quitAdmin === true) bookOf(instance).channels.delete(channel.id);
		else {
			channel.role = 'ADMIN';
			channel.admins = channel.admins.filter((entry) => entry !== phone);
		}
		return done();
	}

	function sendAdminInvite({ instance, body }) {
		const { phone, adminInviteMessage } = fieldsOf(body);
		if (typeof phone !== 'string' || !PHONE.test(phone)) throw new HttpError(400, { error: 'phone must be digits' });
		const { newsletterId, caption } = fieldsOf(adminInviteMessage);
		if (typeof caption !== 'string') throw new HttpError(400, { error: 'adminInviteMessage.caption is required' });
		const { channel, refusal } = listed(instance, newsletterId, ['OWNER']);
		if (refusal) return refusal;
		if (!channel.invited.includes(phone) && !channel.admins.includes(phone)) channel.invited.push(phone);
		const messageId = crypto.randomBytes(10).toString('hex').toUpperCase();
		return { body: { zaapId: crypto.randomBytes(16).toString('hex').toUpperCase(), messageId, id: messageId } };
	}

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return {
			channels: [...book.channels.values()].map(({ id, name, description, picture: image, role, mute, reactionCodes, admins, invited }) =>
				clone({ id, name, description, picture: image, role, mute, reactionCodes, admins, invited }),
			),
			deleted: [...book.deleted],
			adminInvites: [...book.adminInvites],
		};
	};

	function inviteInstance({ body }) {
		const { instanceId, newsletterId } = fieldsOf(body);
		if (!directoryEntry(newsletterId)) throw new HttpError(400, { error: `newsletterId must be a channel of the directory: ${DIRECTORY.map((entry) => entry.id).join(', ')}` });
		bookOf(getInstance(instanceId)).adminInvites.add(newsletterId);
		return { body: view(instanceId) };
	}

	function acceptedByPerson({ body }) {
		const { instanceId, newsletterId, phone } = fieldsOf(body);
		const channel = bookOf(getInstance(instanceId)).channels.get(newsletterId);
		if (!channel || channel.role !== 'OWNER') throw new HttpError(400, { error: 'newsletterId must be a channel the instance owns' });
		if (!channel.invited.includes(phone)) throw new HttpError(400, { error: 'the phone has no invite to this channel' });
		channel.invited = channel.invited.filter((entry) => entry !== phone);
		channel.admins.push(phone);
		return { body: view(instanceId) };
	}

	return {
		serviceRoutes: [
			route('POST', '/create-newsletter', create),
			route('POST', '/update-newsletter-picture', update('pictureUrl', picture)),
			route('POST', '/update-newsletter-name', update('name', text('name'))),
			route('POST', '/update-newsletter-description', update('description', text('description'))),
			route('PUT', '/follow-newsletter', follow),
			route('PUT', '/unfollow-newsletter', unfollow),
			route('PUT', '/mute-newsletter', setMute('ON')),
			route('PUT', '/unmute-newsletter', setMute('OFF')),
			// Its body says which channel: taken on a DELETE, and an empty one is read as none.
			{ ...route('DELETE', '/delete-newsletter', remove), jsonBody: true, emptyBody: true },
			route('GET', '/newsletter', ({ instance }) => ({ body: [...bookOf(instance).channels.values()].map(metadataOf) })),
			route('GET', '/newsletter/metadata/:id', metadata),
			route('POST', '/search-newsletter', search),
			route('POST', '/newsletter/settings/:id', settings),
			// No body on the page: n8n sends an empty one with the JSON Content-Type.
			{ ...route('POST', '/newsletter/accept-admin-invite/:id', acceptAdminInvite), emptyBody: true },
			route('POST', '/newsletter/remove-admin/:id', dropPerson('admins', 'the phone is not an admin of the channel')),
			route('POST', '/newsletter/revoke-admin-invite/:id', dropPerson('invited', 'the phone has no pending invite to the channel')),
			route('POST', '/newsletter/transfer-ownership/:id', transferOwnership),
			route('POST', '/send-newsletter-admin-invite', sendAdminInvite),
		],
		controlRoutes: [
			route('GET', '/_control/newsletters', ({ query }) => ({ body: view(query.get('instanceId')) })),
			route('POST', '/_control/newsletter-admin-invites', inviteInstance),
			route('POST', '/_control/newsletter-admins', acceptedByPerson),
		],
		newsletters: view,
	};
}

module.exports = { createNewsletters, DIRECTORY };
