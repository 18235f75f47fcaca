import type { Position } from '@rastro/api';
import JSZip from 'jszip';
import { asText } from '../domain/json.ts';
import { localTime, neutralise, type ExportFormat } from './format.ts';
import type { Pace } from './pace.ts';

/**
 * Position history as files (Traccar's /api/positions/csv|gpx|kml|kmz). The CSV is read by people
 * (in a spreadsheet): its times are in the requesting user's zone and clock. Its coordinates stay
 * decimal degrees whatever his coordinate format: they are the columns tools compute with, and a
 * DMS text in them would break every reader of the file. GPX and KML are read by programs, and
 * their schemas fix the time as ISO 8601 in UTC (GPX `<time>` is xsd:dateTime in UTC) and the
 * coordinates as decimal degrees: the user's preferences do not apply there.
 */
const FIXED = ['id', 'deviceId', 'protocol', 'serverTime', 'deviceTime', 'fixTime', 'valid', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'address', 'accuracy'] as const;
const TIMES = new Set(['serverTime', 'deviceTime', 'fixTime']);

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // a number is no formula: "-23.6" stays a number, not the text "'-23.6"
  if (typeof value === 'number') return String(value);
  const text = neutralise(asText(value));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function positionsCsv(positions: Position[], format: Pick<ExportFormat, 'timeZone' | 'twelveHour'>, pace: Pace): Promise<string> {
  const keys = [...new Set(positions.flatMap((p) => Object.keys(p.attributes)))].sort();
  const lines = [[...FIXED, ...keys].join(',')];
  for (const p of positions) {
    await pace.step();
    const fixed = FIXED.map((k) => (TIMES.has(k) ? localTime(p[k] as string, format.timeZone, format.twelveHour) : p[k]));
    lines.push([...fixed, ...keys.map((k) => p.attributes[k])].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function positionsGpx(positions: Position[], name: string, pace: Pace): Promise<string> {
  const points = (await pace.map(positions, (p) => `<trkpt lat="${p.latitude}" lon="${p.longitude}"><ele>${p.altitude}</ele><time>${new Date(p.fixTime).toISOString()}</time></trkpt>`))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.0" creator="Rastro"><trk><name>${xml(name)}</name><trkseg>${points}</trkseg></trk></gpx>`;
}

export async function positionsKml(positions: Position[], name: string, pace: Pace): Promise<string> {
  const coordinates = (await pace.map(positions, (p) => `${p.longitude},${p.latitude},${p.altitude}`)).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(name)}</name><Placemark><name>${xml(name)}</name><LineString><extrude>1</extrude><tessellate>1</tessellate><altitudeMode>absolute</altitudeMode><coordinates>${coordinates}</coordinates></LineString></Placemark></Document></kml>`;
}

export async function positionsKmz(positions: Position[], name: string, pace: Pace): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('doc.kml', await positionsKml(positions, name, pace));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
