import { ByteReader } from '../kit/byte-reader.ts';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { RUPTELA_PROTOCOL } from './records.ts';

/** Diagnostic trouble codes (command 9): per code, time, location, archive flag and the 5-character code. */
export function decodeDtcs(reader: ByteReader): DecodedPosition[] {
  const positions: DecodedPosition[] = [];
  for (let n = reader.u8(); n > 0; n--) {
    reader.skip(1); // reserved
    const position = decodedPosition(RUPTELA_PROTOCOL, new Date(reader.u32() * 1000), { valid: true, outdated: false });
    position.longitude = reader.i32() / 1e7;
    position.latitude = reader.i32() / 1e7;
    if (reader.u8() === 2) position.attributes[KEY.archive] = true;
    position.attributes[KEY.dtcs] = reader.ascii(5);
    positions.push(position);
  }
  return positions;
}

/** Commands whose answer is text: configuration, version, firmware update, SMS via GPRS. */
const TEXT_ANSWERS = new Set([2, 3, 4, 7]);
const SET_IO = 17;

/** A device's answer to a command, as `result` (and its command as `type`) on an outdated position; null for other commands. */
export function decodeAnswer(command: number, reader: ByteReader, receivedAt: Date): DecodedPosition | null {
  let result: string;
  if (TEXT_ANSWERS.has(command)) result = reader.rest().toString('latin1').trim();
  else if (command === SET_IO) result = String(reader.u8());
  else return null;
  const position = decodedPosition(RUPTELA_PROTOCOL, receivedAt, { valid: false, outdated: true });
  position.attributes[KEY.type] = command;
  position.attributes[KEY.result] = result;
  return position;
}
