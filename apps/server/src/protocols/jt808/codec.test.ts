import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';
import { decodeId, encodeId } from './message.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-01-02T03:04:05.000Z');
const KNOTS_PER_KMH = 1 / 1.852;

// Frames by their line in Traccar's JT808ProtocolDecoderTest (vectors/traccar/jt808.json).
const jt808 = traccarFrames('jt808');
/** Location report of terminal 051160004464, serial 0x000d. */
const LOCATION = jt808(26);
const HEARTBEAT = jt808(343);

describe('jt808 framing', () => {
  it('splits concatenated messages and waits for the end of a split one', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    expect(device.decode(Buffer.concat([HEARTBEAT, LOCATION]))).toHaveLength(2);
    for (let cut = 0; cut < LOCATION.length; cut += 1) expect(jt808Codec.frameLength(LOCATION.subarray(0, cut))).toBe(0);
    expect(jt808Codec.frameLength(Buffer.concat([LOCATION, HEARTBEAT.subarray(0, 5)]))).toBe(LOCATION.length);
  });

  it('refuses junk, and finds where the next message starts', () => {
    const junk = Buffer.concat([text('GET / HTTP/1.1\r\n'), LOCATION]);
    expect(() => jt808Codec.frameLength(junk)).toThrow(ProtocolError);
    expect(jt808Codec.frameStart?.(junk, 1)).toBe(16);
    // The end of a lost message and the start of the next: not a message.
    expect(() => jt808Codec.frameLength(Buffer.concat([binary('7e'), LOCATION]))).toThrow(ProtocolError);
    expect(jt808Codec.frameStart?.(Buffer.concat([binary('7e'), LOCATION]), 1)).toBe(1);
  });

  it('checks the XOR checksum of the unescaped message', () => {
    expect(jt808Codec.checksumValid?.(LOCATION)).toBe(true);
    const corrupted = Buffer.from(LOCATION);
    corrupted[20] ^= 0x01;
    expect(jt808Codec.checksumValid?.(corrupted)).toBe(false);
  });

  it('unescapes 0x7d 0x02 and 0x7d 0x01 in what it reads, and escapes what it writes', () => {
    const device = protocolTest(jt808Codec);
    // Heartbeat with serial 0x7e7d, acknowledged with that serial.
    expect(device.none(binary('7e000200000139123456787d027d01317e'))).toEqual(binary('7e8001000501391234567800007d027d01000200b57e'));
  });

  it('speaks the 0xe7-delimited variant (7-byte id, its own escapes) back in kind', () => {
    const { result } = identify(jt808Codec, binary('e700020000013912345678003e023e0131e7'), '1391234567800');
    expect(result.reply).toEqual(binary('e7800100050139123456780000003e023e01000200b5e7'));
  });

  it('takes the bytes as sent when only they match the checksum (firmwares that do not escape 0x7d)', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    // Latitude 0x01587d01 sent as is.
    device.settings({ model: 'JC371' });
    device.position(jt808(397), {
      latitude: 22.576385,
      attributes: { battery: 4.15, batteryLevel: 83, charge: true },
    });
  });

  it('reads text results between parentheses, and answers the base-station time request', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(263), { outdated: true, attributes: { result: '(740190311185,1,001,ELOCK,3,529439)' } });
    expect(device.none(jt808(211))?.toString()).toBe('(794104004140,1,001,BASE,2,20240102030405)');
  });

  it('ignores a text result before the device identified itself', () => {
    const device = protocolTest(jt808Codec, { anonymous: true });
    expect(device.none(jt808(263))).toBeUndefined();
  });
});

