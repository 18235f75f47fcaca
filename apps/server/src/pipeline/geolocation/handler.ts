import type { GeolocationConfig } from '../../config/geolocation.ts';
import { KEY } from '../../position/keys.ts';
import type { PositionStep, WorkingPosition } from '../types.ts';
import { DailyBudget } from './budget.ts';
import { GeolocationLookup } from './lookup.ts';
import { networkKey, readNetwork } from './network.ts';
import type { Location } from './provider.ts';
import { providerFor } from './providers.ts';

type Rules = Pick<GeolocationConfig, 'processInvalidPositions' | 'reuse' | 'requireWifi' | 'mcc' | 'mnc'>;
interface Log {
  warn: (message: string) => void;
}

/**
 * Traccar's GeolocationHandler: a position without a location of its own (`outdated`; also an
 * invalid one with `processInvalidPositions`) that carries cell towers or Wi-Fi access points is
 * placed where the provider locates them, or where the last position was when the network is the
 * same (`reuse`). When the provider fails, times out or the day's budget is spent, the position
 * goes on as it came (with the last known fix `outdated` gave it): it is never held back longer
 * than the lookup's timeout, and never lost.
 */
export function geolocationHandler(lookup: GeolocationLookup, rules: Rules, log: Log): PositionStep {
  return (position, last) => {
    if (!position.outdated && !(rules.processInvalidPositions && !position.valid)) return position;
    const network = readNetwork(position.network, rules);
    if (!network || (rules.requireWifi && network.wifiAccessPoints.length === 0)) return position;
    // Only a valid last position is worth copying: an invalid one may be a failed lookup's 0,0.
    if (rules.reuse && last?.valid) {
      const previous = readNetwork(last.network, rules);
      if (previous && networkKey(previous) === networkKey(network)) return located(position, last);
    }
    return lookup.locate(network).then(
      (location) => (location ? located(position, location) : position),
      (error: unknown) => {
        log.warn(`geolocation failed for device ${position.deviceId}: ${describe(error)}`);
        return position;
      },
    );
  };
}

/**
 * Traccar's updatePosition: a valid fix at the device's time, marked approximate, standing still.
 * No longer `outdated` either: here that flag means "carries the last fix", which distance and the
 * filters skip; a located position has a place of its own, and Traccar's distance and filter
 * handlers, which never read the flag, treat it as a fix too.
 */
function located(position: WorkingPosition, { latitude, longitude, accuracy }: Location): WorkingPosition {
  return {
    ...position,
    outdated: false,
    valid: true,
    fixTime: position.deviceTime,
    latitude,
    longitude,
    accuracy,
    altitude: 0,
    speed: 0,
    course: 0,
    attributes: { ...position.attributes, [KEY.approximate]: true },
  };
}

/** fetch's "fetch failed" says nothing without its cause (refused, reset, DNS). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * The configured provider behind its cache, budget and timeout, as a pipeline step; `requests`
 * reads how many requests went to the provider so far (the daily statistics).
 */
export function createGeolocation(config: GeolocationConfig, log: Log): { step: PositionStep; requests: () => number } {
  const budget = new DailyBudget(config.dailyLimit, (limit) =>
    log.warn(`geolocation: the daily limit of ${limit} requests (RASTRO_GEOLOCATION_DAILY_LIMIT) is reached; positions stay unlocated until 00:00 UTC`),
  );
  const lookup = new GeolocationLookup(providerFor(config), budget, config);
  return { step: geolocationHandler(lookup, config, log), requests: () => lookup.requests };
}
