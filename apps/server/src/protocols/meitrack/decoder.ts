import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import { decodeCccBatch, decodeCceBatch } from './binary.ts';
import { checksumAt, readHeader, serverMessage } from './frame.ts';
import { decodePhotoPacket, decodePhotoTaken } from './photo.ts';
import { outdatedPosition } from './position.ts';
import { decodeTextReport } from './report.ts';

/** Commands whose data is a report (periodic, cached, and the reply to A10 "position now"). */
const REPORTS = new Set(['AAA', 'AFF', 'A10']);

/**
 * One Meitrack message, by its command: reports, binary batches (CCC acknowledged with the
 * number of records, so the device deletes them), photo transfer, and the device's answers to
 * commands, kept as `result`.
 */
export function decodeMeitrack(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const { flag, imei, command, dataStart } = readHeader(frame);
  const star = checksumAt(frame);
  const data = frame.subarray(dataStart, Math.max(dataStart, star < 0 ? frame.length : star));
  switch (command) {
    case 'AAC':
      return { uniqueId: imei, reply: serverMessage(flag, imei, 'AAC,1') };
    case 'CCC': {
      const positions = decodeCccBatch(data);
      return { uniqueId: imei, positions, reply: serverMessage(flag, imei, `CCC,${positions.length}`) };
    }
    case 'CCE':
      return { uniqueId: imei, positions: decodeCceBatch(data, receivedAt) };
    case 'D00':
      return decodePhotoPacket(imei, data, state, receivedAt);
    case 'D03':
      return decodePhotoTaken(imei, state);
  }
  const text = data.toString('latin1');
  const report = decodeTextReport(text, state);
  if (report) return { uniqueId: imei, positions: [report] };
  if (REPORTS.has(command)) throw new ProtocolError(`meitrack: malformed ${command} report`);
  const position = outdatedPosition(receivedAt);
  position.attributes[KEY.result] = text === '' ? command : `${command},${text}`;
  return { uniqueId: imei, positions: [position] };
}
