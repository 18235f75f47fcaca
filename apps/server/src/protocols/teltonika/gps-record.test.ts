import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeAvlData } from './avl.ts';
import { CODEC_16, CODEC_8, CODEC_8_EXTENDED } from './io-groups.ts';
import type { RecordOptions } from './models.ts';
import { avlData, gpsRecord, ioOfWidth, type TestIo, type TestRecord } from './test-frames.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

const base: TestRecord = {
  time: new Date('2024-05-01T10:00:00.123Z'),
  priority: 1,
  longitude: -46.6559123,
  latitude: -23.5614567,
  altitude: 812,
  angle: 271,
  satellites: 11,
  speedKph: 100,
  eventId: 239,
};

/** Most ids are named for the FMB family only: the tests decode as an FMB130 unless they say otherwise. */
const FMB130: RecordOptions = { model: 'FMB130', extended: false };

function decodeRecord(codec: number, record: TestRecord, options = FMB130): DecodedPosition {
  const { positions } = decodeAvlData(avlData(codec, [gpsRecord(codec, record)]), RECEIVED, options);
  expect(positions).toHaveLength(1);
  return positions[0];
}

/** Decoded with two-byte ids (codec 16) when an id needs them. */
function attributesOf(io: TestIo[], model = 'FMB130'): DecodedPosition['attributes'] {
  const codec = io.some((element) => element.id > 255) ? CODEC_16 : CODEC_8;
  const { priority, sat, event, ...rest } = decodeRecord(codec, { ...base, io }, { model, extended: false }).attributes;
  expect({ priority, sat, event }).toEqual({ priority: 1, sat: 11, event: 239 });
  return rest;
}

describe('Teltonika GPS records', () => {
  it.each([
    ['codec 8', CODEC_8],
    ['codec 8 Extended', CODEC_8_EXTENDED],
    ['codec 16', CODEC_16],
  ])('decodes the GPS element of %s', (_name, codec) => {
    const position = decodeRecord(codec, { ...base, generationType: 3 });
    expect(position).toEqual({
      protocol: 'teltonika',
      deviceTime: base.time,
      fixTime: base.time,
      valid: true,
      outdated: false,
      latitude: -23.5614567,
      longitude: -46.6559123,
      altitude: 812,
      speed: 53.9957,
      course: 271,
      accuracy: 0,
      network: null,
      attributes: { priority: 1, sat: 11, event: 239 },
    });
  });

  it('marks a record without satellites invalid but keeps its coordinates, as Traccar does', () => {
    const position = decodeRecord(CODEC_8, { ...base, satellites: 0, altitude: -6 });
    expect(position).toMatchObject({ valid: false, outdated: false, latitude: -23.5614567, altitude: -6 });
    expect(position.attributes.sat).toBe(0);
    expect(decodeRecord(CODEC_8, { ...base, latitude: 0, longitude: 0 }).valid).toBe(true);
  });

  it('reads two-byte IO ids and counts in codec 8 Extended, two-byte ids in codec 16', () => {
    const io = [
      ...ioOfWidth(1, [239, 1]),
      ...ioOfWidth(2, [66, 12850], [206, 4321], [10800, -1187]),
      ...ioOfWidth(4, [636, 123456]),
      ...ioOfWidth(8, [11, 8935501234567890123n]),
    ];
    for (const codec of [CODEC_8_EXTENDED, CODEC_16]) {
      const position = decodeRecord(codec, { ...base, eventId: 10800, io });
      expect(position.attributes).toEqual({
        priority: 1,
        sat: 11,
        event: 10800,
        ignition: true,
        power: 12.85,
        eyeTemp1: -11.87,
        iccid: '8935501234567890123',
      });
      expect(position.network).toEqual(gsmNetwork({ cellId: 123456, locationAreaCode: 4321, mobileCountryCode: 0, mobileNetworkCode: 0 }));
    }
  });

  it('decodes several records of one packet in order', () => {
    const later = { ...base, time: new Date('2024-05-01T10:00:10.000Z'), speedKph: 0 };
    const data = avlData(CODEC_8, [gpsRecord(CODEC_8, base), gpsRecord(CODEC_8, later)]);
    const { codec, count, positions } = decodeAvlData(data, RECEIVED, FMB130);
    expect({ codec, count }).toEqual({ codec: CODEC_8, count: 2 });
    expect(positions.map((position) => position.fixTime.toISOString())).toEqual(['2024-05-01T10:00:00.123Z', '2024-05-01T10:00:10.000Z']);
  });

  it('rejects coordinates out of range', () => {
    expect(() => decodeRecord(CODEC_8, { ...base, latitude: 91 })).toThrow(ProtocolError);
    expect(() => decodeRecord(CODEC_8, { ...base, longitude: -181 })).toThrow(ProtocolError);
  });
});

