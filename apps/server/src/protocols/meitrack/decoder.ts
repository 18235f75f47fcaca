import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import { decodeCccBatch, decodeCceBatch } from './binary.ts';
import { checksumAt, readHeader, serverMessage } from './frame.ts';
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
      readPhotoChunk(data);
      return { uniqueId: imei };
    case 'D03':
      // The device took the picture requested; fetching it needs a photo store (see readPhotoChunk).
      return { uniqueId: imei };
  }
  const text = data.toString('latin1');
  const report = decodeTextReport(text, state);
  if (report) return { uniqueId: imei, positions: [report] };
  if (REPORTS.has(command)) throw new ProtocolError(`meitrack: malformed ${command} report`);
  const position = outdatedPosition(receivedAt);
  position.attributes[KEY.result] = text === '' ? command : `${command},${text}`;
  return { uniqueId: imei, positions: [position] };
}

/**
 * `D00,<file>,<packet count>,<packet number>,<jpeg bytes>`: one chunk of a picture. Nothing is
 * kept: this server has no media store. Keeping pictures would take a per-connection buffer of
 * the chunks, a file store for the assembled JPEG (Traccar's `image` attribute names the file),
 * and asking for each next eight chunks with `D00,<file>,<next number>`.
 */
function readPhotoChunk(data: Buffer): void {
  const [file, total, current] = data.subarray(0, 128).toString('latin1').split(',');
  if (!file || !/^\d+$/.test(total ?? '') || !/^\d+$/.test(current ?? '')) throw new ProtocolError('meitrack: malformed D00 picture chunk');
}
