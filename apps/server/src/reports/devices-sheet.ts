import type { Device, Position } from '@rastro/api';
import { coordinateCell, localTime, speed, type ExportFormat } from './format.ts';
import type { Pace } from './pace.ts';
import { h, sheetWorkbook, type Column } from './xlsx.ts';

/** One row of Traccar's devices spreadsheet: the device, its group's name and its latest position. */
export interface DeviceSheetItem {
  device: Device;
  groupName: string | null;
  position: Position | null;
}


const COLUMNS: Column<DeviceSheetItem>[] = [
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
  { header: h('Velocidade', 'Speed', 'Velocidad'), width: 12, unit: 'speed', value: (i, f) => (i.position ? speed(i.position.speed, f.speedUnit) : null) },
  { header: h('Endereço', 'Address', 'Dirección'), width: 36, value: (i) => i.position?.address ?? null },
];

export const DEVICES_TITLE = h('Dispositivos', 'Devices', 'Dispositivos');

/** Traccar's `GET /api/reports/devices/xlsx`: every visible device with its latest position, in the user's language, time zone and unit. */
export function devicesWorkbook(items: DeviceSheetItem[], format: ExportFormat, pace: Pace): Promise<Buffer> {
  return sheetWorkbook(DEVICES_TITLE, COLUMNS, items, format, pace);
}
