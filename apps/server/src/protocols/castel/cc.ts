import { KEY } from '../../position/keys.ts';
import type { DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { readCell } from './cell.ts';
import { encodeFrame, type CastelFrame } from './frame.ts';
import { readFix } from './position.ts';

/** CC message types (the other protocol versions: CC-series trackers without OBD). */
const LOGIN = 0x4001;
const LOGIN_RESPONSE = 0x8001;
const HEARTBEAT = 0x4206;
const HEARTBEAT_RESPONSE = 0x8206;

/** Both CC messages are answered with an empty message of the response type. */
export function decodeCc(frame: CastelFrame): DecodeResult {
  const reader = new ByteReader(frame.body, 'castel message');
  switch (frame.type) {
    case LOGIN:
      // Cell, firmware and hardware versions follow; Traccar reads none of them either.
      return { positions: [readCcFix(reader)], reply: encodeFrame(frame.version, frame.id, LOGIN_RESPONSE) };
    case HEARTBEAT: {
      const reply = encodeFrame(frame.version, frame.id, HEARTBEAT_RESPONSE);
      reader.skip(1); // 1 for history
      const count = reader.u8();
      const positions = Array.from({ length: count }, () => {
        const position = readCcFix(reader);
        position.network = readCell(reader);
        return position;
      });
      return { positions, reply };
    }
    default:
      return {};
  }
}

/** A GPS block followed by the status word, battery, odometer and three geofence and flag bytes. */
function readCcFix(reader: ByteReader): DecodedPosition {
  const position = readFix(reader);
  position.attributes[KEY.status] = reader.u32le();
  position.attributes[KEY.battery] = reader.u8();
  position.attributes[KEY.odometer] = reader.u32le();
  reader.skip(3);
  return position;
}
