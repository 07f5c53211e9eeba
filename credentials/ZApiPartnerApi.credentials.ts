import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * A Z-API integrator account, for the Partner API (docs/partner/): creating, listing, signing
 * and cancelling instances. Every call carries `Authorization: Bearer <partner token>`, as
 * Z-API's samples send it (json-examples/create-instance.json, list-instances.json,
 * sign-instance.json, unsubscribe-instance.json); the nodes' shared transport builds the URL.
 * The Z-API node tests it (`testedBy`, nodes/shared/partnerCredentialCheck.ts), in words
 * naming the field to fix.
 */
export class ZApiPartnerApi implements ICredentialType {
	name = 'zApiPartnerApi';

	displayName = 'Z-API Partner API';

	icon: Icon = { light: 'file:../icons/zapi.svg', dark: 'file:../icons/zapi.dark.svg' };

	documentationUrl = 'https://developer.z-api.io/en/partner/introduction';

	properties: INodeProperties[] = [
		{
			displayName: 'Partner Token',
			name: 'partnerToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The integrator token of the Z-API account (partner programme): the account's first token, or the definitive one Z-API support gives after the first 10 instances. It is not an instance token.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.z-api.io',
			description:
				'Change only for a self-hosted server that speaks the Z-API interface, or a local stand-in for tests',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const token = String(credentials.partnerToken ?? '').trim();
		if (!token) return requestOptions;
		return {
			...requestOptions,
			headers: { ...(requestOptions.headers ?? {}), Authorization: `Bearer ${token}` },
		};
	}
}
