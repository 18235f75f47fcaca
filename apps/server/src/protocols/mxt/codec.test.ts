import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { mxtCodec } from './codec.ts';
import { crc16Xmodem } from '../kit/crc.ts';
import { escapeFrame, unescapeFrame } from './frame.ts';

// Frames by their line in Traccar's MxtProtocolDecoderTest (vectors/traccar/mxt.json), as the device
// sends them (escaped).
const mxt = traccarFrames('mxt');
/** A position with the GPS, odometer, hour meter and power groups. */
const GPS_ODOMETER_HOURS = mxt(13);
/** A position of serial 8277012 with escaped bytes. */
const ESCAPED = mxt(16);
/** A device's message and the acknowledgement its vendor's server sent (traccar/traccar#1633). */
const VENDOR_SAMPLE = '01a23175f6400008645310310c15a62d81753aff57d6b4fd03341030c000000002001200003b2c020000005b2d0000f427103300510dc71024c69a04';
const VENDOR_ACK = '01a20275f64000c69a7f6d04';

/** A message of another type: descriptor, type, serial, CRC. */
function otherMessage(type: number): Buffer {
  const message = Buffer.from([0xa6, type, 0x14, 0x4c, 0x7e, 0x00, 0, 0]);
  message.writeUInt16LE(crc16Xmodem(message.subarray(0, -2)), 6);
  return escapeFrame(message);
}

describe('MXT positions', () => {
  it('identifies the device by its serial number', () => {
    identify(mxtCodec, ESCAPED, '8277012');
  });

  it('decodes the fix, flags and the GPS, odometer, hour meter and power groups', () => {
    protocolTest(mxtCodec).position(GPS_ODOMETER_HOURS, {
      ...fix('2002-02-07T08:21:00.000Z', true, -16.074838, -47.980564),
      speed: 0,
      attributes: { index: 7364, ignition: false, alarm: 'general', input: 12, output: 0, charge: false, rssi: 27, temp1: 27, odometer: 46580921, hours: 128020 * 60000, power: 11.628, battery: 0 },
    });
  });

  it('resolves escapes before decoding', () => {
    protocolTest(mxtCodec).position(ESCAPED, {
      fixTime: '2016-02-11T21:27:52.000Z',
      latitude: -25.398199,
      longitude: -49.299892,
      attributes: { index: 53818, hdop: 1, rssi: 15, temp1: 20, power: 12.543 },
    });
  });

  it('decodes the heading in eighths and the charge flag', () => {
    protocolTest(mxtCodec).position(binary(VENDOR_SAMPLE), { course: 225, attributes: { ignition: true, charge: true, power: 11.611 } });
  });

  it('acknowledges a position with its serial number and CRC, as the vendor’s server does', () => {
    expect(protocolTest(mxtCodec).reply(binary(VENDOR_SAMPLE))?.toString('hex')).toBe(VENDOR_ACK);
  });

  it('identifies by other messages without decoding or acknowledging them', () => {
    const device = protocolTest(mxtCodec, { anonymous: true });
    const [result] = device.decode(otherMessage(0x33));
    expect(result).toEqual({ uniqueId: '8277012' });
  });
});

describe('MXT framing', () => {
  it('splits frames at 0x04 and waits for the end', () => {
    const stream = Buffer.concat([ESCAPED, GPS_ODOMETER_HOURS]);
    expect(mxtCodec.frameLength(stream)).toBe(ESCAPED.length);
    expect(protocolTest(mxtCodec).decode(stream)).toHaveLength(2);
    expect(mxtCodec.frameLength(ESCAPED.subarray(0, 30))).toBe(0);
  });

  it('skips junk up to the next 0x01', () => {
    const stream = Buffer.concat([binary('ffee'), ESCAPED]);
    expect(() => mxtCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(mxtCodec.frameStart?.(stream, 1)).toBe(2);
    expect(() => mxtCodec.frameLength(Buffer.concat([binary('01'), Buffer.alloc(2000, 0x55)]))).toThrow(ProtocolError);
  });

  it('escapes and unescapes the special bytes', () => {
    const framed = escapeFrame(binary('0104101113ff'));
    expect(framed.toString('hex')).toBe('0110211024103010311033ff04');
    expect(unescapeFrame(framed).toString('hex')).toBe('0104101113ff');
    expect(() => unescapeFrame(binary('01 a6 10 04'))).toThrow(ProtocolError);
    expect(() => unescapeFrame(binary('01 a6 10 05 04'))).toThrow(ProtocolError);
  });

  it('checks the CRC-16/XMODEM', () => {
    expect(mxtCodec.checksumValid?.(binary(VENDOR_SAMPLE))).toBe(true);
    expect(mxtCodec.checksumValid?.(binary(VENDOR_SAMPLE.replace('c69a04', 'c69b04')))).toBe(false);
    expect(mxtCodec.checksumValid?.(binary('01 a6 10 04'))).toBe(false);
  });

  it('rejects a truncated position', () => {
    const truncated = ESCAPED.subarray(0, 20);
    expect(() => mxtCodec.decode(Buffer.concat([truncated, binary('04')]), protocolTest(mxtCodec).state, new Date())).toThrow(ProtocolError);
  });
});

describe('MXT commands', () => {
  const encode = (type: string, attributes: Record<string, unknown> = {}) => mxtCodec.encodeCommand({ type, attributes }, { device: null, data: {} });

  it('sends custom hex data as those bytes, and nothing else', () => {
    expect(mxtCodec.commandTypes).toEqual(['custom']);
    expect(encode('custom', { data: '01A233274D7C0023541024' + '04' }).toString('hex')).toBe('01a233274d7c002354102404');
    expect(() => encode('custom', { data: 'stop' })).toThrow(ProtocolError);
    expect(() => encode('engineStop')).toThrow(ProtocolError);
  });
});
