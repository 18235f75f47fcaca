import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getDevices } from './devices.ts';
import { ApiError } from './http.ts';
import { getLatestPositions } from './positions.ts';
import { getServerInfo } from './server.ts';

/**
 * Cached reads. Devices and positions never go stale by time: the live socket keeps them current
 * and a socket reconnect invalidates them, so each is fetched once per page load.
 */
export const serverInfoQuery = queryOptions({
  queryKey: ['server'],
  queryFn: getServerInfo,
  staleTime: Infinity,
});

export const devicesQuery = queryOptions({
  queryKey: ['devices'],
  queryFn: getDevices,
  staleTime: Infinity,
});

export const positionsQuery = queryOptions({
  queryKey: ['positions'],
  queryFn: getLatestPositions,
  staleTime: Infinity,
});

export function useServerInfo() {
  return useQuery(serverInfoQuery);
}

export function useDevices() {
  return useQuery(devicesQuery);
}

export function usePositions() {
  return useQuery(positionsQuery);
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
