import { formatArea, type Attributes } from '@rastro/api';
import { requestJson, requestVoid } from './http.ts';

/** A geofence as the server sends it; `area` is WKT with latitude first. */
export interface Geofence {
  id: number;
  name: string;
  description: string | null;
  area: string;
  calendarId: number | null;
  attributes: Attributes;
}

export type GeofenceInput = Omit<Geofence, 'id'>;

export function getGeofences(): Promise<Geofence[]> {
  return requestJson<Geofence[]>('/geofences');
}

export function createGeofence(geofence: GeofenceInput): Promise<Geofence> {
  return requestJson<Geofence>('/geofences', { method: 'POST', json: geofence });
}

export function deleteGeofence(id: number): Promise<void> {
  return requestVoid(`/geofences/${id}`, { method: 'DELETE' });
}

/** The WKT of a circle, latitude first, as the server stores areas. */
export function circleArea(latitude: number, longitude: number, radius: number): string {
  return formatArea({ type: 'circle', latitude, longitude, radius });
}
