import type { ConnectionState } from '../codec.ts';
import type { WatchMessage } from './message.ts';

/** What commands must match of the device's own messages. */
export interface WatchConnection {
  /** The latest message's manufacturer letters; null before any. */
  manufacturer: string | null;
  /** Whether the device ever numbered its messages (then commands carry a serial too). */
  indexed: boolean;
}

export function remember(state: ConnectionState, message: WatchMessage): void {
  state.data.manufacturer = message.manufacturer;
  if (message.index !== undefined) state.data.indexed = true;
}

export function connectionOf(state: ConnectionState): WatchConnection {
  const { manufacturer, indexed } = state.data;
  return { manufacturer: typeof manufacturer === 'string' ? manufacturer : null, indexed: indexed === true };
}
