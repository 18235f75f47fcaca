import { delimited } from '../kit/framing.ts';

/**
 * Messages end with `;` (reports, login, heartbeat), `*` (the alternative report format) or a
 * line break, and the end stays in the frame. Photo packets are long lines of hex: Traccar allows
 * 32 KiB before it gives up on a frame.
 */
const lines = delimited([';', '*', '\r\n', '\n'], { maxLength: 32 * 1024 });

export const gps103FrameLength = lines.frameLength;

/** After unframeable bytes, the next message that names its device: a report or a login. */
export function gps103FrameStart(buffer: Buffer, from: number): number {
  const starts = [buffer.indexOf('imei:', from), buffer.indexOf('##,', from)].filter((at) => at >= 0);
  return starts.length ? Math.min(...starts) : -1;
}

/** Over UDP a datagram is one message, as Traccar reads it. */
export function gps103DatagramLength(datagram: Buffer): number {
  return datagram.length;
}
