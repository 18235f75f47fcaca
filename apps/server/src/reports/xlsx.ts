import { SPEED_UNIT_LABELS, type Event, type Position, type ReportGeofence, type ReportStop, type ReportSummary, type ReportTrip } from '@rastro/api';
import ExcelJS from 'exceljs';
import { asText } from '../domain/json.ts';
import { KEY } from '../position/keys.ts';
import { coordinateCell, distance, duration, localTime, neutralise, pointText, speed, type ExportFormat, type Locale } from './format.ts';
import type { Pace } from './pace.ts';

type Cell = string | number | boolean | null;
/** A spreadsheet column: its header in each language, its cell, and the unit its header names. */
export interface Column<T> {
  header: Record<Locale, string>;
  value: (item: T, format: ExportFormat) => Cell;
  width?: number;
  /** Adds the user's unit to the header. */
  unit?: 'speed' | 'distance';
}

export const h = (pt: string, en: string, es: string): Record<Locale, string> => ({ 'pt-BR': pt, 'en-US': en, es });
const unitLabel = (f: ExportFormat) => SPEED_UNIT_LABELS[f.speedUnit];

const device: Column<{ deviceName: string }> = { header: h('Dispositivo', 'Device', 'Dispositivo'), value: (i) => i.deviceName, width: 24 };
const start: Column<{ startTime: string }> = { header: h('Início', 'Start', 'Inicio'), value: (i, f) => localTime(i.startTime, f.timeZone, f.twelveHour), width: 20 };
const end: Column<{ endTime: string }> = { header: h('Fim', 'End', 'Fin'), value: (i, f) => localTime(i.endTime, f.timeZone, f.twelveHour), width: 20 };
const odoStart: Column<{ startOdometer: number }> = { header: h('Odômetro inicial', 'Start odometer', 'Odómetro inicial'), value: (i, f) => distance(i.startOdometer, f.distanceUnit), unit: 'distance' };
const odoEnd: Column<{ endOdometer: number }> = { header: h('Odômetro final', 'End odometer', 'Odómetro final'), value: (i, f) => distance(i.endOdometer, f.distanceUnit), unit: 'distance' };
const dist: Column<{ distance: number }> = { header: h('Distância', 'Distance', 'Distancia'), value: (i, f) => distance(i.distance, f.distanceUnit), unit: 'distance' };
const avg: Column<{ averageSpeed: number }> = { header: h('Velocidade média', 'Average speed', 'Velocidad media'), value: (i, f) => speed(i.averageSpeed, f.speedUnit), unit: 'speed' };
const max: Column<{ maxSpeed: number }> = { header: h('Velocidade máxima', 'Top speed', 'Velocidad máxima'), value: (i, f) => speed(i.maxSpeed, f.speedUnit), unit: 'speed' };
const fuel: Column<{ spentFuel: number }> = { header: h('Combustível gasto', 'Fuel spent', 'Combustible gastado'), value: (i) => i.spentFuel };
const length: Column<{ duration: number }> = { header: h('Duração', 'Duration', 'Duración'), value: (i) => duration(i.duration) };

