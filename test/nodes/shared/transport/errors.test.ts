/** What an error says, as log lines and other errors quote it: one reader for every module. */
import { messageOf, triedTimes } from '../../../../nodes/shared/transport/errors';

it.each([
	['an Error', new Error('connect ECONNREFUSED 127.0.0.1:443'), 'connect ECONNREFUSED 127.0.0.1:443'],
	['an Error subclass', new TypeError('Invalid URL'), 'Invalid URL'],
	['an Error without a message', new Error(''), ''],
	['text thrown as it is', 'socket hang up', 'socket hang up'],
	['a number', 404, '404'],
	['nothing', undefined, 'undefined'],
	['null', null, 'null'],
])('messageOf(%s)', (_what, error, expected) => {
	expect(messageOf(error)).toBe(expected);
});

it.each([
	[1, 'Tried once'],
	[2, 'Tried twice'],
	[3, 'Tried 3 times'],
	[10, 'Tried 10 times'],
])('%i tries read "%s"', (attempts, expected) => {
	expect(triedTimes(attempts)).toBe(expected);
});
