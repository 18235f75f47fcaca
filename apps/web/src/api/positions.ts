import type { Position } from '@rastro/api';
import { requestJson } from './http.ts';

/** Latest position of every visible device. */
export function getLatestPositions(): Promise<Position[]> {
  return requestJson<Position[]>('/positions');
}
