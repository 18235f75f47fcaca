import { z } from 'zod';
import type { Address } from './address.ts';
import { coordinate, expectShape, GeocoderError, getJson, NoAddress, type GeocoderProvider } from './provider.ts';

/**
 * The Google Geocoding API (Traccar's GoogleGeocoder): `GET {url}?latlng=lat,lon&key[&language]`.
 * The answer is `{status, results: [{formatted_address, address_components: [{short_name,
 * types}]}], error_message}`, with HTTP 200 whatever the status; `ZERO_RESULTS` means nothing is there.
 */

const component = z.object({ short_name: z.string(), types: z.array(z.string()) });
const answer = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z.array(z.object({ formatted_address: z.string().optional(), address_components: z.array(component) })).optional(),
});

/** Which field a component's type fills (its first type that fills one counts, as in Traccar). */
const FIELD_OF: Record<string, keyof Address> = {
  street_number: 'house',
  route: 'street',
  locality: 'settlement',
  administrative_area_level_2: 'district',
  administrative_area_level_1: 'state',
  country: 'country',
  postal_code: 'postcode',
};

export function googleProvider(url: string, key: string | null): GeocoderProvider {
  return {
    async reverse(latitude, longitude, language, signal) {
      const target = new URL(url);
      target.searchParams.set('latlng', `${coordinate(latitude)},${coordinate(longitude)}`);
      if (key) target.searchParams.set('key', key);
      if (language) target.searchParams.set('language', language);
      const { status, body } = await getJson(target, signal);
      const parsed = expectShape(answer, body, status);
      if (parsed.status === 'ZERO_RESULTS') throw new NoAddress('ZERO_RESULTS');
      if (parsed.status !== 'OK' || status < 200 || status > 299) {
        throw new GeocoderError(`HTTP ${status}: ${parsed.status}${parsed.error_message ? ` (${parsed.error_message})` : ''}`);
      }
      const [first] = parsed.results ?? [];
      if (!first) throw new NoAddress('no results');
      const address: Address = { formattedAddress: first.formatted_address };
      for (const { short_name, types } of first.address_components) {
        const field = types.map((type) => FIELD_OF[type]).find((f) => f !== undefined);
        if (field) address[field] = short_name;
      }
      return address;
    },
  };
}
