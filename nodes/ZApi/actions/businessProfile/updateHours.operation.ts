import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { changeBusinessProfile } from './helpers';

/*
 * docs/business/set-business-hours.md: POST /business/hours {timezone, mode?, days?}, each day
 * {dayOfWeek, openTime, closeTime} with times as hh:mm. The page's example lists MONDAY twice
 * (08:00–12:00 and 14:00–18:00): a day may have several rows. An empty `days` marks every day
 * closed. The page gives the modes and lists `days` as "the days of the week the business
 * operates" without tying the times to a mode: with Open 24 Hours or By Appointment Only the
 * rows name the open days and carry no times (none to give), as the panel hides them then.
 */

const MODES: INodePropertyOptions[] = [
	{ name: 'Specific Hours', value: 'specificHours', description: 'Open on the days listed, between their opening and closing times' },
	{ name: 'Open 24 Hours', value: 'open24h', description: 'Open all day on the days listed' },
	{ name: 'By Appointment Only', value: 'appointmentOnly', description: 'Customers book a time on the days listed' },
];

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const dayName = (day: string) => `${day.charAt(0)}${day.slice(1).toLowerCase()}`;

const DAYS_HINT = 'Add one row per opening period: the day, then its opening and closing times as hh:mm (08:00, 18:30). A day open twice (a lunch break) takes two rows.';

/** A time as hh:mm, from 00:00 to 23:59; 8:00 becomes 08:00. */
function readTime(raw: unknown, field: string, row: number): string {
	const text = String(raw ?? '').trim();
	const match = /^(\d{1,2}):(\d{2})$/.exec(text);
	if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
		throw new InputError(
			text ? `${field} of row ${row} '${text.slice(0, 20)}' is not a time as hh:mm` : `${field} of row ${row} is empty`,
			'Write times on the 24-hour clock as hh:mm, from 00:00 to 23:59: 08:00, 18:30.',
		);
	}
	return `${match[1].padStart(2, '0')}:${match[2]}`;
}

/** Whether the runtime knows the time zone (it refuses an unknown one with a RangeError). */
function isTimeZone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** An IANA time zone such as America/Sao_Paulo, as the page's example gives it; sent as typed. */
function readTimezone(raw: unknown): string {
	const text = String(raw ?? '').trim();
	const hint = 'Give the time zone of the business by its IANA name, for example America/Sao_Paulo or Europe/Lisbon.';
	if (!text) throw new InputError('Time Zone is empty', hint);
	if (!isTimeZone(text)) throw new InputError(`Time Zone '${text.slice(0, 60)}' is not a time zone`, hint);
	return text;
}

function readMode(raw: unknown): string {
	const mode = String(raw ?? '');
	if (MODES.some((option) => option.value === mode)) return mode;
	throw new InputError(`Mode must be Specific Hours, Open 24 Hours or By Appointment Only (got ${JSON.stringify(raw)})`, `Pick one of the listed modes, or map one of ${MODES.map((option) => option.value).join(', ')}.`);
}

function readDays(raw: unknown, mode: string): IDataObject[] {
	const rows = ((raw as IDataObject | undefined)?.day ?? []) as IDataObject[];
	if (!Array.isArray(rows)) throw new InputError('Days is not a list of days', DAYS_HINT);
	const days: IDataObject[] = [];
	rows.forEach((row, index) => {
		const dayOfWeek = String(row?.dayOfWeek ?? '').trim().toUpperCase();
		if (!DAYS.includes(dayOfWeek)) {
			throw new InputError(`Day of row ${index + 1} is not a day of the week (got ${JSON.stringify(row?.dayOfWeek ?? '')})`, `Pick a day, or map one of ${DAYS.join(', ')}.`);
		}
		if (mode !== 'specificHours') {
			if (!days.some((day) => day.dayOfWeek === dayOfWeek)) days.push({ dayOfWeek });
			return;
		}
		const openTime = readTime(row.openTime, 'Open Time', index + 1);
		const closeTime = readTime(row.closeTime, 'Close Time', index + 1);
		if (closeTime <= openTime) {
			throw new InputError(
				`Row ${index + 1} (${dayName(dayOfWeek)}) closes at ${closeTime}, not after it opens at ${openTime}`,
				'Give a closing time later than the opening time. Hours past midnight take two rows: until 23:59 on the day, from 00:00 on the next.',
			);
		}
		const overlapped = days.find((day) => day.dayOfWeek === dayOfWeek && openTime < String(day.closeTime) && String(day.openTime) < closeTime);
		if (overlapped) {
			throw new InputError(
				`Row ${index + 1} (${dayName(dayOfWeek)} ${openTime}–${closeTime}) overlaps ${overlapped.openTime}–${overlapped.closeTime} of the same day`,
				'Give each day its opening periods once, without overlaps: merge the rows or fix their times.',
			);
		}
		days.push({ dayOfWeek, openTime, closeTime });
	});
	return days;
}

export const updateHours: ZApiOperation = {
	value: 'updateHours',
	name: 'Update Business Hours',
	action: 'Update the business opening hours',
	description: "Set the opening hours of the instance's WhatsApp Business profile: its time zone, mode and open days",
	properties: [
		{
			displayName: 'Time Zone',
			name: 'timezone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'America/Sao_Paulo',
			description: 'The time zone of the hours, by its IANA name (America/Sao_Paulo, Europe/Lisbon)',
		},
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: MODES,
			default: 'specificHours',
			description: 'How the business takes customers on its open days',
		},
		{
			displayName: 'Days',
			name: 'days',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Day',
			default: {},
			description: 'The days the business is open, one row per opening period. They replace the hours the profile shows; none marks every day closed.',
			options: [
				{
					displayName: 'Day',
					name: 'day',
					description: 'One opening period',
					values: [
						{
							displayName: 'Day',
							name: 'dayOfWeek',
							type: 'options',
							options: DAYS.map((day) => ({ name: dayName(day), value: day, description: `Open on ${dayName(day)}` })),
							default: 'MONDAY',
							description: 'The day of the week',
						},
						{
							displayName: 'Open Time',
							name: 'openTime',
							type: 'string',
							default: '08:00',
							placeholder: '08:00',
							displayOptions: { show: { '/mode': ['specificHours'] } },
							description: 'When the business opens, as hh:mm on the 24-hour clock',
						},
						{
							displayName: 'Close Time',
							name: 'closeTime',
							type: 'string',
							default: '18:00',
							placeholder: '18:00',
							displayOptions: { show: { '/mode': ['specificHours'] } },
							description: 'When the business closes, as hh:mm, later than Open Time; past midnight takes a second row from 00:00 on the next day',
						},
					],
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const timezone = readTimezone(this.getNodeParameter('timezone', itemIndex));
		const mode = readMode(this.getNodeParameter('mode', itemIndex, 'specificHours'));
		const days = readDays(this.getNodeParameter('days', itemIndex, {}), mode);
		const body: IDataObject = { timezone, days, mode };
		await changeBusinessProfile.call(this, itemIndex, {
			path: '/business/hours',
			body,
			tried: days.length ? `set the business hours (${timezone})` : 'mark every day closed in the business hours',
		});
		return [{ success: true, ...body }];
	},
};
