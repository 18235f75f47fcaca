import type { ConnectionState, DecodeResult } from '../codec.ts';
import { decodeBinary } from './binary.ts';
import { skipLineBreaks } from './frame.ts';
import { decodeText } from './text.ts';

/**
 * Decodes one H02 message. Each carries the device id, so H02 needs no memory of the connection.
 * Binary reports are never answered; some text messages are (see `text.ts`).
 */
export function decodeH02(frame: Buffer, _state: ConnectionState, receivedAt: Date): DecodeResult {
  const message = frame.subarray(skipLineBreaks(frame));
  switch (String.fromCharCode(message[0])) {
    case '*':
      return decodeText(message.toString('latin1').trim(), receivedAt);
    case '$':
      return decodeBinary(message, receivedAt);
    default:
      // `X` reports (and line breaks alone): Traccar skips them too.
      return {};
  }
}
