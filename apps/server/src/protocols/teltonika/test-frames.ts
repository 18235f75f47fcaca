import { crc16Ibm } from './crc.ts';
import { CODEC_16, CODEC_8_EXTENDED } from './io-groups.ts';

/** Builders of Teltonika frames for the tests (test-only helper). */

export interface TestIo {
  id: number;
  width: 1 | 2 | 4 | 8;
  value: number | bigint;
}

/** IO elements of one width, written as `[id, value]` pairs: the way an AVL record groups them (N1, N2, N4, N8). */
export function ioOfWidth(width: TestIo['width'], ...elements: [id: number, value: number | bigint][]): TestIo[] {
  return elements.map(([id, value]) => ({ id, width, value }));
}

export interface TestRecord {
  time: Date;
  priority?: number;
  longitude: number;
  latitude: number;
  altitude?: number;
  angle?: number;
  satellites: number;
  speedKph?: number;
  eventId?: number;
  generationType?: number;
  io?: TestIo[];
  /** Codec 8 Extended only. */
  variableIo?: { id: number; value: Buffer }[];
}

/** Big-endian field; negative values are written in two's complement. */
function field(value: number | bigint, width: number): Buffer {
  const buffer = Buffer.alloc(width);
  if (width === 8) buffer.writeBigUInt64BE(BigInt.asUintN(64, BigInt(value)));
  else if (value < 0) buffer.writeIntBE(Number(value), 0, width);
  else buffer.writeUIntBE(Number(value), 0, width);
  return buffer;
}

export function gpsRecord(codec: number, record: TestRecord): Buffer {
  const wideCounts = codec === CODEC_8_EXTENDED;
  const wideIds = codec === CODEC_8_EXTENDED || codec === CODEC_16;
  const count = (n: number) => field(n, wideCounts ? 2 : 1);
  const id = (n: number) => field(n, wideIds ? 2 : 1);
  const io = record.io ?? [];
  const variable = record.variableIo ?? [];
  const parts: Buffer[] = [
    field(record.time.getTime(), 8),
    field(record.priority ?? 0, 1),
    field(Math.round(record.longitude * 1e7), 4),
    field(Math.round(record.latitude * 1e7), 4),
    field(record.altitude ?? 0, 2),
    field(record.angle ?? 0, 2),
    field(record.satellites, 1),
    field(record.speedKph ?? 0, 2),
    id(record.eventId ?? 0),
  ];
  if (codec === CODEC_16) parts.push(field(record.generationType ?? 0, 1));
  parts.push(count(io.length + variable.length));
  for (const width of [1, 2, 4, 8]) {
    const group = io.filter((element) => element.width === width);
    parts.push(count(group.length));
    for (const element of group) parts.push(id(element.id), field(element.value, width));
  }
  if (codec === CODEC_8_EXTENDED) {
    parts.push(field(variable.length, 2));
    for (const element of variable) parts.push(field(element.id, 2), field(element.value.length, 2), element.value);
  }
  return Buffer.concat(parts);
}

/** Codec id, count, records, count again (the second count can be forced to test a mismatch). */
export function avlData(codec: number, records: Buffer[], trailingCount = records.length): Buffer {
  return Buffer.concat([field(codec, 1), field(records.length, 1), ...records, field(trailingCount, 1)]);
}

/** A codec 12 or 13 message record: type, length, payload. */
export function messageRecord(type: number, payload: Buffer): Buffer {
  return Buffer.concat([field(type, 1), field(payload.length, 4), payload]);
}

export function tcpPacket(data: Buffer, crc = crc16Ibm(data)): Buffer {
  return Buffer.concat([field(0, 4), field(data.length, 4), data, field(crc, 4)]);
}

export function imeiFrame(imei: string): Buffer {
  return Buffer.concat([field(imei.length, 2), Buffer.from(imei, 'latin1')]);
}

export function udpPacket(imei: string, data: Buffer, packetId = 0xcafe, avlPacketId = 0x22): Buffer {
  const body = Buffer.concat([field(packetId, 2), field(0x01, 1), field(avlPacketId, 1), imeiFrame(imei), data]);
  return Buffer.concat([field(body.length, 2), body]);
}
