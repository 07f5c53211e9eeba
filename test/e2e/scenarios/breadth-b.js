'use strict';
/**
 * Message, Chat and Contact operations that change something the stand-in keeps, in a real
 * n8n: a workflow of Z-API nodes in a row, then the stand-in's state. Pinning and unpinning a
 * message, voting in a poll sent just before, a chat's notes and timer, the address book.
 */
const { runSteps } = require('./groups');

const ANA = '5511988887777';

module.exports = {
	group: 'breadth-b',
	order: 47,
	scenarios: [
		{
			name: 'Pin Message pins a received message for 30 days; Unpin Message, run after, takes the pin off',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('breadth-b pin', { chats: [{ phone: ANA, count: 2, fromMeEvery: 0 }] });
				const [messageId] = inst.chats[ANA].messageIds;
				const pinned = await runSteps(t, inst, [{ resource: 'message', operation: 'pinMessage', phone: '+55 (11) 98888-7777', messageId, pinDuration: '30_days' }]);
				const [output] = pinned.outputs[0];
				assert.equal(output.pinnedMessageId, messageId);
				assert.equal(output.pinned, true);
				assert.equal(output.phone, ANA);
				const [pin] = t.standIn.messageState(inst.id).pins;
				assert.deepEqual({ phone: pin.phone, messageId: pin.messageId, duration: pin.duration }, { phone: ANA, messageId, duration: '30_days' });
				assert.ok(pin.until - Date.now() > 29 * 24 * 3600 * 1000, `pinned until ${new Date(pin.until).toISOString()}`);

				const unpinned = await runSteps(t, inst, [{ resource: 'message', operation: 'unpinMessage', phone: ANA, messageId }]);
				assert.equal(unpinned.outputs[0][0].pinned, false);
				assert.deepEqual(t.standIn.messageState(inst.id).pins, []);
			},
		},
		{
			name: "Send Poll, then Vote in Poll with the poll's messageId: the stand-in records the vote",
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('breadth-b poll');
				const { outputs } = await runSteps(t, inst, [
					{ resource: 'message', operation: 'sendPoll', phone: ANA, message: 'Lunch?', answers: 'Pizza\nSushi\nTacos', singleChoice: true },
					{ resource: 'message', operation: 'votePoll', phone: '={{ $json.phone }}', pollMessageId: '={{ $json.messageId }}', votes: 'Sushi' },
				]);
				const [poll] = outputs[0];
				const [vote] = outputs[1];
				assert.equal(vote.pollMessageId, poll.messageId);
				assert.deepEqual(vote.votes, ['Sushi']);
				assert.deepEqual(t.standIn.messageState(inst.id).votes, [{ phone: ANA, pollMessageId: poll.messageId, options: ['Sushi'] }]);
			},
		},
		{
			name: "Set Notes then Get Notes reads the chat's note back; Mark as Unread, Set Disappearing Messages and Add to Address Book show in the stand-in",
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('breadth-b chat', { chats: [{ phone: ANA, count: 2, fromMeEvery: 0 }] });
				const { outputs } = await runSteps(t, inst, [
					{ resource: 'chat', operation: 'markChatAsRead', phone: ANA },
					{ resource: 'chat', operation: 'setChatNotes', phone: ANA, notes: 'Wants the blue one' },
					{ resource: 'chat', operation: 'getChatNotes', phone: ANA },
					{ resource: 'chat', operation: 'markChatAsUnread', phone: ANA },
					{ resource: 'chat', operation: 'setDisappearingMessages', phone: ANA, chatExpiration: '24_HOURS' },
					{ resource: 'contact', operation: 'addToAddressBook', phone: ANA, firstName: 'Ana', options: { lastName: 'Lima' } },
				]);
				assert.equal(outputs[2][0].content, 'Wants the blue one');
				const chat = t.standIn.chatBook(inst.id).chats.find((c) => c.phone === ANA);
				assert.equal(chat.unread, 1);
				assert.equal(chat.disappearing, '24_HOURS');
				assert.equal(chat.notes.content, 'Wants the blue one');
				assert.deepEqual(t.standIn.chatBook(inst.id).addressBook, [ANA]);
				assert.equal(t.standIn.chatBook(inst.id).contacts.find((c) => c.phone === ANA).name, 'Ana Lima');
			},
		},
	],
};
