import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { CODEC_8_EXTENDED } from './io-groups.ts';
import { CODEC_12 } from './messages.ts';
import { avlData, gpsRecord, messageRecord, udpPacket } from './test-frames.ts';
import { teltonikaUdpCodec } from './udp.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const IMEI = '357454072713975';
const record = { time: new Date('2024-05-01T10:00:00.000Z'), latitude: 51.630115, longitude: 0.4124566, satellites: 9, speedKph: 50 };

function decode(datagram: Buffer) {
  expect(teltonikaUdpCodec.frameLength(datagram)).toBe(datagram.length);
  return teltonikaUdpCodec.decode(datagram, { device: null, data: {} }, RECEIVED);
}

describe('Teltonika UDP', () => {
  it('identifies every datagram and acknowledges with packet id, AVL packet id and count', () => {
    const data = avlData(CODEC_8_EXTENDED, [gpsRecord(CODEC_8_EXTENDED, record), gpsRecord(CODEC_8_EXTENDED, record)]);
    const result = decode(udpPacket(IMEI, data, 0xcafe, 0x22));
    expect(result.uniqueId).toBe(IMEI);
    expect(result.positions).toHaveLength(2);
    expect(result.positions?.[0]).toMatchObject({ latitude: 51.630115, longitude: 0.4124566, valid: true });
    expect(result.reply?.toString('hex')).toBe('0005cafe012202');
  });

  it('decodes a Traccar-format capture of the UDP packet', () => {
    // Layout from the disabled connectionless case of Traccar's TeltonikaProtocolDecoderTest.
    const result = decode(
      Buffer.from(
        '0049cafe0122000f333537343534303732373133393735' +
          '08010000015d3766f6a800003eef961ec6215e0063006d09003100070401000200f001c8000242381c18003201c7000000e10001',
        'hex',
      ),
    );
    expect(result.uniqueId).toBe(IMEI);
    expect(result.reply?.toString('hex')).toBe('0005cafe012201');
    expect(result.positions?.[0].fixTime.toISOString()).toBe('2017-07-12T15:24:41.000Z');
    expect(result.positions?.[0].attributes).toMatchObject({ sat: 9, motion: true, power: 14.364 });
  });

  it('passes command replies on without acknowledging them', () => {
    const result = decode(udpPacket(IMEI, avlData(CODEC_12, [messageRecord(0x06, Buffer.from('OK'))])));
    expect(result.reply).toBeUndefined();
    expect(result.positions?.[0].attributes).toEqual({ type: 6, result: 'OK' });
  });

  it('waits for a whole datagram and rejects a malformed one', () => {
    const datagram = udpPacket(IMEI, avlData(CODEC_8_EXTENDED, [gpsRecord(CODEC_8_EXTENDED, record)]));
    expect(teltonikaUdpCodec.frameLength(datagram.subarray(0, 1))).toBe(0);
    expect(teltonikaUdpCodec.frameLength(datagram.subarray(0, datagram.length - 1))).toBe(0);
    expect(() => decode(Buffer.from('0003cafe01', 'hex'))).toThrow(ProtocolError);
    const badImei = Buffer.from(datagram);
    badImei[9] = 0x00;
    expect(() => decode(badImei)).toThrow(/invalid IMEI/);
  });
});
