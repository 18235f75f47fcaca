import { z } from 'zod';
import type { Network } from './network.ts';
import { accuracy, expectShape, fetchJson, GeolocationError, latitude, longitude, networkRequest, okBody, postJson, type GeolocationProvider } from './provider.ts';

/**
 * The Google Geolocation API and the services that speak it (Mozilla Location Service's
 * successors such as BeaconDB, self-hosted ichnaea): Traccar's Google and Universal providers.
 * `POST {url}?key=…` with the network as Google's request JSON; the answer is
 * `{location: {lat, lng}, accuracy}`, or `{error: {code, message}}`.
 */

const answer = z.object({ location: z.object({ lat: latitude, lng: longitude }), accuracy });
const failure = z.object({ error: z.object({ message: z.string().optional(), code: z.number().optional() }) });

/** Google's request: its documented fields only (it refuses unknown ones), the radio at the top. */
export function googleRequest(network: Network): Record<string, unknown> {
  const top = {
    homeMobileCountryCode: network.homeMobileCountryCode,
    homeMobileNetworkCode: network.homeMobileNetworkCode,
    radioType: network.radioType ?? network.cellTowers.find((cell) => cell.radioType)?.radioType,
    carrier: network.carrier,
    considerIp: network.considerIp,
  };
  return networkRequest(network, top, {
    cells: 'cellTowers',
    cell: (cell) => ({
      cellId: cell.cellId,
      locationAreaCode: cell.locationAreaCode,
      mobileCountryCode: cell.mobileCountryCode,
      mobileNetworkCode: cell.mobileNetworkCode,
      signalStrength: cell.signalStrength,
    }),
    accessPoints: 'wifiAccessPoints',
    accessPoint: ({ macAddress, signalStrength, channel }) => ({ macAddress, signalStrength, channel }),
  });
}

export function universalProvider(url: string, key: string | null): GeolocationProvider {
  const target = new URL(url);
  if (key) target.searchParams.set('key', key);
  return {
    usable: () => true,
    async locate(network, signal) {
      const { status, body } = await fetchJson(target, postJson(googleRequest(network), signal));
      const error = failure.safeParse(body);
      if (error.success) throw new GeolocationError(`HTTP ${status}: ${error.data.error.message ?? error.data.error.code ?? 'error'}`);
      const { location, accuracy } = expectShape(answer, okBody(status, body), status);
      return { latitude: location.lat, longitude: location.lng, accuracy };
    },
  };
}
