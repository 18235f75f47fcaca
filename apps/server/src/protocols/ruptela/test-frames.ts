import { crc16Kermit } from '../kit/crc.ts';

/** A device frame: length, IMEI, command, content (hex), CRC. */
export function deviceFrame(imei: string, command: number, content = ''): Buffer {
  const payload = Buffer.concat([Buffer.alloc(8), Buffer.from([command]), Buffer.from(content.replace(/\s+/g, ''), 'hex')]);
  payload.writeBigUInt64BE(BigInt(imei));
  const frame = Buffer.alloc(2 + payload.length + 2);
  frame.writeUInt16BE(payload.length);
  payload.copy(frame, 2);
  frame.writeUInt16BE(crc16Kermit(payload), frame.length - 2);
  return frame;
}

export const IMEI = '863071016796572';

/** One record (command 1) from Traccar's test: fix, inputs, power, battery, ADC, odometer, operator. */
export const RECORD =
  '0050000310f5615f419c0100015613d8ed0000fff5b37a035af37801e700000900000d07071b0c020003001c01202cad000500064302a81d33e61e100116317cd3ffff174ad60241000077fa960000f232003c2e';
