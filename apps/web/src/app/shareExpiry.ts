export interface Remaining {
  expired: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `expiration` (ISO), split for the 'Expira em:' countdown of share-link users. */
export function remainingUntil(expiration: string, now: number): Remaining {
  const left = Date.parse(expiration) - now;
  if (!(left >= 0)) return { expired: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  const totalSeconds = Math.floor(left / 1000);
  return {
    expired: false,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
  };
}
