import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { getInstance } from '../../../../shared/transport';
import { verifyHandOff, type ReplyHandOff } from '../../../../shared/waitingReplies';
import { needsDownload, withMedia } from '../../../../shared/mediaDownload';
import { fieldOf, isObject, textOf } from '../../../../shared/delivery/readers';

/**
 * The node's output for a reply: the trigger's message item, with what a dialogue branches on
 * beside it (the choice picked, `choice`: its position, label and ID, however it was picked;
 * the button or list option chosen; whether the answer counts), the question's message id and
 * how long the answer took. A button or list option typed by its title or
 * number fills the same fields as one pressed (`questionType`: what the node asked with).
 */
export function replyOutput(
	reply: IDataObject,
	handOff: Pick<ReplyHandOff, 'counted' | 'questionMessageId' | 'askedAt' | 'choice'>,
	now: number,
	questionType?: string,
): IDataObject {
	const content = isObject(reply.content) ? reply.content : {};
	const chosen = handOff.choice ?? null;
	const pressed = (kind: string, field: string) => (reply.kind === kind ? textOf(fieldOf(content, field)) : null);
	return {
		...reply,
		replied: true,
		answerCounts: handOff.counted,
		buttonId: pressed('buttonsResponse', 'buttonId') ?? (questionType === 'buttons' ? (chosen?.id ?? null) : null),
		listOptionId: pressed('listResponse', 'selectedRowId') ?? (questionType === 'optionList' ? (chosen?.id ?? null) : null),
		listOptionTitle: pressed('listResponse', 'title') ?? (questionType === 'optionList' ? (chosen?.label ?? null) : null),
		choice: chosen ? choiceOutput(chosen) : null,
		questionMessageId: handOff.questionMessageId,
		waitedSeconds: Math.max(0, Math.round((now - handOff.askedAt) / 1000)),
	};
}

/** The choice picked as the output names it: its place among the choices (1 for the first), its label, its ID when it has one. */
function choiceOutput(chosen: NonNullable<ReplyHandOff['choice']>): IDataObject {
	const position = Number(chosen.position);
	return {
		position: Number.isInteger(position) && position > 0 ? position : null,
		label: chosen.label,
		...(chosen.id ? { id: chosen.id } : {}),
	};
}

/**
 * The resume webhook of Send and Wait for Reply. n8n calls it only while the execution waits
 * on this node (2.x also checks the address's resume token); the Z-API Trigger posts the
 * reply here signed with the instance token, and nothing else is accepted. The trigger gets
 * its answer before a file is downloaded, so a slow file does not hold it.
 */
export async function resumeWithReply(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const refuse = (status: number, error: string): IWebhookResponseData => {
		this.getResponseObject().status(status).json({ accepted: false, error });
		return { noWebhookResponse: true };
	};
	if (this.getRequestObject().method !== 'POST') return refuse(405, 'Replies are posted by the Z-API Trigger');
	let instanceToken: string;
	try {
		instanceToken = (await getInstance.call(this)).instanceToken;
	} catch {
		return refuse(500, 'The node could not read its credentials');
	}
	const handOff = verifyHandOff(instanceToken, this.getBodyData());
	if (!handOff) return refuse(401, 'Not signed by a Z-API Trigger of this instance');
	this.getResponseObject().status(200).json({ accepted: true });
	const json = replyOutput(handOff.reply, handOff, Date.now(), String(this.getNodeParameter('questionType', 'text')));
	const data = handOff.media && needsDownload([json]) ? await withMedia.call(this, [json], handOff.media) : [{ json }];
	return { workflowData: [data], noWebhookResponse: true };
}
