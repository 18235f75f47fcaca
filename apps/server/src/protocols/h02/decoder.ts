import type { ConnectionState, DecodeResult } from '../codec.ts';
import { decodeBinary } from './binary.ts';
import { skipLineBreaks } from './frame.ts';
import { booleanSetting } from '../kit/settings.ts';
import { decodeText } from './text.ts';

/**
 * Decodes one H02 message. Each carries the device id, so H02 needs no memory of the connection.
 * Some text messages are answered (see `text.ts`); binary reports only when the device's
 * `h02.ack` setting asks for an acknowledgement of each report.
 */
export function decodeH02(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const message = frame.subarray(skipLineBreaks(frame));
  const ack = booleanSetting(state, 'h02.ack') ?? false;
  switch (String.fromCharCode(message[0])) {
    case '*':
      return decodeText(message.toString('latin1').trim(), receivedAt, ack);
    case '$':
      return decodeBinary(message, receivedAt, ack);
    default:
      // `X` reports (and line breaks alone): Traccar skips them too.
      return {};
  }
}
