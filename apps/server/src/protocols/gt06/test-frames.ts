import { crc16X25 } from './crc.ts';

/** Builders of GT06 frames for the tests (test-only helper). */

/** A frame around `content` (everything between the protocol number and the serial), with length and CRC computed. */
export function gt06Frame(type: number, content: Buffer | string = '', options: { serial?: number; extended?: boolean } = {}): Buffer {
  const body = typeof content === 'string' ? Buffer.from(content, 'hex') : content;
  const length = 1 + body.length + 2 + 2;
  const header = options.extended
    ? Buffer.from([0x79, 0x79, length >> 8, length & 0xff])
    : Buffer.from([0x78, 0x78, length]);
  const serial = Buffer.alloc(2);
  serial.writeUInt16BE(options.serial ?? 1);
  const covered = Buffer.concat([header.subarray(2), Buffer.from([type]), body, serial]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16X25(covered));
  return Buffer.concat([header.subarray(0, 2), covered, crc, Buffer.from('\r\n')]);
}

export function loginFrame(imei: string, options: { serial?: number; timeZone?: number } = {}): Buffer {
  const extra = options.timeZone === undefined ? '' : `3132${options.timeZone.toString(16).padStart(4, '0')}`;
  return gt06Frame(0x01, `0${imei}${extra}`, { serial: options.serial });
}

export interface TestFix {
  time: Date;
  latitude: number;
  longitude: number;
  speedKmh?: number;
  course?: number;
  valid?: boolean;
  satellites?: number;
  /** Sets the "ACC in bit 15" flag of the course word. */
  acc?: boolean;
}

/** The 18-byte GPS block, time in UTC. */
export function gpsBlock(fix: TestFix): Buffer {
  const block = Buffer.alloc(18);
  const t = fix.time;
  block.set([t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()]);
  block[6] = 0xc0 | (fix.satellites ?? 9);
  block.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1_800_000), 7);
  block.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1_800_000), 11);
  block[15] = fix.speedKmh ?? 0;
  let flags = (fix.course ?? 0) & 0x3ff;
  if (fix.latitude >= 0) flags |= 0x400;
  if (fix.longitude < 0) flags |= 0x800;
  if (fix.valid ?? true) flags |= 0x1000;
  if (fix.acc !== undefined) flags |= 0x4000 | (fix.acc ? 0x8000 : 0);
  block.writeUInt16BE(flags, 16);
  return block;
}

/** mcc (2), mnc (1), lac (2), cell id (3). */
export function classicCell(mcc: number, mnc: number, lac: number, cellId: number): Buffer {
  const cell = Buffer.alloc(8);
  cell.writeUInt16BE(mcc, 0);
  cell[2] = mnc;
  cell.writeUInt16BE(lac, 3);
  cell.writeUIntBE(cellId, 5, 3);
  return cell;
}
