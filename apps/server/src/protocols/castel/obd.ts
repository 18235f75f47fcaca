import type { Attributes } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';

/** Value size of each OBD PID the devices report; an unknown PID leaves the rest unreadable. */
const PID_SIZES = new Map<number, 1 | 2 | 4>();
const SIZED: [1 | 2 | 4, number[]][] = [
  [1, [0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0b, 0x0d, 0x0e, 0x0f, 0x11, 0x12, 0x13, 0x1c, 0x1d, 0x1e, 0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x33, 0x43, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x51, 0x52, 0x5a]],
  [2, [0x02, 0x03, 0x0a, 0x0c, 0x10, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1f, 0x21, 0x22, 0x23, 0x31, 0x32, 0x3c, 0x3d, 0x3e, 0x3f, 0x42, 0x44, 0x4d, 0x4e, 0x50, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x9d]],
  [4, [0x00, 0x01, 0x20, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x40, 0x41, 0x4f, 0x67, 0xa6]],
];
for (const [size, pids] of SIZED) for (const pid of pids) PID_SIZES.set(pid, size);

/** The PIDs kept as attributes, under Traccar's names. The device sends them already scaled. */
const PID_KEYS = new Map<number, string>([
  [0x04, 'engineLoad'],
  [0x05, 'coolantTemp'],
  [0x0b, 'mapIntake'],
  [0x0c, KEY.rpm],
  [0x0d, KEY.obdSpeed],
  [0x0f, 'intakeTemp'],
  [0x11, KEY.throttle],
  [0x21, 'milDistance'],
  [0x2f, KEY.fuel],
  [0x31, 'clearedDistance'],
]);

/**
 * A PID list (count, then each PID as a u16 whose low byte is the PID), optionally followed by
 * the group count and size of a sampled series, then one value per PID (the first sample).
 */
export function readPidValues(reader: ByteReader, attributes: Attributes, grouped: boolean): void {
  const count = reader.u8();
  const pids = Array.from({ length: count }, () => reader.u16le() & 0xff);
  if (grouped) reader.skip(2);
  for (const pid of pids) {
    const size = PID_SIZES.get(pid);
    if (size === undefined) throw new ProtocolError(`castel: unknown OBD PID 0x${pid.toString(16)}`);
    const value = size === 1 ? reader.u8() : size === 2 ? reader.u16le() : reader.i32le();
    const key = PID_KEYS.get(pid);
    if (key !== undefined) attributes[key] = value;
  }
}

const DTC_SYSTEMS = ['P', 'C', 'B', 'U'];

/** A diagnostic trouble code: the top two bits name the system, the rest are four hex digits. */
export function dtcOf(code: number): string {
  return DTC_SYSTEMS[code >> 14] + (code & 0x3fff).toString(16).toUpperCase().padStart(4, '0');
}
