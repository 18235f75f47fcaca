import type { ConnectionState } from '../codec.ts';

/**
 * What Suntech commands depend on, remembered from the device's own reports: whether it speaks
 * the universal protocol, and the first field of its last text report (e.g. `ST300STT`), whose
 * model family prefixes legacy commands.
 */
export interface SuntechConnection {
  universal: boolean;
  lastHead: string | null;
}

export function connectionOf(state: ConnectionState): SuntechConnection {
  const { universal, lastHead } = state.data;
  return { universal: universal === true, lastHead: typeof lastHead === 'string' ? lastHead : null };
}

export function remember(state: ConnectionState, update: Partial<SuntechConnection>): void {
  Object.assign(state.data, update);
}