describe('Teltonika IO elements', () => {
  it('names the common ids', () => {
    expect(
      attributesOf([
        ...ioOfWidth(1, [239, 1], [240, 0], [1, 1], [2, 0], [3, 1], [4, 0], [179, 1], [180, 0], [21, 4], [200, 2], [113, 87]),
        ...ioOfWidth(2, [66, 13800], [67, 4012], [9, 1520], [10, 30], [181, 12], [182, 7]),
        ...ioOfWidth(4, [16, 123456789], [199, 4321], [72, -55], [73, 231], [241, 72405]),
      ]),
    ).toEqual({
      ignition: true,
      motion: false,
      in1: true,
      in2: false,
      in3: true,
      in4: false,
      out1: true,
      out2: false,
      rssi: 4,
      sleepMode: 2,
      batteryLevel: 87,
      power: 13.8,
      battery: 4.012,
      adc1: 1.52,
      adc2: 0.03,
      pdop: 1.2,
      hdop: 0.7,
      odometer: 123456789,
      tripOdometer: 4321,
      temp1: -5.5,
      temp2: 23.1,
      operator: 72405,
    });
  });

  it('keeps unknown ids as io<id>: unsigned up to 4 bytes, signed at 8', () => {
    expect(
      attributesOf([...ioOfWidth(1, [69, 255]), ...ioOfWidth(2, [99, 65535]), ...ioOfWidth(4, [98, 4294967295]), ...ioOfWidth(8, [97, -2n])]),
    ).toEqual({ io69: 255, io99: 65535, io98: 4294967295, io97: -2 });
  });

  it('reads the iButton key least significant byte first, and ignores an empty one', () => {
    expect(attributesOf([{ id: 78, width: 8, value: 0x01000b00791c1793n }])).toEqual({ driverUniqueId: '93171C79000B0001' });
    expect(attributesOf([{ id: 78, width: 8, value: 0n }])).toEqual({});
  });

  it('lets the vehicle speed element replace the GPS speed', () => {
    const position = decodeRecord(CODEC_8, { ...base, io: [{ id: 24, width: 2, value: 50 }] });
    expect(position.speed).toBeCloseTo(26.99785, 6);
  });

  it('turns alarm elements into comma-joined alarms', () => {
    expect(
      attributesOf(ioOfWidth(1, [253, 2], [252, 1], [246, 0], [175, 0])),
    ).toEqual({ alarm: 'hardBraking,powerCut,geofenceExit' });
    expect(attributesOf([{ id: 253, width: 1, value: 1 }]).alarm).toBe('hardAcceleration');
    expect(attributesOf([{ id: 253, width: 1, value: 3 }]).alarm).toBe('hardCornering');
    expect(attributesOf([{ id: 253, width: 1, value: 7 }]).alarm).toBeUndefined();
    expect(attributesOf([{ id: 236, width: 1, value: 1 }]).alarm).toBe('general');
  });

  it('moves the serving cell into the network, with MCC and MNC from the operator code', () => {
    const position = decodeRecord(CODEC_8, {
      ...base,
      io: [
        { id: 205, width: 2, value: 1402 },
        { id: 206, width: 2, value: 6611 },
        { id: 241, width: 4, value: 25001 },
      ],
    });
    expect(position.attributes).toMatchObject({ operator: 25001 });
    expect(position.attributes).not.toHaveProperty('cid2g');
    expect(position.attributes).not.toHaveProperty('lac');
    expect(position.network).toEqual(gsmNetwork({ cellId: 1402, locationAreaCode: 6611, mobileCountryCode: 250, mobileNetworkCode: 1 }));
    expect(decodeRecord(CODEC_8, { ...base, io: [{ id: 206, width: 2, value: 6611 }] }).network).toBeNull();
  });
});