describe('jt808 identification and replies', () => {
  it('identifies by the phone number without its padding zeros, and answers registration with it as auth code', () => {
    const { result } = identify(jt808Codec, jt808(322), '7089994489');
    expect(result.positions).toBeUndefined();
    expect(result.reply).toEqual(binary('7e8100000f00708999448900000028003030373038393939343438390c7e'));
  });

  it('speaks the 2019 edition back to a 2019 terminal (version byte, 10-byte id)', () => {
    const device = protocolTest(jt808Codec, { anonymous: true });
    const [result] = device.decode(binary(
      '7e0100405c0100000866496077582164521800000000000000000000000000004d443330300000000000000000000000000000',
      '000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e',
    ));
    expect(result.uniqueId).toBe('866496077582164');
    expect(result.reply).toEqual(binary('7e81004017010000086649607758216400005218003030303030383636343936303737353832313634bf7e'));
    // The reply's checksum is 0x7e: escaped.
    expect(device.reply(jt808(33))).toEqual(binary('7e8001400501000008664960775821640000881d0704007d027e'));
  });

  it('acknowledges authentication, heartbeat and location with a general response', () => {
    const device = protocolTest(jt808Codec);
    expect(device.none(jt808(325))).toEqual(binary('7e8001000501351122112200000006010200b57e'));
    expect(device.none(HEARTBEAT)).toEqual(binary('7e80010005043048325465000000b70002004e7e'));
    expect(device.reply(LOCATION)).toEqual(binary('7e800100050511600044640000000d020000df7e'));
  });

  it('answers a time request with the UTC time', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    expect(device.none(binary('7e010900000135112211220009357e'))).toEqual(binary('7e81090008013511221122000007e80102030405005a7e'));
  });

  it('derives the IMEI from terminal ids that are not decimal, and back', () => {
    // The Luhn digit completes the IMEI; encoding drops whatever digit comes last.
    expect(decodeId(binary('0b3a73ce2ff2'))).toBe('123456789012347');
    expect(encodeId('123456789012345', 6)).toEqual(binary('0b3a73ce2ff2'));
    expect(encodeId('013912345678', 6)).toEqual(binary('013912345678'));
    expect(encodeId('866496077582164', 10)).toEqual(binary('00000866496077582164'));
    expect(() => encodeId('not-an-id', 6)).toThrow(ProtocolError);
  });

  it('decodes without crashing whatever the message is cut to', () => {
    for (let length = 15; length < LOCATION.length; length += 1) {
      const frame = Buffer.concat([LOCATION.subarray(0, length - 1), binary('7e')]);
      try {
        jt808Codec.decode(frame, { device: null, data: {} }, RECEIVED);
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
      }
    }
  });
});

describe('jt808 messages', () => {
  it('decodes a location report: fix, time in GMT+8, status and additional items', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(LOCATION, {
      valid: true,
      outdated: false,
      latitude: 22.64483,
      longitude: 114.02938,
      fixTime: '2020-08-07T10:07:22.000Z',
      attributes: { ignition: false, blocked: false, charge: true, odometer: 100, rssi: 28, sat: 9, batteryLevel: 99, motion: false },
    });
  });

  it('reads the time in the zone of decoder.timezone', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ 'decoder.timezone': 'America/Sao_Paulo' });
    device.position(LOCATION, { fixTime: '2020-08-07T21:07:22.000Z' });
    device.settings({ 'decoder.timezone': 'GMT' });
    device.position(LOCATION, { fixTime: '2020-08-07T18:07:22.000Z' });
  });

  it('decodes alarm flags, southern and western coordinates, speed, and the 18-byte vendor block', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(337), {
      valid: true,
      latitude: 50.871735,
      longitude: -1.255923,
      speed: 2 * KNOTS_PER_KMH,
      fixTime: '2013-04-12T08:49:52.000Z',
      // Followed by exactly 18 bytes: battery and mileage, odometer in km, battery, area, signal.
      attributes: { alarm: 'sos', odometer: 1193482000, battery: 0.2, rssi: 12 },
    });
  });

  it('decodes a batch of buffered reports, each an archived position', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const positions = device.positions(jt808(298), { latitude: 22.639634, longitude: 114.031952, altitude: 370, course: 1, fixTime: '2016-05-27T01:06:24.000Z', attributes: { archive: true, ignition: true, odometer: 2900 } });
    expect(positions).toHaveLength(8);
  });

  it('decodes a heartbeat with battery and signal as a status without a fix', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    expect(device.none(HEARTBEAT)).toBeDefined();
    device.position(binary('7e0002000304304832546500b8501f028b7e'), {
      outdated: true,
      attributes: { batteryLevel: 80, rssi: 31, status: 2 },
    });
  });

  it('decodes transparent data: a driver card swipe and OBD text', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(89), { outdated: true, attributes: { driverUniqueId: '10218094' } });
    device.position(jt808(100), { attributes: { power: 12.3, obdSpeed: 20, fuelConsumption: 31.15, fuelUsed: 565.96, obdOdometer: 181 } });
  });

  it('decodes command results: text reply, text message answer in UTF-16, waybill', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(267), { outdated: true, attributes: { result: 'Set OK!' } });
    device.position(jt808(81), { attributes: { result: 'MD,SET CONFIG OK!' } });
    const reply = device.reply(jt808(104));
    expect(reply?.subarray(1, 3)).toEqual(binary('8001'));
  });

  it('decodes a driver identity card', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(41), {
      outdated: true,
      deviceTime: '2025-10-09T07:07:51.000Z',
      attributes: { cardStatus: 1, cardResult: 0, cardCode: '0029b885' },
    });
  });

  it('decodes the 0x5501 padlock location and answers it with 0x4401 when asked', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const { reply } = device.answered(jt808(138), { valid: true, attributes: { unlockResult: 0x65, lockPassword: '689607' } });
    expect(reply).toEqual(binary('7e4401000385600900101701550100f87e'));
  });

  it('identifies the device by messages it does not decode, without answering them', () => {
    const device = protocolTest(jt808Codec, { anonymous: true });
    const [result] = device.decode(binary('7e0001000501391234567800010001810500b07e'));
    expect(result).toEqual({ uniqueId: '13912345678' });
  });
});
