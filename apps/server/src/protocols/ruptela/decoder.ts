import type { ConnectionState, DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { decodeFile, FILES } from './files.ts';
import { serverMessage } from './frame.ts';
import { decodeAnswer, decodeDtcs } from './messages.ts';
import { decodeRecords } from './records.ts';

const RECORDS = 1;
const DTCS = 9;
const IDENTIFICATION = 15;
const HEARTBEAT = 16;
const EXTENDED_RECORDS = 68;

/** The acknowledgement's content: 1, accepted. */
const ACCEPTED = Buffer.from([1]);
/** Both kinds of records are answered as command 0 (`0002640113bc`). */
const RECORDS_ACK = serverMessage(0, ACCEPTED);

/**
 * One frame: the IMEI identifies the device in every frame, the command says what follows.
 * Records and DTCs are acknowledged, and so are identification and heartbeat, which wait for it;
 * pictures are fetched part by part.
 * Anything not decoded still identifies the device.
 */
export function decodeRuptela(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const reader = new ByteReader(frame.subarray(2, -2), 'ruptela frame');
  const uniqueId = String(reader.u64()).padStart(15, '0');
  const command = reader.u8();
  switch (command) {
    case RECORDS:
    case EXTENDED_RECORDS:
      return { uniqueId, positions: decodeRecords(reader, command === EXTENDED_RECORDS), reply: RECORDS_ACK };
    case DTCS:
      return { uniqueId, positions: decodeDtcs(reader), reply: serverMessage(DTCS, ACCEPTED) };
    case IDENTIFICATION:
    case HEARTBEAT:
      return { uniqueId, reply: serverMessage(command, ACCEPTED) };
    case FILES:
      return { uniqueId, ...decodeFile(reader, state, receivedAt) };
  }
  const answer = decodeAnswer(command, reader, receivedAt);
  return answer ? { uniqueId, positions: [answer] } : { uniqueId };
}
