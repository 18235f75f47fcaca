import type { ReactNode } from 'react';
import type { Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { alarmNames, nameOf } from '../../../i18n/names.ts';
import { attributeText } from '../format/attributeValue.ts';
import type { ReportFormat } from '../format/useReportFormat.ts';
import { AddressText } from '../../../ui/AddressText.tsx';
import { DetailList } from './DetailList.tsx';

/** The position playback is at (or that was clicked): time, speed, place and every attribute. */
export function PositionDetails({ position, format }: { position: Position; format: ReportFormat }) {
  const { t, i18n } = useTranslation();
  const name = (key: string) => nameOf(i18n, 'attribute', key);
  // the alarm attribute holds alarm names (comma-separated): named too
  const value = (key: string, raw: unknown) => (key === 'alarm' && typeof raw === 'string' ? alarmNames(i18n, raw).join(', ') : attributeText(key, raw, format, t));
  const items: [string, ReactNode][] = [
    [t('reports.column.time'), format.dateTime(position.fixTime)],
    [t('reports.column.speed'), format.speed(position.speed)],
    [t('reports.column.course'), `${Math.round(position.course)}°`],
    // looked up once playback settles on a place, not at every step
    [t('reports.column.address'), <AddressText live latitude={position.latitude} longitude={position.longitude} address={position.address} />],
    ...Object.entries(position.attributes).map(([key, raw]): [string, string] => [name(key), value(key, raw)]),
  ];
  return <DetailList items={items} testId="playback-position" />;
}