const SHEETS = {
  summary: [device, start, end, dist, odoStart, odoEnd, avg, max,
    { header: h('Horas de motor', 'Engine hours', 'Horas de motor'), value: (i: ReportSummary) => duration(i.engineHours) }, fuel] as Column<ReportSummary>[],
  trips: [device, start, end, length, dist, odoStart, odoEnd, avg, max, fuel,
    { header: h('Endereço inicial', 'Start address', 'Dirección inicial'), value: (i: ReportTrip, f: ExportFormat) => i.startAddress ?? pointText(i.startLat, i.startLon, f), width: 30 },
    { header: h('Endereço final', 'End address', 'Dirección final'), value: (i: ReportTrip, f: ExportFormat) => i.endAddress ?? pointText(i.endLat, i.endLon, f), width: 30 },
    { header: h('Motorista', 'Driver', 'Conductor'), value: (i: ReportTrip) => i.driverName ?? i.driverUniqueId }] as Column<ReportTrip>[],
  stops: [device, start, end, length,
    { header: h('Local', 'Place', 'Lugar'), value: (i: ReportStop, f: ExportFormat) => i.address ?? pointText(i.latitude, i.longitude, f), width: 30 },
    { header: h('Horas de motor', 'Engine hours', 'Horas de motor'), value: (i: ReportStop) => duration(i.engineHours) }, fuel] as Column<ReportStop>[],
  events: [
    { header: h('Dispositivo', 'Device', 'Dispositivo'), value: (i: Event & { deviceName: string }) => i.deviceName, width: 24 },
    { header: h('Hora', 'Time', 'Hora'), value: (i: Event, f: ExportFormat) => localTime(i.eventTime, f.timeZone, f.twelveHour), width: 20 },
    { header: h('Tipo', 'Type', 'Tipo'), value: (i: Event) => i.type, width: 18 },
    { header: h('Detalhe', 'Detail', 'Detalle'), value: (i: Event) => asText(i.attributes[KEY.alarm] ?? i.attributes[KEY.result] ?? ''), width: 24 },
    // the event's position's address (reports/addresses.ts places each event)
    { header: h('Endereço', 'Address', 'Dirección'), value: (i: Event & { address?: string | null }) => i.address ?? '', width: 30 },
  ] as Column<Event & { deviceName: string; address?: string | null }>[],
  route: [
    { header: h('Dispositivo', 'Device', 'Dispositivo'), value: (i: Position & { deviceName: string }) => i.deviceName, width: 24 },
    { header: h('Hora', 'Time', 'Hora'), value: (i: Position, f: ExportFormat) => localTime(i.fixTime, f.timeZone, f.twelveHour), width: 20 },
    { header: h('Latitude', 'Latitude', 'Latitud'), value: (i: Position, f: ExportFormat) => coordinateCell(i.latitude, 'latitude', f) },
    { header: h('Longitude', 'Longitude', 'Longitud'), value: (i: Position, f: ExportFormat) => coordinateCell(i.longitude, 'longitude', f) },
    { header: h('Velocidade', 'Speed', 'Velocidad'), value: (i: Position, f: ExportFormat) => speed(i.speed, f.speedUnit), unit: 'speed' },
    { header: h('Curso', 'Course', 'Rumbo'), value: (i: Position) => i.course },
    { header: h('Endereço', 'Address', 'Dirección'), value: (i: Position) => i.address, width: 30 },
  ] as Column<Position & { deviceName: string }>[],
  // the route adds each geofence's name for the sheet (the JSON item has only its id, as Traccar's)
  geofences: [device,
    { header: h('Cerca', 'Geofence', 'Geocerca'), value: (i: ReportGeofence & { geofenceName?: string }) => i.geofenceName ?? String(i.geofenceId), width: 24 },
    start, end, length] as Column<ReportGeofence & { geofenceName?: string }>[],
};

export type SheetKind = keyof typeof SHEETS;

export const TITLES: Record<SheetKind, Record<Locale, string>> = {
  summary: h('Resumo', 'Summary', 'Resumen'),
  trips: h('Viagens', 'Trips', 'Viajes'),
  stops: h('Paradas', 'Stops', 'Paradas'),
  events: h('Eventos', 'Events', 'Eventos'),
  route: h('Rota', 'Route', 'Ruta'),
  geofences: h('Cercas', 'Geofences', 'Geocercas'),
};

/** A real .xlsx workbook of a report, with units in the headers and every text neutralised. */
export function reportWorkbook(kind: SheetKind, items: object[], format: ExportFormat, pace: Pace): Promise<Buffer> {
  return sheetWorkbook(TITLES[kind], SHEETS[kind] as Column<object>[], items, format, pace);
}

/** One sheet of `items` under `columns`: units in the headers; every text neutralised (it is user input, never a formula). */
export async function sheetWorkbook<T>(title: Record<Locale, string>, columns: Column<T>[], items: T[], format: ExportFormat, pace: Pace): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rastro';
  const sheet = workbook.addWorksheet(title[format.locale]);
  sheet.columns = columns.map((c) => {
    const unit = c.unit === 'speed' ? ` (${unitLabel(format)})` : c.unit === 'distance' ? ` (${format.distanceUnit})` : '';
    return { header: c.header[format.locale] + unit, width: c.width ?? 14 };
  });
  sheet.getRow(1).font = { bold: true };
  for (const item of items) {
    await pace.step();
    sheet.addRow(columns.map((c) => {
      const value = c.value(item, format);
      return typeof value === 'string' ? neutralise(value) : value;
    }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
