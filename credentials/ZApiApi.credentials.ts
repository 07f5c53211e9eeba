import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * One Z-API instance. The instance id and token travel in the URL path of every call, so
 * the nodes' shared transport builds the URL; this type only adds the optional account
 * security header. Both nodes test it (`testedBy`, nodes/shared/credentialCheck.ts): n8n
 * would run a `test` of the type itself before theirs, and could only show Node's bare error
 * codes and the server's status text.
 */
export class ZApiApi implements ICredentialType {
	// Saved credentials and the nodes refer to this name. n8n keeps credential types in one
	// list for every installed package; the other Z-API packages name theirs differently
	// (zapiApi, zApiCredentialsApi), so this one stays, and saved credentials keep working.
	name = 'zApiApi';

	// Not "Z-API API", the name another Z-API package gives its credential: with both
	// installed, the credential list tells them apart.
	displayName = 'Z-API Instance API';

	icon: Icon = { light: 'file:../icons/zapi.svg', dark: 'file:../icons/zapi.dark.svg' };

	documentationUrl = 'https://developer.z-api.io/en/';

	properties: INodeProperties[] = [
		{
			displayName: 'Instance ID',
			name: 'instanceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: '3C01A1B2C3D4E5F6A7B8C9D0E1F2A3B4',
			description:
				'The ID of the instance, shown in the Z-API panel under Instances > your instance',
		},
		{
			displayName: 'Instance Token',
			name: 'instanceToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The token of the instance, shown next to the Instance ID in the Z-API panel. It is not the account security token.',
		},
		{
			displayName: 'Client Token',
			name: 'clientToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only if account security is on in the Z-API panel (Security > Account security token). Leave empty otherwise. This is not the instance token.',
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

	/** The Client-Token header is sent only when set: an empty one is refused by the service. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const clientToken = String(credentials.clientToken ?? '').trim();
		if (!clientToken) return requestOptions;
		return {
			...requestOptions,
			headers: { ...(requestOptions.headers ?? {}), 'Client-Token': clientToken },
		};
	}
}
