import type { Position } from '@rastro/api';
import { requestJson } from './http.ts';

/** Spec §9: positions asked for by id go at most 500 ids to a request, which keeps each URL short. */
export const POSITION_BATCH = 500;

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

/**
 * Positions by id (`?id=…&id=…`), in batches of {@link POSITION_BATCH}, one batch after another
 * so a large fleet does not flood the server; the answers are joined in the order of the batches.
 */
export async function getPositionsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Position[]> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  const positions: Position[] = [];
  for (let start = 0; start < unique.length; start += POSITION_BATCH) {
    positions.push(...(await requestJson<Position[]>('/positions', { query: { id: unique.slice(start, start + POSITION_BATCH) }, signal })));
  }
  return positions;
}
