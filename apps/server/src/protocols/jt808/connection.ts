import type { ConnectionState } from '../codec.ts';
import type { Terminal } from './message.ts';

/**
 * What commands and later packages need from the terminal's earlier messages: the framing,
 * edition and id it speaks with, and the multimedia item its packages belong to. Each is
 * replaced, never changed in place, so a copy of `state.data` keeps what it held.
 */
const TERMINAL = 'jt808Terminal';
const MEDIA_ID = 'jt808MediaId';

export function rememberTerminal(state: ConnectionState, { delimiter, version, id }: Terminal): void {
  state.data[TERMINAL] = { delimiter, version, id: Buffer.from(id) } satisfies Terminal;
}

export function rememberedTerminal(state: ConnectionState): Terminal | undefined {
  const terminal = state.data[TERMINAL];
  return typeof terminal === 'object' && terminal !== null ? (terminal as Terminal) : undefined;
}

export function rememberMedia(state: ConnectionState, mediaId: number): void {
  state.data[MEDIA_ID] = mediaId;
}

export function rememberedMedia(state: ConnectionState): number | undefined {
  const mediaId = state.data[MEDIA_ID];
  return typeof mediaId === 'number' ? mediaId : undefined;
}
