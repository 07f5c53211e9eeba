import type { ZApiResource } from '../types';
import { disconnect } from './disconnect.operation';
import { getData } from './getData.operation';
import { getDevice } from './getDevice.operation';
import { getPairingCode } from './getPairingCode.operation';
import { getQrCode } from './getQrCode.operation';
import { getQrCodeText } from './getQrCodeText.operation';
import { getStatus } from './getStatus.operation';
import { rename } from './rename.operation';
import { restart } from './restart.operation';
import { restoreSession } from './restoreSession.operation';
import { updateSettings } from './updateSettings.operation';

export const instance: ZApiResource = {
	value: 'instance',
	name: 'Instance',
	description: 'Connection status, QR code or pairing code to connect, connected device, instance data and settings; restart, restore or disconnect',
	// The first stays the default of saved workflows; the later ones follow in n8n's order.
	operations: [getStatus, getQrCode, getDevice, restart, disconnect, getData, getPairingCode, getQrCodeText, rename, restoreSession, updateSettings],
};
