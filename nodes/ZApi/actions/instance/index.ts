import type { ZApiResource } from '../types';
import { disconnect } from './disconnect.operation';
import { getDevice } from './getDevice.operation';
import { getQrCode } from './getQrCode.operation';
import { getStatus } from './getStatus.operation';
import { restart } from './restart.operation';

export const instance: ZApiResource = {
	value: 'instance',
	name: 'Instance',
	description: 'Connection status, QR code to connect, connected device; restart or disconnect',
	operations: [getStatus, getQrCode, getDevice, restart, disconnect],
};
