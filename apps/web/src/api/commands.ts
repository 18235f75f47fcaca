import type { SavedCommand } from './entities.ts';
import { request, requestJson } from './http.ts';

export type EngineCommand = 'engineStop' | 'engineResume';

/** How the server took a command: sent to the connected device now, or queued until it connects. */
export type CommandDelivery = 'sent' | 'queued';

/** A command as POST /api/commands/send takes it: a saved one by its id, an ad-hoc one with id 0. */
export type CommandToSend = Pick<SavedCommand, 'id' | 'description' | 'type' | 'textChannel' | 'attributes'>;

/** Sends an ad-hoc command; the server answers 200 when sent and 202 when queued. */
export async function sendCommand(deviceId: number, type: EngineCommand): Promise<CommandDelivery> {
  const response = await request('/commands/send', { method: 'POST', json: { deviceId, type } });
  return response.status === 202 ? 'queued' : 'sent';
}

/**
 * Sends a command to a device with spec §7's payload (id, description, deviceId, type, textChannel,
 * attributes). The server answers 202 when it queued the command for the device's next connection.
 */
export async function sendDeviceCommand(command: CommandToSend, deviceId: number): Promise<CommandDelivery> {
  const { id, description, type, textChannel, attributes } = command;
  const response = await request('/commands/send', { method: 'POST', json: { id, description, deviceId, type, textChannel, attributes } });
  return response.status === 202 ? 'queued' : 'sent';
}

/** The saved commands the signed-in user may send to this device (those its protocol or SMS carries). */
export function getDeviceCommands(deviceId: number): Promise<SavedCommand[]> {
  return requestJson<SavedCommand[]>('/commands/send', { query: { deviceId } });
}
