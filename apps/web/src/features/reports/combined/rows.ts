import type { Event, Position, ReportCombined } from '@rastro/api';

/** One event of the combined report, with its device and the position it was raised at. */
export interface CombinedRow {
  key: number;
  deviceName: string;
  event: Event;
  position: Position | undefined;
}

/** The events of every device, oldest first (each device's come in order; the devices are merged). */
export function combinedRows(items: readonly ReportCombined[], names: ReadonlyMap<number, string>): CombinedRow[] {
  return items
    .flatMap((item) => {
      const positions = new Map(item.positions.map((position) => [position.id, position]));
      return item.events.map((event) => ({
        key: event.id, deviceName: names.get(item.deviceId) ?? String(item.deviceId), event, position: positions.get(event.positionId),
      }));
    })
    .sort((a, b) => Date.parse(a.event.eventTime) - Date.parse(b.event.eventTime) || a.key - b.key);
}
