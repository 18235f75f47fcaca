import { z } from 'zod';
import type { Address } from './address.ts';
import { coordinate, expectShape, GeocoderError, getJson, NoAddress, text, type GeocoderProvider } from './provider.ts';

/**
 * OpenCage (Traccar's OpenCageGeocoder): `GET {url}?q=lat,lon&no_annotations=1&key[&language]`.
 * The answer is `{status: {code, message}, results: [{formatted, components}]}`; an error has the
 * HTTP status of `status.code` (401 bad key, 402 quota, 403 suspended, 429 too fast) and no results.
 */

const failure = z.object({ status: z.object({ code: z.number(), message: z.string() }) });
const answer = z.object({
  results: z.array(z.object({
    formatted: text,
    components: z.object({
      building: text, house_number: text, road: text, suburb: text, city: text, town: text, village: text,
      county: text, state: text, country_code: text, postcode: text,
    }),
  })),
});

export function openCageProvider(url: string, key: string | null): GeocoderProvider {
  return {
    async reverse(latitude, longitude, language, signal) {
      const target = new URL(url);
      target.searchParams.set('q', `${coordinate(latitude)},${coordinate(longitude)}`);
      target.searchParams.set('no_annotations', '1');
      if (key) target.searchParams.set('key', key);
      if (language) target.searchParams.set('language', language);
      const { status, body } = await getJson(target, signal);
      const error = failure.safeParse(body);
      if (status < 200 || status > 299 || (error.success && error.data.status.code !== 200)) {
        throw new GeocoderError(`HTTP ${status}: ${error.success ? error.data.status.message : JSON.stringify(body).slice(0, 120)}`);
      }
      const [first] = expectShape(answer, body, status).results;
      if (!first) throw new NoAddress('no results');
      const c = first.components;
      return {
        formattedAddress: first.formatted,
        house: c.house_number ?? c.building,
        street: c.road,
        suburb: c.suburb,
        // Traccar reads `city` only; towns and villages are answered under their own names
        settlement: c.city ?? c.town ?? c.village,
        district: c.county,
        state: c.state,
        country: c.country_code?.toUpperCase(),
        postcode: c.postcode,
      } satisfies Address;
    },
  };
}
