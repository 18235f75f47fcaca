import type { Position } from '@rastro/api';
import JSZip from 'jszip';
import { asText } from '../domain/json.ts';
import { localTime, neutralise } from './format.ts';
import type { Pace } from './pace.ts';

/** Position history as files (Traccar's /api/positions/csv|gpx|kml|kmz). */
const FIXED = ['id', 'deviceId', 'protocol', 'serverTime', 'deviceTime', 'fixTime', 'valid', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'address', 'accuracy'] as const;
const TIMES = new Set(['serverTime', 'deviceTime', 'fixTime']);

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutralise(asText(value));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function positionsCsv(positions: Position[], timeZone: string, pace: Pace): Promise<string> {
  const keys = [...new Set(positions.flatMap((p) => Object.keys(p.attributes)))].sort();
  const lines = [[...FIXED, ...keys].join(',')];
  for (const p of positions) {
    await pace.step();
    const fixed = FIXED.map((k) => (TIMES.has(k) ? localTime(p[k] as string, timeZone) : p[k]));
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
