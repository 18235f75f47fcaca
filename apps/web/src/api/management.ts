import type { Notificator, Server, ServerInput, User, UserInput } from '@rastro/api';
import { sendDeviceCommand, type CommandDelivery } from './commands.ts';
import type { ComputedAttribute, SavedCommand } from './entities.ts';
import { request, requestJson, requestVoid } from './http.ts';

/** Everything users: list (optionally another manager's), save, delete. */
export const usersApi = {
  key: 'users',
  list: (managerId?: number) => requestJson<User[]>('/users', { query: { userId: managerId } }),
  save: (user: UserInput & { id: number }) =>
    user.id > 0
      ? requestJson<User>(`/users/${user.id}`, { method: 'PUT', json: user })
      : requestJson<User>('/users', { method: 'POST', json: { ...user, id: undefined } }),
  remove: (id: number) => requestVoid(`/users/${id}`, { method: 'DELETE' }),
};

export function saveServer(server: ServerInput): Promise<Server> {
  return requestJson<Server>('/server', { method: 'PUT', json: server });
}

export function restartServer(): Promise<void> {
  return requestVoid('/server/restart', { method: 'POST' });
}

export function getNotificationTypes(): Promise<{ type: string }[]> {
  return requestJson('/notifications/types');
}

export function getNotificators(): Promise<{ type: string }[]> {
  return requestJson('/notifications/notificators');
}

export function testNotification(): Promise<void> {
  return requestVoid('/notifications/test', { method: 'POST' });
}

/** A test message to the signed-in user through one channel; a failure carries the provider's reason. */
export function testNotificator(channel: Notificator): Promise<void> {
  return requestVoid(`/notifications/test/${channel}`, { method: 'POST' });
}

/** Command types a device takes (by SMS with `textChannel`); every type without a device. */
export function getCommandTypes(deviceId?: number, textChannel = false): Promise<{ type: string }[]> {
  return requestJson('/commands/types', { query: { deviceId, textChannel: textChannel || undefined } });
}

/** Sends a saved command to a device; the server answers 202 when it is queued until the device connects. */
export function sendSavedCommand(command: SavedCommand, deviceId: number): Promise<CommandDelivery> {
  return sendDeviceCommand(command, deviceId);
}

/** The expression evaluated on the device's latest position; undefined when it yields nothing. */
export async function testComputed(attribute: ComputedAttribute, deviceId: number): Promise<unknown> {
  const response = await request('/attributes/computed/test', { method: 'POST', query: { deviceId }, json: { ...attribute, id: undefined } });
  if (response.status === 204) return undefined;
  return (await response.json()) as unknown;
}
