import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../../api/queries.ts';
import { useSessionUser } from '../../../state/session.ts';
import { distanceUnitOf, formatDistance, type DistanceUnit } from '../../../ui/distance.ts';
import { formatDuration } from '../../../ui/duration.ts';
import { formatSpeed, speedUnitOf, type SpeedUnit } from '../../../ui/units.ts';
import { preference, timeZoneOf } from './preferences.ts';

/** Formatting of report values in the user's units, language and time zone. */
export interface ReportFormat {
  locale: string;
  timeZone: string;
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  speed: (knots: number) => string;
  distance: (metres: number) => string;
  duration: (ms: number) => string;
  dateTime: (time: string | number) => string;
  number: (value: number, fractionDigits?: number) => string;
}

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function useReportFormat(): ReportFormat {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const server = useServerInfo().data?.server;
  const locale = i18n.language;
  const speedUnit = speedUnitOf(preference('speedUnit', user, server));
  const distanceUnit = distanceUnitOf(preference('distanceUnit', user, server));
  const timeZone = timeZoneOf(preference('timezone', user, server), BROWSER_ZONE);

  return useMemo(() => {
    const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone });
    return {
      locale,
      timeZone,
      speedUnit,
      distanceUnit,
      speed: (knots) => formatSpeed(knots, speedUnit, locale),
      distance: (metres) => formatDistance(metres, distanceUnit, locale),
      duration: formatDuration,
      dateTime: (time) => dateTimeFormat.format(typeof time === 'number' ? time : Date.parse(time)),
      number: (value, fractionDigits = 2) => new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value),
    };
  }, [locale, timeZone, speedUnit, distanceUnit]);
}
