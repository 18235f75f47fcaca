import type { Device, Position } from '@rastro/api';
import { isSoftDeleted } from '../../api/devices.ts';
import { NO_FILTERS, type DeviceFilters } from '../../state/deviceFilters.ts';
import { hasAlarm } from './deviceSort.ts';
import { deviceStatus, hasIgnition, isMoving } from './deviceStatus.ts';

/** The figures of the home overview, in the order it shows them. */
export const OVERVIEW_FIGURES = ['all', 'online', 'offline', 'unknown', 'moving', 'ignition', 'alarm'] as const;
export type OverviewFigure = (typeof OVERVIEW_FIGURES)[number];
export type OverviewCounts = Record<OverviewFigure, number>;

/** How many listed (not soft-deleted) devices each figure counts. */
export function overviewCounts(devices: Iterable<Device>, positions: ReadonlyMap<number, Position>): OverviewCounts {
  const counts: OverviewCounts = { all: 0, online: 0, offline: 0, unknown: 0, moving: 0, ignition: 0, alarm: 0 };
  for (const device of devices) {
    if (isSoftDeleted(device)) continue;
    const position = positions.get(device.id);
    counts.all++;
    counts[deviceStatus(device)]++;
    if (isMoving(position)) counts.moving++;
    if (hasIgnition(position)) counts.ignition++;
    if (hasAlarm(position)) counts.alarm++;
  }
  return counts;
}

/**
 * The list filters that show exactly the devices a figure counts: every other filter is cleared,
 * so the list holds as many rows as the overview said.
 */
export function filtersFor(figure: OverviewFigure): DeviceFilters {
  switch (figure) {
    case 'all':
      return NO_FILTERS;
    case 'moving':
      return { ...NO_FILTERS, motionOnly: true };
    case 'ignition':
      return { ...NO_FILTERS, ignitionOnly: true };
    case 'alarm':
      return { ...NO_FILTERS, alarmOnly: true };
    default:
      return { ...NO_FILTERS, status: figure };
  }
}
