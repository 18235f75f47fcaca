import type { Device, Position } from '@rastro/api';
import ExcelJS from 'exceljs';
import { coordinateCell, localTime, neutralise, speed, type ExportFormat, type Locale } from './format.ts';
import type { Pace } from './pace.ts';

/** One row of Traccar's devices spreadsheet: the device, its group's name and its latest position. */
export interface DeviceSheetItem {
  device: Device;
  groupName: string | null;
  position: Position | null;
}

type Cell = string | number | null;
const h = (pt: string, en: string, es: string): Record<Locale, string> => ({ 'pt-BR': pt, 'en-US': en, es });
const unitLabel = (f: ExportFormat) => ({ kmh: 'km/h', mph: 'mph', kn: 'kn' })[f.speedUnit];

const COLUMNS: { header: Record<Locale, string>; width: number; value: (i: DeviceSheetItem, f: ExportFormat) => Cell; speed?: true }[] = [
  { header: h('Nome', 'Name', 'Nombre'), width: 24, value: (i) => i.device.name },
  { header: h('Identificador', 'Identifier', 'Identificador'), width: 18, value: (i) => i.device.uniqueId },
  { header: h('Grupo', 'Group', 'Grupo'), width: 18, value: (i) => i.groupName },
  { header: h('Estado', 'Status', 'Estado'), width: 10, value: (i) => i.device.status },
  { header: h('Última atualização', 'Last update', 'Última actualización'), width: 20, value: (i, f) => (i.device.lastUpdate ? localTime(i.device.lastUpdate, f.timeZone, f.twelveHour) : null) },
  { header: h('Telefone', 'Phone', 'Teléfono'), width: 16, value: (i) => i.device.phone },
  { header: h('Modelo', 'Model', 'Modelo'), width: 14, value: (i) => i.device.model },
  { header: h('Contato', 'Contact', 'Contacto'), width: 16, value: (i) => i.device.contact },
  { header: h('Categoria', 'Category', 'Categoría'), width: 12, value: (i) => i.device.category },
  { header: h('Hora da posição', 'Fix time', 'Hora de la posición'), width: 20, value: (i, f) => (i.position ? localTime(i.position.fixTime, f.timeZone, f.twelveHour) : null) },
  { header: h('Latitude', 'Latitude', 'Latitud'), width: 12, value: (i, f) => (i.position ? coordinateCell(i.position.latitude, 'latitude', f) : null) },
  { header: h('Longitude', 'Longitude', 'Longitud'), width: 12, value: (i, f) => (i.position ? coordinateCell(i.position.longitude, 'longitude', f) : null) },
  { header: h('Velocidade', 'Speed', 'Velocidad'), width: 12, speed: true, value: (i, f) => (i.position ? speed(i.position.speed, f.speedUnit) : null) },
  { header: h('Endereço', 'Address', 'Dirección'), width: 36, value: (i) => i.position?.address ?? null },
];

export const DEVICES_TITLE = h('Dispositivos', 'Devices', 'Dispositivos');

/** Traccar's `GET /api/reports/devices/xlsx`: every visible device with its latest position, in the user's language, time zone and unit. */
export async function devicesWorkbook(items: DeviceSheetItem[], format: ExportFormat, pace: Pace): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rastro';
  const sheet = workbook.addWorksheet(DEVICES_TITLE[format.locale]);
  sheet.columns = COLUMNS.map((c) => ({ header: c.header[format.locale] + (c.speed ? ` (${unitLabel(format)})` : ''), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const item of items) {
    await pace.step();
    // a device name is user input: never a formula in the reader's spreadsheet
    sheet.addRow(COLUMNS.map((c) => {
      const value = c.value(item, format);
      return typeof value === 'string' ? neutralise(value) : value;
    }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
