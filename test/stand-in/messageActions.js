'use strict';
/**
 * Acting on a message already in a chat, with state: pinning it and voting in a poll.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token}); answers {zaapId, messageId, id}
 *   POST /pin-message {phone, messageId, messageAction: pin|unpin, pinMessageDuration: 24_hours|7_days|30_days}
 *        The message must be in the chat (sent or received). A pin lasts its duration; pinning
 *        again replaces it; an unpin of a message not pinned is refused. The duration is
 *        required for a pin and ignored for an unpin (docs/message/send-pin-message.md).
 *   POST /send-poll-vote {phone, pollMessageId, pollVote: [{name}]}
 *        The poll must be one this instance sent to that chat (the stand-in keeps their
 *        answers); each vote must be one of its answers, one only for a single-choice poll.
 *        Voting again replaces the instance's vote, as WhatsApp does.
 *   Refusals: 400 {"error": ...}.
 *
 * CONTROL ROUTES
 *   GET /_control/message-state?instanceId=   {pins: [{phone, messageId, duration, until}], votes: [{phone, pollMessageId, options}]}
 */
const crypto = require('node:crypto');

const PHONE = /^(\d{8,15}|\d{10,25}-group|\d{8,15}-\d{8,}|\d{5,25}@lid)$/;
const PIN_SECONDS = { '24_hours': 24 * 3600, '7_days': 7 * 24 * 3600, '30_days': 30 * 24 * 3600 };

function createMessageActions({ route, HttpError, getInstance, sentMessage }) {
	/** instance object -> { pins: Map<messageId, pin>, votes: Map<pollMessageId, vote> } */
	const states = new WeakMap();
	const stateOf = (inst) => {
		if (!states.has(inst)) states.set(inst, { pins: new Map(), votes: new Map() });
		return states.get(inst);
	};
	const bad = (error) => new HttpError(400, { error });
	const answer = () => {
		const messageId = crypto.randomBytes(10).toString('hex').toUpperCase();
		return { body: { zaapId: crypto.randomBytes(16).toString('hex').toUpperCase(), messageId, id: messageId } };
	};

	function checkPhone(body) {
		if (typeof body.phone !== 'string' || !PHONE.test(body.phone)) throw bad(`phone "${body.phone}" is not a phone (digits only), a group id or a LID`);
		return body.phone;
	}

	const inChat = (inst, phone, messageId) => (inst.chats.get(phone) || []).some((m) => m.messageId === messageId);

	function pinMessage({ instance, body }) {
		const b = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		const phone = checkPhone(b);
		if (!b.messageId) throw bad('messageId is required');
		if (b.messageAction !== 'pin' && b.messageAction !== 'unpin') throw bad('messageAction must be pin or unpin');
		if (!inChat(instance, phone, String(b.messageId))) throw bad(`No message ${b.messageId} in the chat with ${phone}`);
		const { pins } = stateOf(instance);
		if (b.messageAction === 'pin') {
			const seconds = PIN_SECONDS[b.pinMessageDuration];
			if (!seconds) throw bad('pinMessageDuration must be 24_hours, 7_days or 30_days');
			pins.set(String(b.messageId), { phone, messageId: String(b.messageId), duration: b.pinMessageDuration, until: Date.now() + seconds * 1000 });
		} else {
			const pin = pins.get(String(b.messageId));
			if (!pin || pin.until < Date.now()) throw bad(`Message ${b.messageId} is not pinned`);
			pins.delete(String(b.messageId));
		}
		return answer();
	}

	function votePoll({ instance, body }) {
		const b = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		const phone = checkPhone(b);
		if (!b.pollMessageId) throw bad('pollMessageId is required');
		const votes = b.pollVote;
		if (!Array.isArray(votes) || !votes.length || !votes.every((v) => v && typeof v.name === 'string' && v.name)) throw bad('pollVote must be a list of {name}');
		const poll = sentMessage(instance, String(b.pollMessageId));
		if (!poll || poll.path !== '/send-poll' || poll.phone !== phone) throw bad(`No poll ${b.pollMessageId} in the chat with ${phone}`);
		const answers = poll.body.poll.map((option) => option.name);
		const unknown = votes.find((v) => !answers.includes(v.name));
		if (unknown) throw bad(`"${unknown.name}" is not an answer of the poll (answers: ${answers.join(', ')})`);
		if (poll.body.pollMaxOptions === 1 && votes.length > 1) throw bad('The poll takes one answer only');
		stateOf(instance).votes.set(String(b.pollMessageId), { phone, pollMessageId: String(b.pollMessageId), options: votes.map((v) => v.name) });
		return answer();
	}

	const state = (instanceId) => {
		const inst = getInstance(instanceId);
		const { pins, votes } = stateOf(inst);
		const now = Date.now();
		return { pins: [...pins.values()].filter((pin) => pin.until >= now), votes: [...votes.values()] };
	};

	return {
		serviceRoutes: [route('POST', '/pin-message', pinMessage), route('POST', '/send-poll-vote', votePoll)],
		controlRoutes: [route('GET', '/_control/message-state', ({ query }) => ({ body: state(query.get('instanceId')) }))],
		state,
	};
}

module.exports = { createMessageActions };