describe('Teltonika variable-length IO (codec 8 Extended)', () => {
  function variable(id: number, hex: string): DecodedPosition['attributes'] {
    const record = { ...base, variableIo: [{ id, value: Buffer.from(hex, 'hex') }] };
    const { priority: _priority, sat: _sat, event: _event, ...rest } = decodeRecord(CODEC_8_EXTENDED, record).attributes;
    return rest;
  }

  /** A BLE sensor list: header byte, then each sensor as a length-prefixed run of (id, length, value). */
  function sensorList(...sensors: string[][]): string {
    return `01${sensors.map((parameters) => parameters.join('')).map((hex) => `${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`).join('')}`;
  }

  it('reads the VIN, trouble codes and unknown elements', () => {
    expect(variable(256, Buffer.from('WV1ZZZ2EZ86015388').toString('hex'))).toEqual({ vin: 'WV1ZZZ2EZ86015388' });
    expect(variable(281, Buffer.from('P0299,P0675').toString('hex'))).toEqual({ dtcs: 'P0299 P0675' });
    expect(variable(1234, 'deadbeef')).toEqual({ io1234: 'deadbeef' });
  });

  it('reads BLE sensor lists', () => {
    const first = ['0001c6', '0106babbf3630055', '0202806d', '06020123', '0d0101', '0e020bd6', '080101', '0503414243', '63020000'];
    const second = ['0001a4', '0702002a', '090100', '0a020010'];
    expect(variable(10831, sensorList(first, second))).toEqual({
      tag1Rssi: -58,
      tag1Id: 'babbf3630055',
      tag1Voltage: 3090,
      tag1Temp: 291,
      tag1LowBattery: 1,
      tag1Battery: 3030,
      tag1Magnet: true,
      tag1Name: 'ABC',
      tag2Rssi: -92,
      tag2Humidity: 0,
      tag2Motion: false,
      tag2MotionCount: 16,
    });
  });

  it('reads each BLE parameter within its declared length', () => {
    // A humidity sent in two bytes does not shift the parameters after it.
    expect(variable(548, sensorList(['0702002a', '0001c6']))).toEqual({ tag1Humidity: 0, tag1Rssi: -58 });
    // Flags announcing a voltage byte that the parameter does not hold.
    expect(() => variable(548, sensorList(['020180']))).toThrow(/truncated/);
  });

  it('reads iBeacon and Eddystone sightings', () => {
    const ibeacon = `210102030405060708090a0b0c0d0e0f10020b010a` + 'd0';
    const eddystone = `0600112233445566778899aabbccddeeffc4` + '0172' + '0019';
    expect(variable(385, `01${ibeacon}${eddystone}`)).toEqual({
      beacon1Uuid: '0102030405060708090a0b0c0d0e0f10',
      beacon1Major: 523,
      beacon1Minor: 266,
      beacon1Rssi: -48,
      beacon2Namespace: '00112233445566778899',
      beacon2Instance: 'aabbccddeeff',
      beacon2Rssi: -60,
      beacon2Battery: 3.7,
      beacon2Temp: 25,
    });
  });
});

describe('Teltonika IO elements by model', () => {
  it('names only the common ids when the model is unknown or of no family, as Traccar does', () => {
    const io = [...ioOfWidth(1, [239, 1], [252, 1]), ...ioOfWidth(2, [66, 13800], [9, 1520], [205, 1402], [206, 6611]), ...ioOfWidth(4, [113, 0xfffd8c85])];
    for (const model of ['', 'GH3000']) {
      expect(attributesOf(io, model)).toEqual({ ignition: true, power: 13.8, io113: 0xfffd8c85, io9: 1520, io252: 1, io205: 1402, io206: 6611 });
    }
  });

  it('reads a named id as its own type from the element’s first bytes', () => {
    // Battery level is one byte, even in a 4-byte element.
    expect(attributesOf([{ id: 113, width: 4, value: 0x55000000 }])).toEqual({ batteryLevel: 85 });
    expect(attributesOf([{ id: 66, width: 4, value: 0x35e80000 }])).toEqual({ power: 13.8 });
  });

  it('gives FM6xx trackers their own meanings: BLE temperatures, no OBD ids, the tachograph driver', () => {
    const card = Buffer.from('1234567890ABCDEF');
    expect(
      attributesOf(
        [
          { id: 701, width: 2, value: -55 },
          { id: 81, width: 1, value: 60 },
          { id: 195, width: 8, value: card.readBigInt64BE(0) },
          { id: 196, width: 8, value: card.readBigInt64BE(8) },
        ],
        'FMC640',
      ),
    ).toEqual({ bleTemp1: -5.5, io81: 60, io195: Number(card.readBigInt64BE(0)), io196: Number(card.readBigInt64BE(8)), driverUniqueId: '1234567890ABCDEF' });
    expect(attributesOf([{ id: 81, width: 1, value: 60 }])).toEqual({ obdSpeed: 60 });
  });

  it('reads the OBD odometer of an FMB003 in kilometres', () => {
    expect(attributesOf([{ id: 389, width: 4, value: 1234 }], 'FMB003')).toEqual({ obdOdometer: 1234000 });
    expect(attributesOf([{ id: 389, width: 4, value: 1234 }])).toEqual({ io389: 1234 });
  });

  it('moves the cells of a TAT100 into the network', () => {
    const position = decodeRecord(
      CODEC_16,
      {
        ...base,
        io: [
          { id: 1200, width: 2, value: 1 },
          { id: 287, width: 2, value: 6611 },
          { id: 288, width: 4, value: 1402 },
          { id: 289, width: 1, value: 70 },
          { id: 1201, width: 2, value: 2 },
        ],
      },
      { model: 'TAT100', extended: false },
    );
    expect(position.attributes).toEqual({ priority: 1, sat: 11, event: 239, io1201: 2 });
    expect(position.network).toEqual(gsmNetwork({ mobileCountryCode: 0, mobileNetworkCode: 1, locationAreaCode: 6611, cellId: 1402, signalStrength: -70 }));
  });
});

describe('Teltonika extended IO (teltonika.extended)', () => {
  it('reads a group of 16-byte values after the 8-byte group, as hex', () => {
    const record = gpsRecord(CODEC_8, { ...base, io: [{ id: 239, width: 1, value: 1 }] });
    const value = '00112233445566778899aabbccddeeff';
    // The plain record ends with its (empty) 8-byte group: the 16-byte group follows it.
    const extended = Buffer.concat([record, Buffer.from(`01f0${value}`, 'hex')]);
    const { positions } = decodeAvlData(avlData(CODEC_8, [extended]), RECEIVED, { ...FMB130, extended: true });
    expect(positions[0].attributes).toEqual({ priority: 1, sat: 11, event: 239, ignition: true, io240: value });
  });
});
