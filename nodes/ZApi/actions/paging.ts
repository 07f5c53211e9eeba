import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../shared/input';
import { optionsProperty } from '../../shared/properties';
import { zApiRequest } from '../../shared/transport';

/** Return All / Limit, as n8n's own nodes show them, for operations that read page by page. */
export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** How many results at most, where a listing has no Return All. */
export const limitAlone: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
};

export const limitProperty: INodeProperties = { ...limitAlone, displayOptions: { show: { returnAll: [false] } } };

/** How many records one request asks for, as an entry of the operation's Options. */
export function pageSizeOption(defaultSize: number, description: string, maxValue?: number): INodeProperties {
	return {
		displayName: 'Page Size',
		name: 'pageSize',
		type: 'number',
		typeOptions: maxValue === undefined ? { minValue: 1 } : { minValue: 1, maxValue },
		default: defaultSize,
		description,
	};
}

/**
 * Return All, Limit and an Options collection holding Page Size (and any further options),
 * as every listing shows them.
 */
export function pagingProperties(pageSize: INodeProperties, ...otherOptions: INodeProperties[]): INodeProperties[] {
	return [returnAllProperty, limitProperty, optionsProperty([pageSize, ...otherOptions])];
}

/** How many results the item asks for: Infinity with Return All. */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? Infinity : positiveInteger(this.getNodeParameter('limit', itemIndex, 50), 'Limit');
}

/** The item's Page Size option, or `defaultSize` when it was not set. */
export function readPageSize(this: IExecuteFunctions, itemIndex: number, defaultSize: number): number {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return positiveInteger(options.pageSize ?? defaultSize, 'Page Size');
}

export function positiveInteger(value: unknown, field: string): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < 1) {
		throw new InputError(`${field} must be a whole number of 1 or more (got ${String(value)})`, `Set ${field} to 1 or more.`);
	}
	return number;
}

export interface PageRequest {
	page: number;
	pageSize: number;
	/** How many records of this page to keep (the page may hold more). */
	keep: number;
}

/**
 * The pages to ask for to get `limit` records, `pageSize` at most per request. Page numbers
 * fix the offset at (page - 1) × size, so a smaller last page cannot simply follow full ones:
 * it needs a size that divides the offset. Among the sizes that need no extra request, this
 * takes the one whose last page asks for the fewest records beyond the limit (none, most of
 * the time: 250 by 100 is pages 1 and 2 of 100, then page 5 of 50).
 */
export function planPages(limit: number, pageSize: number): PageRequest[] {
	const count = Math.ceil(limit / pageSize);
	let best: { size: number; last: PageRequest } | undefined;
	for (let size = pageSize; size >= Math.ceil(limit / count); size--) {
		const offset = (count - 1) * size;
		const left = limit - offset;
		const lastSize = offset === 0 ? left : smallestDivisorAtLeast(offset, left);
		if (!best || lastSize - left < best.last.pageSize - best.last.keep) {
			best = { size, last: { page: offset / lastSize + 1, pageSize: lastSize, keep: left } };
		}
		if (lastSize === left) break;
	}
	const { size, last } = best!;
	const pages: PageRequest[] = [];
	for (let page = 1; page < count; page++) pages.push({ page, pageSize: size, keep: size });
	pages.push(last);
	return pages;
}

/** `size` itself always divides an offset of whole pages, so the search ends by then. */
function smallestDivisorAtLeast(number: number, floor: number): number {
	for (let candidate = floor; candidate < number; candidate++) if (number % candidate === 0) return candidate;
	return number;
}

/** A list the service pages with `page` and `pageSize`, as one listing operation reads it. */
export interface PagedListing {
	path: string;
	/** What the records are, in the user's words: 'chats'. */
	what: string;
	/** The field that tells records apart, so a page served twice adds nothing. */
	key: string;
	/** Page Size when the item sets none. */
	defaultPageSize: number;
	/** The largest Page Size offered, when the service has one. */
	maxPageSize?: number;
	/**
	 * With a Limit, ask the last page for only what is still needed (planPages) rather than
	 * for a full page.
	 */
	fitLastPage: boolean;
	/** Makes one page's request, when the resource checks answers its own way. */
	read?: (this: IExecuteFunctions, itemIndex: number, qs: IDataObject) => Promise<unknown>;
}

/**
 * Chats and contacts: the largest page size is not documented; the service's own sample
 * asks for 100.
 */
export const PHONE_LIST_PAGING = { key: 'phone', defaultPageSize: 100, maxPageSize: 1000, fitLastPage: true } as const;

/** Return All, Limit and Page Size for a listing. */
export function listingProperties(listing: PagedListing): INodeProperties[] {
	return pagingProperties(pageSizeOption(listing.defaultPageSize, `How many ${listing.what} to ask Z-API for per request`, listing.maxPageSize));
}

/**
 * Reads a list the service pages with `page` (from 1) and `pageSize` in the query string, for
 * one item with the Return All / Limit / Page Size it was given. Stops on a short or empty
 * page, and on a page with nothing new (a service that ignores `page` would otherwise be read
 * for ever); never returns a record twice.
 */
export async function getPagedList(this: IExecuteFunctions, itemIndex: number, call: PagedListing): Promise<IDataObject[]> {
	const limit = readLimit.call(this, itemIndex);
	const pageSize = readPageSize.call(this, itemIndex, call.defaultPageSize);
	const read = async (qs: IDataObject) =>
		call.read ? await call.read.call(this, itemIndex, qs) : await zApiRequest.call(this, { method: 'GET', path: call.path, qs, itemIndex });

	const records: IDataObject[] = [];
	const seen = new Set<string>();
	const readPage = async ({ page, pageSize: size, keep }: PageRequest): Promise<boolean> => {
		const response = await read({ page, pageSize: size });
		if (!Array.isArray(response)) {
			throw new NodeOperationError(this.getNode(), `Z-API did not return a list of ${call.what}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check that the instance is connected.`,
			});
		}
		let fresh = 0;
		for (const record of response as IDataObject[]) {
			const key = record && typeof record === 'object' ? record[call.key] : undefined;
			if (key !== undefined && key !== null) {
				if (seen.has(String(key))) continue;
				seen.add(String(key));
			}
			fresh++;
			if (fresh <= keep) records.push(record);
		}
		return response.length >= size && fresh > 0;
	};

	if (call.fitLastPage && limit !== Infinity) {
		for (const request of planPages(limit, pageSize)) if (!(await readPage(request))) break;
	} else {
		for (let page = 1; records.length < limit && (await readPage({ page, pageSize, keep: pageSize })); page++);
	}
	return records.slice(0, limit);
}
