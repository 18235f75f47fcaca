import { z } from 'zod';
import type { Address } from './address.ts';

/** One reverse-geocoding web service (Traccar's JsonGeocoder subclasses). */
export interface GeocoderProvider {
  /**
   * The address at a point, in `language` when the service takes one (null: its default). Rejects
   * with NoAddress when the service knows no address there, with a GeocoderError when it answers
   * with an error or garbage, or with the transport's error (refused, timeout).
   */
  reverse: (latitude: number, longitude: number, language: string | null, signal: AbortSignal) => Promise<Address>;
}

/** The service answered, but with an error or with something that is not an answer. */
export class GeocoderError extends Error {}

/** The service answered properly that it has no address for the point (the open sea, a desert). */
export class NoAddress extends GeocoderError {}

/** Some services ask to be told who calls (Nominatim's usage policy requires it). */
const USER_AGENT = 'Rastro fleet tracking (Traccar-compatible server)';

/** GET `url` and read the answer as JSON: its status and body; a body that is not JSON is an error. */
export async function getJson(url: URL, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { accept: 'application/json', 'user-agent': USER_AGENT }, signal });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new GeocoderError(`HTTP ${response.status}, not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** `schema`'s reading of a body, or a GeocoderError saying what was wrong with it. */
export function expectShape<T>(schema: z.ZodType<T>, body: unknown, status: number): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GeocoderError(`HTTP ${status}, unexpected answer: ${JSON.stringify(body).slice(0, 120)}`);
  return parsed.data;
}

/** Coordinates as Traccar's `%f` writes them: six decimals, a dot. */
export const coordinate = (value: number): string => value.toFixed(6);

/** A text field of an answer; numbers (house numbers, postcodes) are taken as text, anything else is left out. */
export const text = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);
