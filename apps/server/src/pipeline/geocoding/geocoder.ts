import type { DistanceUnit } from '@rastro/api';
import { LruMap } from 'toad-cache';
import type { GeocoderConfig } from '../../config/geocoder.ts';
import { DailyBudget } from '../geolocation/budget.ts';
import { formatAddress } from './address.ts';
import { nearPlaceText, type Language } from './nearest.ts';
import { atlasPlaces, PlaceIndex, type Place } from './places.ts';
import { NoAddress, type GeocoderProvider } from './provider.ts';
import { providerFor } from './providers.ts';

export type { Language };

export interface GeocoderOptions {
  /** The longest a request may take, answer included; then it is abandoned. */
  timeoutMs: number;
  cacheSize: number;
  cacheTtlMs: number;
  /** Traccar's address format (address.ts). */
  format: string;
  /** The language asked of the provider; null = the asking user's. */
  language: string | null;
}

interface Log {
  warn: (message: string) => void;
}

/** Where an address came from: the provider, or the nearest place of the offline data. */
export type AddressSource = 'provider' | 'place';
export interface AddressAnswer {
  text: string;
  source: AddressSource;
}

/** After a failure (no network, timeout, an error answer) the provider is left alone this long. */
export const REST_MS = 30_000;
/** Decimals of the coordinates in a cache key: points within ~11 m share an address. */
const KEY_DECIMALS = 4;
/** The provider's language for each of the app's (Google knows `en`, not every `en-*`). */
const PROVIDER_LANGUAGE: Record<Language, string> = { 'pt-BR': 'pt-BR', 'en-US': 'en', es: 'es' };

/** fetch's "fetch failed" says nothing without its cause (refused, reset, DNS). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * Reverse geocoding on demand (never per position): the provider's address for a point, from
 * memory when a point within ~11 m was asked in the same language within the TTL (least recently
 * used forgotten first), else by asking the provider once — callers asking for the same point
 * meanwhile wait for that one request — within the timeout and the daily budget. After a failure
 * the provider rests for REST_MS, so a server without internet answers at once instead of waiting
 * out a timeout per address. Whatever the provider cannot give, the nearest named place of the
 * offline data gives: an address is never empty.
 */
export class Geocoder {
  private readonly cache: LruMap<string>;
  private readonly pending = new Map<string, Promise<string | null>>();
  private restUntil = 0;
  private index: PlaceIndex | null = null;
  /** Requests sent to the provider (tests watch it). */
  requests = 0;

  constructor(
    private readonly provider: GeocoderProvider | null,
    private readonly budget: DailyBudget,
    private readonly options: GeocoderOptions,
    private readonly log: Log,
    private readonly loadPlaces: () => readonly Place[] = atlasPlaces,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new LruMap(options.cacheSize, options.cacheTtlMs);
  }

  /** Whether a provider is configured (report rows are then filled when built). */
  get online(): boolean {
    return this.provider !== null;
  }

  private key(latitude: number, longitude: number, language: Language): string {
    return `${this.options.language ?? PROVIDER_LANGUAGE[language]}|${latitude.toFixed(KEY_DECIMALS)}|${longitude.toFixed(KEY_DECIMALS)}`;
  }

  /** What the cache holds for the point: the address, null when the provider knows none there, undefined when not asked yet. */
  cached(latitude: number, longitude: number, language: Language): string | null | undefined {
    const known = this.cache.get(this.key(latitude, longitude, language));
    return known === undefined ? undefined : known || null;
  }

  /**
   * The provider's address, or null: no provider, nothing there, resting after a failure, the
   * day's budget spent, a failure (logged). Never rejects.
   */
  lookup(latitude: number, longitude: number, language: Language): Promise<string | null> {
    const provider = this.provider;
    if (!provider || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return Promise.resolve(null);
    const key = this.key(latitude, longitude, language);
    const known = this.cache.get(key);
    if (known !== undefined) return Promise.resolve(known || null);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    if (this.now() < this.restUntil || !this.budget.take()) return Promise.resolve(null);
    this.requests++;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const request = provider.reverse(latitude, longitude, this.options.language ?? PROVIDER_LANGUAGE[language], signal).then(
      (address) => {
        const text = formatAddress(address, this.options.format).slice(0, 512);
        this.cache.set(key, text);
        return text || null;
      },
      (error: unknown) => {
        if (error instanceof NoAddress) {
          this.cache.set(key, '');
          return null;
        }
        if (this.now() >= this.restUntil) this.log.warn(`geocoder: ${describe(error)}; addresses come from the offline place data for the next ${REST_MS / 1000} s`);
        this.restUntil = this.now() + REST_MS;
        return null;
      },
    );
    this.pending.set(key, request);
    void request.then(() => this.pending.delete(key));
    return request;
  }

  /** The offline place data's index, read on first use (a failure to read it is logged once; then there are no places). */
  places(): PlaceIndex {
    if (!this.index) {
      try {
        this.index = new PlaceIndex(this.loadPlaces());
      } catch (error) {
        this.log.warn(`geocoder: the offline place data could not be read (${describe(error)}); addresses fall back to coordinates`);
        this.index = new PlaceIndex([]);
      }
    }
    return this.index;
  }

  /** "3 km NE de Campinas, SP": the point said from the nearest place (coordinates when there is none). */
  nearPlace(latitude: number, longitude: number, language: Language, unit: DistanceUnit = 'km'): string {
    return nearPlaceText(latitude, longitude, this.places().nearest(latitude, longitude), language, unit);
  }

  /** The provider's address when it gives one, else the nearest place's: never empty. */
  async address(latitude: number, longitude: number, language: Language, unit: DistanceUnit = 'km'): Promise<AddressAnswer> {
    const text = await this.lookup(latitude, longitude, language);
    return text ? { text, source: 'provider' } : { text: this.nearPlace(latitude, longitude, language, unit), source: 'place' };
  }
}

/** The configured provider (or none) behind its cache, budget, timeout and rest, over the offline place data. */
export function createGeocoder(config: GeocoderConfig | null, log: Log): Geocoder {
  const budget = new DailyBudget(config?.dailyLimit ?? 0, (limit) =>
    log.warn(`geocoder: the daily limit of ${limit} requests (RASTRO_GEOCODER_DAILY_LIMIT) is reached; addresses come from the offline place data until 00:00 UTC`),
  );
  const options: GeocoderOptions = config ?? { timeoutMs: 5000, cacheSize: 1, cacheTtlMs: 1, format: '', language: null };
  return new Geocoder(config ? providerFor(config) : null, budget, options, log);
}
