import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';
import { decodeId, encodeId } from './message.ts';

const RECEIVED = new Date('2024-01-02T03:04:05.000Z');
const KNOTS_PER_KMH = 1 / 1.852;

/** Location report of terminal 051160004464, serial 0x000d (Traccar's test). */
const LOCATION = binary(
  '7e02000048051160004464000d00000000000c00020159885e06cbf34400000000000020080718072201040000000130011c',
  '310109e4020063e50100e60100e7080000000000000000ee0a01cc01262c009a6743001e7e',
);
const HEARTBEAT = binary('7e0002000004304832546500b7ca7e');

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
    device.position(binary('7E020000344EB6FB4AD6280001000000000000000301587D0106CBFF6600000000000026010112000001040000007B30011831010AE80A2003070105019F030190657E'), {
      latitude: 22.576385,
      attributes: { battery: 4.15, batteryLevel: 83, charge: true },
    });
  });

  it('reads text results between parentheses, and answers the base-station time request', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(text('(740190311185,1,001,ELOCK,3,529439)'), { outdated: true, attributes: { result: '(740190311185,1,001,ELOCK,3,529439)' } });
    expect(device.none(text('(794104004140,1,001,BASE,2,TIME)'))?.toString()).toBe('(794104004140,1,001,BASE,2,20240102030405)');
  });

  it('ignores a text result before the device identified itself', () => {
    const device = protocolTest(jt808Codec, { anonymous: true });
    expect(device.none(text('(740190311185,1,001,ELOCK,3,529439)'))).toBeUndefined();
  });
});

describe('jt808 identification and replies', () => {
  it('identifies by the phone number without its padding zeros, and answers registration with it as auth code', () => {
    const { result } = identify(jt808Codec, binary('7e0100002d007089994489002800000000000000000048422d523033474244000000000000000000000031393036373531024142433030303030d17e'), '7089994489');
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
    expect(device.reply(binary('7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e')))
      .toEqual(binary('7e8001400501000008664960775821640000881d0704007d027e'));
  });

  it('acknowledges authentication, heartbeat and location with a general response', () => {
    const device = protocolTest(jt808Codec);
    expect(device.none(binary('7E0102000E013511221122000661757468656E7469636174696F6E3F7E'))).toEqual(binary('7e8001000501351122112200000006010200b57e'));
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
    device.position(binary('7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb0c20085c107e'), {
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
    const positions = device.positions(binary(
      '7e0704014301356777777707f5000801002600000000000000030159741206cbfd5001720000000116052709062401040000001d0302000000260000',
      '0000000000030159746606cbfd50016b0000000116052709065301040000001d0302000000260000000000000003015975e406cbfe58013f00000001',
      '16052709072701040000001d0302000000260000000000000003015976de06cbff10012e0000000116052709075601040000001d0302000000260000',
      '000000000003015976bc06cbfed0012d0000000116052709083001040000001d0302000000260000000000000003015976fe06cbfec0010800000001',
      '16052709090001040000001d0302000000260000000000000003015976fe06cbfe7800fc0000000116052709093301040000001d0302000000260000',
      '000000000003015977a606cbff3001080000000116052709100201040000001d030200001f7e',
    ), { latitude: 22.639634, longitude: 114.031952, altitude: 370, course: 1, fixTime: '2016-05-27T01:06:24.000Z', attributes: { archive: true, ignition: true, odometer: 2900 } });
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
    device.position(binary('7e0900001b41305888975883194000184754534c7c367c317c307c31303231383039347c317c0d0ab47e'), { outdated: true, attributes: { driverUniqueId: '10218094' } });
    device.position(binary(
      '7e0900004a018178393931007941244f42442d52542c31322e332c302c32302c302e30302c302e30302c302c31302e38392c33312e31352c3138312e36382c3138312c35342e32362c3536352e39362c302c302c300d0ae97e',
    ), { attributes: { power: 12.3, obdSpeed: 20, fuelConsumption: 31.15, fuelUsed: 565.96, obdOdometer: 181 } });
  });

  it('decodes command results: text reply, text message answer in UTF-16, waybill', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(binary('7e13000012045450091546010900000053006500740020004f004b0021000d197e'), { outdated: true, attributes: { result: 'Set OK!' } });
    device.position(binary('7e070100150120764632790008000000114d442c53455420434f4e464947204f4b21187e'), { attributes: { result: 'MD,SET CONFIG OK!' } });
    const reply = device.reply(binary(
      '7e60060055014164192753005a003c5645523a53444b3a42433738455f5045545f56312e30325f3234303631312c4150503a50455431302348573031344a54533130323033443234313130345f4e6f7620203420323032345f31343a34393a33343e4c7e',
    ));
    expect(reply?.subarray(1, 3)).toEqual(binary('8001'));
  });

  it('decodes a driver identity card', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(binary('7e0702002201827061151401bc012510091507510000303032396238383500000000000000000000000000000000002b7e'), {
      outdated: true,
      deviceTime: '2025-10-09T07:07:51.000Z',
      attributes: { cardStatus: 1, cardResult: 0, cardCode: '0029b885' },
    });
  });

  it('decodes the 0x5501 padlock location and answers it with 0x4401 when asked', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const frame = binary('7e55018c418560090010174701022106242122348476113550490700001c06000000074e0000000000000308100000100102020200000a030000000b0803363839363037650c0600000001000afa7e');
    device.position(frame, { valid: true, attributes: { unlockResult: 0x65, lockPassword: '689607' } });
    expect(device.reply(frame)).toEqual(binary('7e4401000385600900101701550100f87e'));
  });

  it('identifies the device by messages it does not decode, without answering them', () => {
    const device = protocolTest(jt808Codec, { anonymous: true });
    const [result] = device.decode(binary('7e0001000501391234567800010001810500b07e'));
    expect(result).toEqual({ uniqueId: '13912345678' });
  });
});
