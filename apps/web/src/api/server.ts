import type { Server } from '@rastro/api';
import { request } from './http.ts';

/** Server settings plus the licence facts the server sends as response headers. */
export interface ServerInfo {
  server: Server;
  /** `licensemode` header, null when absent. */
  licenseMode: string | null;
  /** `devicelimit` header, null when absent or not a number. */
  deviceLimit: number | null;
}

export async function getServerInfo(): Promise<ServerInfo> {
  const response = await request('/server');
  const server = (await response.json()) as Server;
  const limit = response.headers.get('devicelimit');
  const deviceLimit = limit === null || limit.trim() === '' ? NaN : Number(limit);
  return {
    server,
    licenseMode: response.headers.get('licensemode'),
    deviceLimit: Number.isFinite(deviceLimit) ? deviceLimit : null,
  };
}
