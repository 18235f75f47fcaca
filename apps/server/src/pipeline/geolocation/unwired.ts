import { z } from 'zod';
import type { Network } from './network.ts';
import { accuracy, expectShape, fetchJson, GeolocationError, latitude, longitude, networkRequest, okBody, postJson, type GeolocationProvider } from './provider.ts';

/**
 * Unwired Labs' LocationAPI (Traccar's UnwiredGeolocationProvider): `POST {url}` with its own
 * JSON, the token inside it; the answer is `{status: "ok", lat, lon, accuracy}` or
 * `{status: "error", message}`.
 */

const answer = z.object({ status: z.string(), message: z.string().optional() });
const located = z.object({ lat: latitude, lon: longitude, accuracy });

/** Traccar's field names for Unwired: short codes, `cells` and `wifi`, `bssid` for the MAC. */
export function unwiredRequest(network: Network, token: string): Record<string, unknown> {
  const top = { token, radio: network.radioType, mcc: network.homeMobileCountryCode, mnc: network.homeMobileNetworkCode };
  return networkRequest(network, top, {
    cells: 'cells',
    cell: (cell) => ({
      radio: cell.radioType,
      mcc: cell.mobileCountryCode,
      mnc: cell.mobileNetworkCode,
      lac: cell.locationAreaCode,
      cid: cell.cellId,
      signal: cell.signalStrength,
    }),
    accessPoints: 'wifi',
    accessPoint: (wifi) => ({ bssid: wifi.macAddress, signal: wifi.signalStrength, channel: wifi.channel }),
  });
}

export function unwiredProvider(url: string, token: string): GeolocationProvider {
  const target = new URL(url);
  return {
    usable: () => true,
    async locate(network, signal) {
      const { status, body } = await fetchJson(target, postJson(unwiredRequest(network, token), signal));
      const reply = expectShape(answer, okBody(status, body), status);
      if (reply.status !== 'ok') throw new GeolocationError(`${reply.status}: ${reply.message ?? 'no message'}`);
      const { lat, lon, accuracy } = expectShape(located, body, status);
      return { latitude: lat, longitude: lon, accuracy };
    },
  };
}
