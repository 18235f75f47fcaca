import { createElement, type ReactNode } from 'react';
import { AddressText } from '../../../ui/AddressText.tsx';
import type { ReportFormat } from '../format/useReportFormat.ts';

export interface Column<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /**
   * On a phone, where the column goes in its row's card: the card's title line, a line of its own
   * (addresses), or nowhere (what a small screen can do without); by default a cell of the card's grid.
   */
  phone?: 'title' | 'wide' | 'hide';
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a report's columns are made of: a column is headed by its id's `reports.column.*` text. */
export function columnKit(t: Translate, format: ReportFormat) {
  const column = <T>(id: string, render: (row: T) => ReactNode, align?: 'right'): Column<T> => ({ id, label: t(`reports.column.${id}`), render, align });
  const right = <T>(id: string, render: (row: T) => ReactNode) => column(id, render, 'right');
  /** The column placed on a phone's card (Column.phone). */
  const onPhone = <T>(shown: Column<T>, phone: Column<T>['phone']): Column<T> => ({ ...shown, phone });
  /** The columns several reports have, worded and formatted alike. */
  const shared = {
    device: onPhone(column('device', (row: { deviceName: string }) => row.deviceName), 'title'),
    start: column('start', (row: { startTime: string }) => format.dateTime(row.startTime)),
    end: column('end', (row: { endTime: string }) => format.dateTime(row.endTime)),
    // the row's address from the report, else looked up when the row is shown
    address: onPhone(column('address', (row: { address?: string | null; latitude: number; longitude: number }) =>
      createElement(AddressText, { address: row.address, latitude: row.latitude, longitude: row.longitude })), 'wide'),
    distance: right('distance', (row: { distance: number }) => format.distance(row.distance)),
    duration: right('duration', (row: { duration: number }) => format.duration(row.duration)),
    averageSpeed: right('averageSpeed', (row: { averageSpeed: number }) => format.speed(row.averageSpeed)),
    maxSpeed: right('maxSpeed', (row: { maxSpeed: number }) => format.speed(row.maxSpeed)),
    engineHours: right('engineHours', (row: { engineHours: number }) => format.duration(row.engineHours)),
    spentFuel: right('spentFuel', (row: { spentFuel: number }) => t('reports.litres', { value: format.number(row.spentFuel) })),
  };
  return { t, format, column, right, onPhone, shared };
}

export type ColumnKit = ReturnType<typeof columnKit>;
