import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { MediaKindName } from '../../../shared/media';
import { MEDIA_KINDS, withArticle } from '../../../shared/media';
import { optionsProperty } from '../../../shared/properties';
import { captionOption, fileFields } from '../message/sendMedia';
import { mediaSourceProperties, readMediaSource, readOptions } from '../parameters';
import type { ZApiOperation } from '../types';
import { postStatus } from './statusCall';

export interface StatusMedia extends Omit<ZApiOperation, 'properties' | 'execute'> {
	kind: MediaKindName;
	/** Body field of the file, and the path: image → /send-image-status. */
	field: 'image' | 'video';
	/** The largest file the service takes, in bytes, when a page gives one. */
	maxBytes?: number;
}

/**
 * An image or video status: the file from a binary, a URL or base64 as every send takes it
 * (docs/status/send-image-status.md, send-video-status.md: "link or Base64"), an optional caption.
 */
export function statusMediaOperation(post: StatusMedia): ZApiOperation {
	const { kind, field, maxBytes, ...listed } = post;
	return {
		...listed,
		properties: [...mediaSourceProperties(fileFields({ kind })), optionsProperty([captionOption])],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const options = readOptions.call(this, itemIndex);
			const { media } = await readMediaSource.call(this, itemIndex, fileFields({ kind }));
			if (maxBytes !== undefined && media.source !== 'url') {
				const bytes = Math.floor((media.value.length - media.value.indexOf(',') - 1) * 0.75);
				if (bytes > maxBytes) {
					throw new InputError(
						`The ${MEDIA_KINDS[kind].label} is ${(bytes / 1048576).toFixed(1)} MB; a status takes ${maxBytes / 1048576} MB at most`,
						`Shorten or compress the ${MEDIA_KINDS[kind].label} before posting it.`,
					);
				}
			}
			const caption = String(options.caption ?? '').trim();
			return await postStatus.call(this, itemIndex, {
				path: `/send-${field}-status`,
				body: { [field]: media.value, ...(caption ? { caption } : {}) },
				tried: `post ${withArticle(MEDIA_KINDS[kind].label)} status`,
			});
		},
	};
}
