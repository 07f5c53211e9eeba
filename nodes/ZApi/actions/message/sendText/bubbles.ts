import type { INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../../shared/input';

/** How a long answer is cut into chat bubbles. */
export type BubbleSplit = 'off' | 'blankLine' | 'sentence' | 'length';

/** Characters a bubble holds at most when splitting by length, unless the user says otherwise. */
export const DEFAULT_BUBBLE_LENGTH = 300;

/**
 * Characters a person types per second of "typing…": a bubble shows typing for its length
 * divided by this, within the service's 1 to 15 seconds (delayTyping,
 * docs/message/send-message-text.md). About 40 characters a second keeps a short bubble at one
 * or two seconds and a long paragraph under the service's 15.
 */
export const TYPED_PER_SECOND = 40;

export const splitIntoBubblesOption: INodeProperties = {
	displayName: 'Split Into Bubbles',
	name: 'splitInto',
	type: 'options',
	// Added from Options, it splits at once (paragraphs, as AI answers come); absent, the text goes as one message.
	default: 'blankLine',
	options: [
		{ name: 'Blank Line', value: 'blankLine', description: 'One bubble per paragraph' },
		{ name: 'Length', value: 'length', description: 'Bubbles of at most Bubble Length characters, cut between words' },
		{ name: 'Off', value: 'off', description: 'Send the text as one message' },
		{ name: 'Sentence', value: 'sentence', description: 'One bubble per sentence' },
	],
	description:
		'Send a long answer as several messages, one after the other, each with "typing…" for a time that grows with its length (1 to 15 seconds). One output item per bubble with its message ID. Without this option the text goes as one message.',
};

export const bubbleLengthOption: INodeProperties = {
	displayName: 'Bubble Length',
	name: 'bubbleLength',
	type: 'number',
	typeOptions: { minValue: 20 },
	default: DEFAULT_BUBBLE_LENGTH,
	description: 'With Split Into Bubbles set to Length: the most characters one bubble holds',
};

/** Sentence ends: . ! ? … (and runs of them) followed by white space. */
const SENTENCE_END = /(?<=[.!?…]+["')\]]?)\s+/u;

/** `text` cut into pieces of at most `max` characters, between words where there is one. */
function byLength(text: string, max: number): string[] {
	const bubbles: string[] = [];
	let rest = text.trim();
	while (rest.length > max) {
		const window = rest.slice(0, max + 1);
		const cut = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
		// A word longer than a bubble is cut where the bubble ends.
		const end = cut > 0 ? cut : max;
		bubbles.push(rest.slice(0, end).trim());
		rest = rest.slice(end).trim();
	}
	if (rest) bubbles.push(rest);
	return bubbles;
}

/** The bubbles of `text`, in order, none empty. 'off' gives the text as one bubble. */
export function splitIntoBubbles(text: string, split: BubbleSplit, maxLength = DEFAULT_BUBBLE_LENGTH): string[] {
	const paragraphs = text
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean);
	switch (split) {
		case 'blankLine':
			return paragraphs;
		case 'sentence':
			// A new line ends a sentence too: lists and greetings are written one per line.
			return paragraphs.flatMap((paragraph) =>
				paragraph
					.split('\n')
					.flatMap((line) => line.split(SENTENCE_END))
					.map((sentence) => sentence.trim())
					.filter(Boolean),
			);
		case 'length':
			return paragraphs.flatMap((paragraph) => byLength(paragraph, maxLength));
		default:
			return text.trim() ? [text.trim()] : [];
	}
}

/** Seconds of "typing…" for a bubble: grows with its length, 1 to `most` (15 at most, the service's bound). */
export function typingSecondsFor(bubble: string, most = 15): number {
	return Math.min(most, 15, Math.max(1, Math.ceil(bubble.length / TYPED_PER_SECOND)));
}

/** Reads the split choice, refusing a value the list does not offer. */
export function readSplit(raw: unknown): BubbleSplit {
	const value = String(raw ?? 'off') as BubbleSplit;
	if (['off', 'blankLine', 'sentence', 'length'].includes(value)) return value;
	throw new InputError(`Split Into Bubbles '${value}' is not one of Off, Blank Line, Sentence, Length`, 'Choose one of the listed ways to split.');
}

export function readBubbleLength(raw: unknown): number {
	if (raw === undefined) return DEFAULT_BUBBLE_LENGTH;
	const length = Number(raw);
	if (!Number.isInteger(length) || length < 20) {
		throw new InputError(`Bubble Length must be a whole number of characters, 20 or more (got ${JSON.stringify(raw)})`, 'Set Bubble Length to 20 or more, or remove the option.');
	}
	return length;
}
