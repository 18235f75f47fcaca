import { z } from 'zod';
import { accuracy, expectShape, fetchJson, GeolocationError, latitude, longitude, okBody, type GeolocationProvider } from './provider.ts';

/**
 * OpenCellID (Traccar's OpenCellIdGeolocationProvider): `GET {url}?format=json&mcc&mnc&lac&cellid&key`
 * for the first cell; the answer is `{lat, lon, range, …}` or `{error, code}`. Wi-Fi is not looked up.
 */

const located = z.object({ lat: latitude, lon: longitude, range: accuracy.optional() });
const failure = z.object({ error: z.string(), code: z.number().optional() });

export function openCellIdProvider(url: string, key: string): GeolocationProvider {
  return {
    usable: (network) => network.cellTowers.length > 0,
    async locate(network, signal) {
      const cell = network.cellTowers[0];
      if (!cell) throw new GeolocationError('no cell tower to look up');
      const target = new URL(url);
      target.searchParams.set('format', 'json');
      target.searchParams.set('mcc', String(cell.mobileCountryCode));
      target.searchParams.set('mnc', String(cell.mobileNetworkCode));
      target.searchParams.set('lac', String(cell.locationAreaCode));
      target.searchParams.set('cellid', String(cell.cellId));
      target.searchParams.set('key', key);
      const { status, body } = await fetchJson(target, { method: 'GET', signal });
      const error = failure.safeParse(body);
      if (error.success) throw new GeolocationError(error.data.code === undefined ? error.data.error : `${error.data.error} (${error.data.code})`);
      const { lat, lon, range } = expectShape(located, okBody(status, body), status);
      // Traccar reports 0 (exact); the cell's range is the truer uncertainty when the service gives it.
      return { latitude: lat, longitude: lon, accuracy: range ?? 0 };
    },
  };
}
