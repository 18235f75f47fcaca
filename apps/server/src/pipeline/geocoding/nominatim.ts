import { z } from 'zod';
import type { Address } from './address.ts';
import { coordinate, expectShape, GeocoderError, getJson, NoAddress, text, type GeocoderProvider } from './provider.ts';

/**
 * Nominatim (OpenStreetMap's geocoder, public or self-hosted) and LocationIQ, which speaks the
 * same API (Traccar's NominatimGeocoder and LocationIqGeocoder):
 * `GET {url}?format=json&lat&lon&zoom=18&addressdetails=1[&key][&accept-language]`. The answer is
 * `{display_name, address: {house_number, road, suburb, village|town|city, state_district|region,
 * state, country_code, postcode}}`, or `{error}` — "Unable to geocode" where nothing is near.
 */

const answer = z.object({
  display_name: text,
  address: z.object({
    house_number: text, road: text, suburb: text, village: text, town: text, city: text,
    state_district: text, region: text, state: text, country_code: text, postcode: text,
  }),
});
const failure = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });

export function nominatimProvider(url: string, key: string | null): GeocoderProvider {
  return {
    async reverse(latitude, longitude, language, signal) {
      const target = new URL(url);
      target.searchParams.set('format', 'json');
      target.searchParams.set('lat', coordinate(latitude));
      target.searchParams.set('lon', coordinate(longitude));
      target.searchParams.set('zoom', '18');
      target.searchParams.set('addressdetails', '1');
      if (key) target.searchParams.set('key', key);
      if (language) target.searchParams.set('accept-language', language);
      const { status, body } = await getJson(target, signal);
      const error = failure.safeParse(body);
      if (error.success) {
        const message = typeof error.data.error === 'string' ? error.data.error : error.data.error.message;
        if (/unable to geocode/i.test(message)) throw new NoAddress(message);
        throw new GeocoderError(`HTTP ${status}: ${message}`);
      }
      if (status < 200 || status > 299) throw new GeocoderError(`HTTP ${status}: ${JSON.stringify(body).slice(0, 120)}`);
      const { display_name, address: a } = expectShape(answer, body, status);
      const address: Address = {
        formattedAddress: display_name,
        house: a.house_number,
        street: a.road,
        suburb: a.suburb,
        settlement: a.village ?? a.town ?? a.city,
        district: a.state_district ?? a.region,
        state: a.state,
        country: a.country_code?.toUpperCase(),
        postcode: a.postcode,
      };
      return address;
    },
  };
}
