import { request } from './http.ts';

export type EngineCommand = 'engineStop' | 'engineResume';

/** How the server took a command: sent to the connected device now, or queued until it connects. */
export type CommandDelivery = 'sent' | 'queued';

/** Sends an ad-hoc command; the server answers 200 when sent and 202 when queued. */
export async function sendCommand(deviceId: number, type: EngineCommand): Promise<CommandDelivery> {
  const response = await request('/commands/send', { method: 'POST', json: { deviceId, type } });
  return response.status === 202 ? 'queued' : 'sent';
}
