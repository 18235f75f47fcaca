import { useMemo } from 'react';
import { coordinateFormatOf, validTimeZone, type Server, type User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../api/queries.ts';
import { createFormats, type FormatSettings, type Formats } from '../ui/formats.ts';
import { useSessionUser } from './session.ts';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The user's value, else the server's; with Traccar's `forceSettings` the server's wins. */
function pick<T>(userValue: T | null | undefined, serverValue: T | null | undefined, force: boolean | undefined): T | undefined {
  return (force ? (serverValue ?? userValue) : (userValue ?? serverValue)) ?? undefined;
}

/**
 * The display preferences as Traccar keeps them: `twelveHourFormat` and `timezone` in the
 * attributes of the user and the server, `coordinateFormat` a field of both.
 */
export function formatSettingsOf(user: User | null, server: Server | undefined, locale: string, browserZone = BROWSER_ZONE): FormatSettings {
  const force = server?.forceSettings;
  const twelveHour = pick(user?.attributes.twelveHourFormat, server?.attributes.twelveHourFormat, force);
  return {
    locale,
    // an IANA name or a fixed offset (`GMT-3`), as the server takes it for mail and exports
    timeZone: validTimeZone(pick(user?.attributes.timezone, server?.attributes.timezone, force)) ?? browserZone,
    // an attribute typed in by hand arrives as text
    hour12: twelveHour === true || twelveHour === 'true',
    coordinateFormat: coordinateFormatOf(pick(user?.coordinateFormat || null, server?.coordinateFormat || null, force)),
  };
}

/** Times and coordinates in the signed-in user's language, zone, clock and coordinate format. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const server = useServerInfo().data?.server;
  const { locale, timeZone, hour12, coordinateFormat } = formatSettingsOf(user, server, i18n.language);
  return useMemo(() => createFormats({ locale, timeZone, hour12, coordinateFormat }), [locale, timeZone, hour12, coordinateFormat]);
}
