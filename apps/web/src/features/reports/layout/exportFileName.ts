import { toLocalInput } from '../../../ui/zonedTime.ts';

/** `trips_2024-05-01_2024-05-07.xlsx`: the report and its days in the user's time zone. */
export function exportFileName(kind: string, from: string, to: string, timeZone: string): string {
  const day = (iso: string) => toLocalInput(Date.parse(iso), timeZone).slice(0, 10);
  const first = day(from);
  const last = day(to);
  return `${kind}_${first}${last === first ? '' : `_${last}`}.xlsx`;
}
