import { LruMap } from 'toad-cache';
import type { DailyBudget } from './budget.ts';
import { networkKey, type Network } from './network.ts';
import type { GeolocationProvider, Location } from './provider.ts';

export interface LookupOptions {
  /** The longest a request may take, answer included; then it is abandoned. */
  timeoutMs: number;
  cacheSize: number;
  cacheTtlMs: number;
}

/**
 * Finds a network's location: from memory when the same cells and access points were located
 * within the TTL (least recently used forgotten first), else by asking the provider once — the
 * positions that meet the same network meanwhile wait for that one request — within the timeout
 * and the daily budget. Only locations are remembered; a failure is asked again next time, and
 * the budget bounds what that costs.
 */
export class GeolocationLookup {
  private readonly cache: LruMap<Location>;
  private readonly pending = new Map<string, Promise<Location>>();
  /** Requests sent to the provider (tests watch it). */
  requests = 0;

  constructor(
    private readonly provider: GeolocationProvider,
    private readonly budget: DailyBudget,
    private readonly options: LookupOptions,
  ) {
    this.cache = new LruMap(options.cacheSize, options.cacheTtlMs);
  }

  /** Null when the provider has nothing to go on or today's budget is spent; rejects when the request fails or times out. */
  locate(network: Network): Promise<Location | null> {
    if (!this.provider.usable(network)) return Promise.resolve(null);
    const key = networkKey(network);
    const known = this.cache.get(key);
    if (known) return Promise.resolve(known);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    if (!this.budget.take()) return Promise.resolve(null);
    this.requests++;
    const request = this.provider.locate(network, AbortSignal.timeout(this.options.timeoutMs)).then((location) => {
      this.cache.set(key, location);
      return location;
    });
    this.pending.set(key, request);
    const settled = () => this.pending.delete(key);
    void request.then(settled, settled);
    return request;
  }
}
