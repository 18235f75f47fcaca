import { queryOptions } from '@tanstack/react-query';
import { request } from './http.ts';

/** Decimals of a point asked for: ~11 m, as the server's own cache (nearby points share an address). */
const DECIMALS = 4;

/**
 * Traccar's `GET /api/server/geocode`: the address at a point as text, in `language` — the
 * server's provider's, or without one (or offline) the nearest named place ("3 km NE de
 * Campinas, SP"), so it is never empty.
 */
export async function getAddress(latitude: number, longitude: number, language: string, signal?: AbortSignal): Promise<string> {
  const response = await request('/server/geocode', { query: { latitude, longitude, language }, accept: 'text/plain', signal });
  return (await response.text()).trim();
}

/** A point's address, asked once per point and language for the page's life (addresses do not move). */
export function addressQuery(latitude: number, longitude: number, language: string) {
  const lat = Number(latitude.toFixed(DECIMALS));
  const lon = Number(longitude.toFixed(DECIMALS));
  return queryOptions({
    queryKey: ['address', language, lat, lon],
    // not cancelled when its row scrolls away or the panel closes: the answer is kept for the next time
    queryFn: () => getAddress(lat, lon, language),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
