import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import {
	DEFAULT_BASE_URL,
	describeFailure,
	instanceFrom,
	instanceUrl,
	redactSecrets,
	redactValue,
	secretsOf,
} from './transport';
import { serviceMessageOf } from './transport/errors';

/**
 * The credential test: a read-only GET /status. On failure it says in plain words which of
 * instance id/token or client token is likely wrong (the same rules as every call).
 */
export async function zApiApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const instance = instanceFrom((credential.data ?? {}) as IDataObject);
	if (!instance.instanceId || !instance.instanceToken) {
		return { status: 'Error', message: 'Fill in both Instance ID and Instance Token, as shown in the Z-API panel.' };
	}
	let host: string;
	try {
		host = new URL(instance.baseUrl).host;
	} catch {
		return { status: 'Error', message: `Base URL is not a URL: use ${DEFAULT_BASE_URL}.` };
	}
	const secrets = secretsOf(instance);

	let status: number | undefined;
	let body: unknown;
	let networkCode: string | undefined;
	try {
		// A credential test gets only this helper from n8n (ICredentialTestFunctions).
		// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions
		const response = (await this.helpers.request({
			method: 'GET',
			uri: instanceUrl(instance, '/status'),
			headers: instance.clientToken ? { 'Client-Token': instance.clientToken } : {},
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			timeout: 20_000,
		})) as { statusCode: number; body: unknown };
		status = response.statusCode;
		body = response.body;
	} catch (error) {
		const failed = error as { statusCode?: number; response?: { status?: number; data?: unknown }; error?: unknown; code?: string; cause?: { code?: string } };
		status = failed.statusCode ?? failed.response?.status;
		body = failed.response?.data ?? failed.error;
		networkCode = failed.code ?? failed.cause?.code;
	}

	if (status !== undefined && status >= 200 && status < 300) {
		const connected = (body as IDataObject | undefined)?.connected;
		return {
			status: 'OK',
			message:
				connected === false
					? 'The credentials work, but the instance is not connected to WhatsApp: scan the QR code in the Z-API panel.'
					: 'Connection successful',
		};
	}
	const serviceMessage = serviceMessageOf(redactValue(body, secrets));
	const { message, description } = describeFailure({
		status,
		networkCode: status === undefined ? networkCode : undefined,
		serviceMessage: serviceMessage && redactSecrets(serviceMessage, secrets),
		attempts: 1,
		host,
	});
	return { status: 'Error', message: redactSecrets(`${message}. ${description}`, secrets) };
}
