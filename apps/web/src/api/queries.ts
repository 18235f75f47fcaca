import { QueryClient, queryOptions, useQuery, type QueryFunction } from '@tanstack/react-query';
import { getDevices } from './devices.ts';
import { getGeofences } from './geofences.ts';
import { getGroups } from './groups.ts';
import { ApiError } from './http.ts';
import { getLatestPositions, getPositionHistory } from './positions.ts';
import { getServerInfo } from './server.ts';
import { getWebConfig } from './webConfig.ts';
import { themeQuery, withBranding } from './theme.ts';

/**
 * Cached reads. Devices and positions never go stale by time: the live socket keeps them current
 * and a socket reconnect invalidates them, so each is fetched once per page load. Geofences and
 * groups change only through this app's own edits, which invalidate them.
 */
function keptQuery<T>(key: string, queryFn: QueryFunction<T, [string]>) {
  return queryOptions({ queryKey: [key], queryFn, staleTime: Infinity });
}

export const serverInfoQuery = keptQuery('server', getServerInfo);
export const devicesQuery = keptQuery('devices', getDevices);
export const positionsQuery = keptQuery('positions', getLatestPositions);
export const geofencesQuery = keptQuery('geofences', getGeofences);
export const groupsQuery = keptQuery('groups', getGroups);
// the administrator's theme (spec §3) brands over config.json
export const webConfigQuery = keptQuery('web-config', async ({ client }) => withBranding(await getWebConfig(), await client.query(themeQuery)));

/** Positions of one device over a period; a past period does not change, so it is kept. */
export function historyQuery(deviceId: number, from: Date, to: Date) {
  return queryOptions({
    queryKey: ['history', deviceId, from.toISOString(), to.toISOString()],
    queryFn: ({ signal }) => getPositionHistory(deviceId, from, to, signal),
    staleTime: 60_000,
  });
}

export function useServerInfo() {
  return useQuery(serverInfoQuery);
}

export function useDevices() {
  return useQuery(devicesQuery);
}

export function usePositions() {
  return useQuery(positionsQuery);
}

export function useGeofences(enabled = true) {
  return useQuery({ ...geofencesQuery, enabled });
}

export function useGroups() {
  return useQuery(groupsQuery);
}

export function useWebConfig() {
  return useQuery(webConfigQuery);
}

/** Client errors (4xx) are answers, not outages: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
