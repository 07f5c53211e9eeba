'use strict';
const { ASK, DAYS } = require('./bookingDialogue');
/**
 * Conversations asked and answered at the same moment, with the booking dialogue
 * (lib/bookingDialogue.js), run the same way by both real-n8n suites (end to end and queue
 * mode): `count` chats write at once, so `count` executions each send their chat a question
 * at once; once every question is at the stand-in, and a pause as people read it, the chats
 * all answer at once, each its own day (Monday or Tuesday by turns), quoting its question.
 *
 * Counted from n8n's executions and the stand-in's log, never from timings:
 * - resumed: executions resumed with their own chat's answer (the message id that chat sent);
 * - lost: chats whose answer resumed no execution;
 * - crossed: executions resumed with another chat's answer, or with the wrong day;
 * - doubled: answers that resumed more than one execution, or chats told "Booked" more than once;
 * - started: executions the answers started (the workflow asks every chat that starts it, so
 *   also chats asked more than once).
 *
 * `io`: emit(phone, kind, fields) → the delivered message's payload (its messageId), after
 * asserting n8n answered it; sent(phone) → what the instance sent that chat, oldest first;
 * executions() → the workflow's executions with their data; triggerName; sleep; log.
 */
async function conversationsAtOnce(io, { count, phoneOf, askedWithinMs = 120_000, answeredWithinMs = 120_000 }) {
	const phones = Array.from({ length: count }, (_, index) => phoneOf(index));
	const dayOf = (index) => DAYS[index % DAYS.length];
	const questionsTo = (phone) => io.sent(phone).filter((s) => s.path === '/send-button-list');
	const bookingsOf = (phone) => io.sent(phone).filter((s) => typeof s.body?.message === 'string' && s.body.message.startsWith('Booked: '));
	const until = async (done, withinMs) => {
		const end = Date.now() + withinMs;
		while (Date.now() < end && !done()) await io.sleep(300);
	};

	await Promise.all(phones.map((phone) => io.emit(phone, 'text', { phone, message: 'I would like to book' })));
	await until(() => phones.every((phone) => questionsTo(phone).length > 0), askedWithinMs);
	const unasked = phones.filter((phone) => !questionsTo(phone).length);
	if (unasked.length) throw new Error(`${unasked.length} of ${count} chats got no question: ${unasked.join(', ')}`);
	const questions = phones.map((phone) => questionsTo(phone)[0]);

	// Everyone answers at the same moment, a few seconds after the question (as people read it).
	await io.sleep(3_000);
	const answers = await Promise.all(
		phones.map((phone, index) =>
			io.emit(phone, 'button', {
				phone,
				overrides: { buttonsResponseMessage: { buttonId: dayOf(index).id, message: dayOf(index).label }, referenceMessageId: questions[index].messageId },
			}),
		),
	);
	const answerIds = new Map(answers.map((answer, index) => [answer.messageId, phones[index]]));
	await until(() => phones.every((phone) => bookingsOf(phone).length > 0), answeredWithinMs);
	// What came late would show here: a doubled booking, an execution started by an answer.
	await io.sleep(2_000);

	const executions = await io.executions();
	const firstItem = (execution, node) => execution.data?.resultData?.runData?.[node]?.[0]?.data?.main?.[0]?.[0]?.json ?? {};
	const resumedWith = new Map(); // answer message id → executions it resumed
	const crossed = [];
	const started = [];
	let resumed = 0;
	for (const execution of executions) {
		const start = firstItem(execution, io.triggerName);
		if (answerIds.has(start.messageId)) started.push(`execution ${execution.id} started by ${start.phone}'s answer`);
		const output = firstItem(execution, ASK);
		if (output.replied !== true) continue;
		resumedWith.set(output.messageId, [...(resumedWith.get(output.messageId) ?? []), execution.id]);
		const index = phones.indexOf(start.phone);
		const own = index >= 0 && answerIds.get(output.messageId) === start.phone && output.buttonId === dayOf(index).id && output.questionMessageId === questions[index].messageId;
		if (own) resumed++;
		else crossed.push(`execution ${execution.id} of ${start.phone} resumed with ${output.phone}'s ${output.buttonId} (${output.messageId})`);
	}
	const lost = phones.filter((phone, index) => !resumedWith.has(answers[index].messageId));
	const doubled = [
		...[...resumedWith].filter(([, ids]) => ids.length > 1).map(([id, ids]) => `${answerIds.get(id)}'s answer resumed executions ${ids.join(', ')}`),
		...phones.filter((phone) => bookingsOf(phone).length > 1).map((phone) => `${phone} told "Booked" ${bookingsOf(phone).length} times`),
	];
	started.push(...phones.filter((phone) => questionsTo(phone).length > 1).map((phone) => `${phone} asked ${questionsTo(phone).length} times`));
	const wrongDay = phones.filter((phone, index) => bookingsOf(phone).some((s) => s.body.message !== `Booked: ${dayOf(index).label}`));
	crossed.push(...wrongDay.map((phone) => `${phone} told ${bookingsOf(phone).map((s) => s.body.message).join(', ')}`));
	const notSuccess = executions.filter((e) => e.status !== 'success').map((e) => `${e.id} ${e.status}`);
	const report = {
		conversations: count,
		executions: executions.length,
		resumed,
		lost: lost.length,
		crossed: crossed.length,
		doubled: doubled.length,
		started: started.length,
		notSuccess: notSuccess.length,
	};
	io.log(`      ${count} conversations at once: ${JSON.stringify(report)}`);
	const details = [...lost.map((phone) => `${phone}'s answer resumed nothing`), ...crossed, ...doubled, ...started, ...notSuccess.map((e) => `execution ${e}`)];
	if (resumed !== count || lost.length || crossed.length || doubled.length || started.length || notSuccess.length || executions.length !== count) {
		throw new Error(`${JSON.stringify(report)}: ${details.slice(0, 12).join('; ')}`);
	}
	return report;
}

module.exports = { conversationsAtOnce };
