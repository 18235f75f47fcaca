import { z } from 'zod';
import type { CellTower, Network, WifiAccessPoint } from './network.ts';

/** Where a provider places a network: degrees, and the radius of its uncertainty in metres. */
export interface Location {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** One geolocation web service (Traccar's GeolocationProvider). */
export interface GeolocationProvider {
  /** Whether the network gives this provider anything to look up (OpenCellID knows cells only). */
  usable: (network: Network) => boolean;
  /** Rejects with a GeolocationError when the service answers without a location, or with the transport's error. */
  locate: (network: Network, signal: AbortSignal) => Promise<Location>;
}

export class GeolocationError extends Error {}

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const accuracy = z.number().nonnegative();

/** The answer's HTTP status and its body read as JSON; a body that is not JSON is an error. */
export async function fetchJson(url: URL, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new GeolocationError(`HTTP ${response.status}, not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** The body of a successful answer; any other status is an error, whatever its body says. */
export function okBody(status: number, body: unknown): unknown {
  if (status < 200 || status > 299) throw new GeolocationError(`HTTP ${status}: ${JSON.stringify(body).slice(0, 120)}`);
  return body;
}

/** `schema`'s reading of a body, or a GeolocationError saying what was wrong with it. */
export function expectShape<T>(schema: z.ZodType<T>, body: unknown, status: number): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GeolocationError(`HTTP ${status}, unexpected answer: ${JSON.stringify(body).slice(0, 120)}`);
  return parsed.data;
}

/** `post` as a JSON request body. */
export function postJson(post: unknown, signal: AbortSignal): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(post), signal };
}

/** How one provider's request JSON names a network's cells and access points. */
export interface NetworkFields {
  cells: string;
  cell: (cell: CellTower) => Record<string, unknown>;
  accessPoints: string;
  accessPoint: (accessPoint: WifiAccessPoint) => Record<string, unknown>;
}

/** A provider's request: its own top-level fields, then the cells and access points in its names, each list left out when empty. */
export function networkRequest(network: Network, top: Record<string, unknown>, fields: NetworkFields): Record<string, unknown> {
  const request = { ...top };
  if (network.cellTowers.length > 0) request[fields.cells] = network.cellTowers.map(fields.cell);
  if (network.wifiAccessPoints.length > 0) request[fields.accessPoints] = network.wifiAccessPoints.map(fields.accessPoint);
  return request;
}
