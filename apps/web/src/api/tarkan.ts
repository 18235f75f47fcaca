import type { Attributes, DeviceInput, Device } from '@rastro/api';
import { TARKAN_BASE, requestJson, requestVoid } from './http.ts';

const tarkan = { base: TARKAN_BASE } as const;

export interface Share {
  id: number;
  deviceId: number;
  expiration: string;
  createdTime: string;
  /** Only in the answer that creates the link: the server keeps just its SHA-256. */
  token?: string;
}

export const sharesApi = {
  list: () => requestJson<Share[]>('/shares', tarkan),
  create: (deviceId: number, expiration: Date) =>
    requestJson<Share>('/shares', { ...tarkan, method: 'POST', json: { deviceId, expiration: expiration.toISOString() } }),
  update: (share: Share, expiration: Date) =>
    requestJson<Share>(`/shares/${share.id}`, { ...tarkan, method: 'PUT', json: { id: share.id, deviceId: share.deviceId, expiration: expiration.toISOString() } }),
  remove: (id: number) => requestVoid(`/shares/${id}`, { ...tarkan, method: 'DELETE' }),
};

/** A tracker the server refused because nobody registered its identifier. */
export interface UnknownTracker {
  uniqueId: string;
  protocol: string | null;
  remoteAddress: string | null;
  firstSeen: string;
  lastSeen: string;
  count: number;
}

export function getUnknownTrackers(): Promise<UnknownTracker[]> {
  return requestJson('/autolink', tarkan);
}

export function claimTracker(device: DeviceInput): Promise<Device> {
  return requestJson('/autolink', { ...tarkan, method: 'POST', json: device });
}

export interface LogEntry {
  id: number;
  time: string;
  userId: number | null;
  deviceId: number | null;
  action: string;
  objectType: string | null;
  objectId: number | null;
  data: unknown;
}

export function getLogs(kind: 'users' | 'devices', id: number, from?: Date, to?: Date): Promise<LogEntry[]> {
  return requestJson(`/${kind}/${id}/logs`, { ...tarkan, query: { from: from?.toISOString(), to: to?.toISOString() } });
}

export function getTheme(): Promise<Attributes> {
  return requestJson('/theme', tarkan);
}

export function saveTheme(theme: Attributes): Promise<Attributes> {
  return requestJson('/theme', { ...tarkan, method: 'PUT', json: theme });
}

export type IntegrationKey = 'payment' | 'email';

export interface Integration {
  key: string;
  list: Attributes;
}

export function getIntegrations(): Promise<Integration[]> {
  return requestJson('/integrations', tarkan);
}

export function saveIntegration(key: IntegrationKey, values: Attributes): Promise<Integration> {
  return requestJson(`/integrations/${key}`, { ...tarkan, method: 'POST', json: values });
}
