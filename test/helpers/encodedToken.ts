/**
 * An instance token that only survives the trip when it is encoded: a plus, slashes, an
 * equals sign and spaces, as a token pasted with stray characters would carry. Tests of
 * the webhook conversations run with it, so a path built without encoding fails them.
 */
import { TEST_CREDENTIALS } from './engine';

export const ENCODED_TOKEN = 'to+k/en= SECRET/7f9a==';

/** Engine options that make the credentials carry that token. */
export const WITH_ENCODED_TOKEN = { credentials: { instanceToken: ENCODED_TOKEN } };

/** The instance prefix of every call, as the service receives it. */
export const ENCODED_INSTANCE_PATH = `/instances/${TEST_CREDENTIALS.instanceId}/token/${encodeURIComponent(ENCODED_TOKEN)}`;
