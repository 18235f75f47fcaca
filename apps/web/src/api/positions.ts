import type { Position } from '@rastro/api';
import { requestJson } from './http.ts';

/** Latest position of every visible device. */
export function getLatestPositions(): Promise<Position[]> {
  return requestJson<Position[]>('/positions');
}

/** Positions of one device between two instants, oldest first. */
export function getPositionHistory(deviceId: number, from: Date, to: Date, signal?: AbortSignal): Promise<Position[]> {
  return requestJson<Position[]>('/positions', {
    query: { deviceId, from: from.toISOString(), to: to.toISOString() },
    signal,
  });
}
