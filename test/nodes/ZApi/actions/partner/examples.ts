/**
 * One valid call per Partner (Instances) operation, as docs/partner/ writes them. Unlike
 * every other resource's, `path` is the whole path after the Base URL: account-level calls
 * have no instance in it, and per-instance calls name the instance given to the operation,
 * not the one of a Z-API Instance API credential.
 */
import type { OperationExample } from '../../../../helpers/operationExamples';

/** The instance the per-instance operations name: a token that only survives the trip encoded. */
export const INSTANCE_ID = '8823XWIE982KII99012K2L';
export const INSTANCE_TOKEN = 'inst+TOKEN/5c= 4b3a==';
export const ON_DEMAND_PATH = `/instances/${INSTANCE_ID}/token/${encodeURIComponent(INSTANCE_TOKEN)}/integrator/on-demand`;

const instance = { instanceId: INSTANCE_ID, instanceToken: INSTANCE_TOKEN };

/** docs/partner/list-instances.md's record, filled in as the service fills it. */
export const LISTED = {
	token: 'LISTED0TOKEN0001',
	tenant: 'tenant-1',
	created: '2022-03-01T10:00:00.000Z',
	due: 1648565999675,
	paymentStatus: 'TRIAL',
	deliveryCallbackUrl: '',
	receivedCallbackUrl: 'https://meuwebhook.com.br/receive',
	disconnectedCallbackUrl: '',
	messageStatusCallbackUrl: '',
	receivedAndDeliveryCallbackUrl: '',
	presenceChatCallbackUrl: '',
	connectedCallbackUrl: '',
	receivedStatusCallbackUrl: '',
	phoneConnected: false,
	whatsappConnected: false,
	middleware: 'web',
	name: 'Instancia Z-API - 9292812',
	id: INSTANCE_ID,
};

/** docs/partner/create-instance.md's example body, as a user fills the node's fields. */
const CREATE_BODY = {
	name: 'Instancia Z-API - 9292812',
	sessionName: 'Testes testes',
	deliveryCallbackUrl: 'https://meuwebhook.com.br/delivery',
	receivedCallbackUrl: 'https://meuwebhook.com.br/receive',
	receivedAndDeliveryCallbackUrl: 'https://meuwebhook.com.br/receivedanddelivery',
	disconnectedCallbackUrl: 'https://meuwebhook.com.br/disconnected',
	connectedCallbackUrl: 'https://meuwebhook.com.br/receive',
	presenceChatCallbackUrl: 'https://meuwebhook.com.br/presencechat',
	messageStatusCallbackUrl: 'https://meuwebhook.com.br/status',
	callRejectAuto: false,
	callRejectMessage: 'Teste de mensagem ao rejeitar',
	autoReadMessage: false,
	autoReadStatus: false,
	isDevice: false,
	businessDevice: false,
	disableEnqueueWhenDisconnected: true,
};

const { name: createName, ...createOptions } = CREATE_BODY;

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/partner/create-instance.md: the page's request body and answer.
	createInstance: {
		parameters: { name: createName, options: createOptions },
		method: 'POST',
		path: '/instances/integrator/on-demand',
		body: CREATE_BODY,
		answer: { id: '8823XWIE982KII99012K2L', token: '8900LS009W0011OOOPPIPIP00912OOLCKAOOOE009919', due: '329000002121' },
		output: [{ id: '8823XWIE982KII99012K2L', token: '8900LS009W0011OOOPPIPIP00912OOLCKAOOOE009919', due: '329000002121', name: createName }],
	},
	// docs/partner/list-instances.md: the page's query (query=15, middleware=web, pageSize=1, page=1).
	getManyInstances: {
		parameters: { returnAll: false, limit: 1, options: { pageSize: 1, query: '15', middleware: 'web' } },
		method: 'GET',
		path: '/instances',
		query: { page: '1', pageSize: '1', query: '15', middleware: 'web' },
		answer: { total: 1, totalPage: 1, pageSize: 1, page: 1, content: [LISTED] },
		output: [LISTED],
	},
	// docs/partner/sign-instance.md: the page's body {withCalls: true}; it answers 201 OK.
	signInstance: {
		parameters: { ...instance, options: { withCalls: true } },
		method: 'POST',
		path: `${ON_DEMAND_PATH}/subscription`,
		body: { withCalls: true },
		status: 201,
		answer: 'OK',
		output: [{ success: true, instanceId: INSTANCE_ID, withCalls: true }],
	},
	// docs/partner/unsubscribe-instance.md: no body; 201 OK.
	cancelInstance: {
		parameters: instance,
		method: 'POST',
		path: `${ON_DEMAND_PATH}/cancel`,
		body: '',
		status: 201,
		answer: 'OK',
		output: [{ success: true, instanceId: INSTANCE_ID }],
	},
	// docs/partner/update-instance.md: PUT with {withCalls: true}; 201 OK.
	addCalls: {
		parameters: instance,
		method: 'PUT',
		path: `${ON_DEMAND_PATH}/subscription/update`,
		body: { withCalls: true },
		status: 201,
		answer: 'OK',
		output: [{ success: true, instanceId: INSTANCE_ID, withCalls: true }],
	},
};
