import type { ConnectionState, DecodeResult } from '../codec.ts';
import { decodeCc } from './cc.ts';
import { splitFrame, uniqueIdOf } from './frame.ts';
import { decodeMpip } from './mpip.ts';
import { decodeSc } from './sc.ts';

/** Protocol versions of the SC (OBD) family; every other `@@` version is a CC device. */
const SC_VERSIONS = new Set([3, 4]);

/**
 * Every Castel message names its device, so each frame identifies the connection. The family
 * decides the message set: MPIP by its `$$` header, SC and CC by the version byte.
 */
export function decodeCastel(bytes: Buffer, _state: ConnectionState, receivedAt: Date): DecodeResult {
  const frame = splitFrame(bytes);
  if (!frame) return {};
  const uniqueId = uniqueIdOf(frame.id);
  if (uniqueId === '') return {};
  const result = frame.version === null ? decodeMpip(frame) : SC_VERSIONS.has(frame.version) ? decodeSc(frame, receivedAt) : decodeCc(frame);
  return { uniqueId, ...result };
}
