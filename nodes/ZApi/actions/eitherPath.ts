import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../shared/transport';

/**
 * A read whose page writes two paths (a heading and a sample that disagree): the first is
 * asked, and on a 404 the second. Only for GET calls, which change nothing, so asking again is
 * safe. Any other failure, or a 404 of the second path, fails as it came.
 */
export async function getFromEitherPath(
	this: IExecuteFunctions,
	itemIndex: number,
	paths: readonly [string, string],
	qs?: IDataObject,
): Promise<unknown> {
	const first = await zApiRequest.call(this, { method: 'GET', path: paths[0], qs, itemIndex }).then(
		(response) => ({ response, failure: undefined }),
		(failure: unknown) => ({ response: undefined, failure }),
	);
	if (first.failure === undefined) return first.response;
	// Already the transport's redacted n8n error: passed on as it is.
	if (String((first.failure as { httpCode?: unknown }).httpCode) !== '404') throw first.failure;
	return await zApiRequest.call(this, { method: 'GET', path: paths[1], qs, itemIndex });
}
