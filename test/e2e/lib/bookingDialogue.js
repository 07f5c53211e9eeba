'use strict';
const crypto = require('node:crypto');
/**
 * The short booking dialogue both real-n8n suites run (end to end and queue mode), appended to
 * a workflow that starts with a Z-API Trigger: Send and Wait for Reply asks the day with two
 * buttons (a wrong answer asked once more), then a text says what was booked, or that nothing
 * was. The example in examples/booking-dialogue.json is the longer dialogue users start from.
 */
const ASK = 'Ask the day';
const CONFIRM = 'Confirm';
const DAYS = [
	{ label: 'Monday', id: 'mon' },
	{ label: 'Tuesday', id: 'tue' },
];

/**
 * Adds the two nodes after the workflow's node named `after` (the trigger). `credentials` is
 * the nodes' credentials object; `state` the Conversation State credential the question and
 * the trigger keep the waiting questions with (the trigger's switch turned on where it has
 * one); `askExtra` overrides parameters of the question (its options, say).
 */
function withBookingDialogue(workflow, { after, actionType, credentials, state, askExtra = {} }) {
	const node = (name, x, parameters, extra = {}) => ({ id: crypto.randomUUID(), name, type: actionType, typeVersion: 1, position: [x, 0], parameters, credentials: { ...credentials, ...extra } });
	const trigger = workflow.nodes.find((one) => one.name === after);
	trigger.credentials = { ...trigger.credentials, zApiConversationStateApi: state };
	if (trigger.typeVersion >= 1.2) trigger.parameters = { ...trigger.parameters, followedByCombine: true };
	workflow.nodes.push(
		node(ASK, 260, {
			resource: 'message',
			operation: 'sendAndWaitForReply',
			phone: '={{ $json.phone }}',
			questionType: 'buttons',
			message: 'Which day suits you?',
			buttons: { button: DAYS },
			answerRule: 'choice',
			reaskMessage: 'Please tap Monday or Tuesday.',
			reaskTimes: 1,
			...askExtra,
		}, { zApiConversationStateApi: state }),
		node(CONFIRM, 520, {
			resource: 'message',
			operation: 'sendText',
			phone: '={{ $json.phone }}',
			message: "={{ $json.replied ? 'Booked: ' + $json.text : 'No answer: nothing booked.' }}",
			options: {},
		}),
	);
	workflow.connections = {
		...workflow.connections,
		[after]: { main: [[{ node: ASK, type: 'main', index: 0 }]] },
		[ASK]: { main: [[{ node: CONFIRM, type: 'main', index: 0 }]] },
	};
	return workflow;
}

module.exports = { ASK, CONFIRM, DAYS, withBookingDialogue };
