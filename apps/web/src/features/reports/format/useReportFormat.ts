import { useMemo } from 'react';
import { distanceUnitOf, speedUnitOf, type DistanceUnit, type SpeedUnit } from '@rastro/api';
import { useServerInfo } from '../../../api/queries.ts';
import { useFormats } from '../../../state/formats.ts';
import { useSessionUser } from '../../../state/session.ts';
import { formatDuration } from '../../../ui/duration.ts';
import type { Formats } from '../../../ui/formats.ts';
import { formatDistance, formatSpeed } from '../../../ui/units.ts';
import { preference } from './preferences.ts';

/** Formatting of report values in the user's units, language, time zone, clock and coordinate format. */
export interface ReportFormat extends Formats {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  speed: (knots: number) => string;
  distance: (metres: number) => string;
  duration: (ms: number) => string;
  number: (value: number, fractionDigits?: number) => string;
}

export function useReportFormat(): ReportFormat {
  const formats = useFormats();
  const user = useSessionUser();
  const server = useServerInfo().data?.server;
  const { locale } = formats;
  const speedUnit = speedUnitOf(preference('speedUnit', user, server));
  const distanceUnit = distanceUnitOf(preference('distanceUnit', user, server));

  return useMemo((): ReportFormat => ({
    ...formats,
    speedUnit,
    distanceUnit,
    speed: (knots) => formatSpeed(knots, speedUnit, locale),
    distance: (metres) => formatDistance(metres, distanceUnit, locale),
    duration: formatDuration,
    number: (value, fractionDigits = 2) => new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value),
  }), [formats, locale, speedUnit, distanceUnit]);
}
