import type { Attributes } from '@rastro/api';
import { KEY, PREFIX } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { applyAlarmEvent } from './alarms.ts';

/**
 * The tagged blocks closing a comprehensive (0x401F) message: a u16 tag and a u16 length, then
 * the value, all little-endian. Tags not listed here (supported data streams, snapshots,
 * others) are skipped by their length.
 */
export function readComprehensiveTags(reader: ByteReader, attributes: Attributes): void {
  while (reader.remaining >= 4) {
    const tag = reader.u16le();
    const value = new ByteReader(reader.bytes(Math.min(reader.u16le(), reader.remaining)), 'castel tag');
    readTag(tag, value, attributes);
  }
}

function readTag(tag: number, value: ByteReader, attributes: Attributes): void {
  switch (tag) {
    case 0x0002: {
      // Raw PID values, kept as hex under pid<number>.
      const count = value.u8();
      for (let i = 0; i < count; i++) {
        const pid = value.u16le();
        attributes[`pid${pid}`] = value.bytes(value.u16le()).toString('hex');
      }
      return;
    }
    case 0x0006: {
      value.u8(); // fault flag
      const count = value.u8();
      for (let i = 1; i <= count; i++) attributes[`fault${i}`] = value.u16le();
      return;
    }
    case 0x0007: {
      value.skip(4); // alarm index
      const count = value.u8();
      for (let i = 0; i < count; i++) {
        const active = value.u8() !== 0;
        const event = value.u8();
        value.skip(4); // description, threshold
        if (active) applyAlarmEvent(attributes, event);
      }
      return;
    }
    case 0x000b: {
      // Commercial vehicle faults: 4-byte codes, then the MIL status.
      value.u8();
      const count = value.u8();
      for (let i = 1; i <= count; i++) attributes[`fault${i}`] = value.u32le();
      return;
    }
    case 0x0010:
      attributes.deviceTemp = value.i16le() / 10;
      return;
    case 0x0011:
    case 0x0012:
    case 0x0013:
    case 0x0014:
      attributes[`${PREFIX.temp}${tag - 0x0010}`] = value.i16le() / 10;
      return;
    case 0x0020:
      attributes[KEY.power] = value.u16le() / 100;
      return;
    case 0x0021:
      attributes[KEY.battery] = value.u16le() / 100;
      return;
    default:
      return;
  }
}
