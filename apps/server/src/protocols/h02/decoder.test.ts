import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type DecodeResult } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeH02 } from './decoder.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's H02ProtocolDecoderTest (vectors/traccar/h02.json).
const h02 = traccarFrames('h02');

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

function decode(message: string | Buffer): DecodeResult {
  return decodeH02(typeof message === 'string' ? Buffer.from(message, 'latin1') : message, { device: null, data: {} }, RECEIVED);
}

function positionOf(result: DecodeResult): DecodedPosition {
  expect(result.positions).toHaveLength(1);
  return result.positions![0];
}

/** A 32-byte binary report, each field given as its hex digits. */
function binaryReport(fields: { flags: string; speedCourse?: string; battery?: string; status?: string }): Buffer {
  const hex = [
    '24',
    '4106000826', // id
    '123456010524', // 12:34:56 01/05/24
    '23336840', // 23°33.6840'
    fields.battery ?? '06',
    '046393540', // 046°39.3540'
    fields.flags,
    fields.speedCourse ?? '000000',
    fields.status ?? 'ffffffff',
    'ff0024',
  ];
  return Buffer.from(hex.join(''), 'hex');
}

describe('H02 decoder: position reports', () => {
  it('V1: every field, and the V4 confirmation Traccar sends', () => {
    const result = decode('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,012.50,271,221215,FFFFFFFF#');
    expect(result.uniqueId).toBe('4210051415');
    expect(result.reply?.toString()).toBe('*HQ,4210051415,V4,V1,20240501102030#');
    expect(positionOf(result)).toEqual({
      protocol: 'h02',
      deviceTime: new Date('2015-12-22T16:45:49Z'),
      fixTime: new Date('2015-12-22T16:45:49Z'),
      valid: true,
      outdated: false,
      latitude: expect.closeTo(9 + 56.3869 / 60, 9),
      longitude: expect.closeTo(-(84 + 6.7068 / 60), 9),
      altitude: 0,
      speed: 12.5,
      course: 271,
      accuracy: 0,
      network: null,
      attributes: { ignition: true, status: 0xffffffff },
    });
  });

  it('other report types are not confirmed', () => {
    const result = decode(h02(14));
    expect(result.reply).toBeUndefined();
    expect(positionOf(result).longitude).toBeCloseTo(-0.64418, 5);
  });

  it('reads coordinates written without a decimal point (ddmmmmmm)', () => {
    const position = positionOf(decode(h02(21)));
    expect(position.latitude).toBeCloseTo(-(37 + 57.3392 / 60), 9);
    expect(position.longitude).toBeCloseTo(145 + 3.7022 / 60, 9);
  });

  it('a coding scheme instead of A/V means a valid fix; padded speed is accepted', () => {
    expect(positionOf(decode('*HQ,353505221264507,V2,100220,0,5238.26259,N,00507.33983,E,0.25,0,280917,FFFFFFFF#')).valid).toBe(true);
    expect(positionOf(decode(h02(40))).speed).toBe(3.34);
  });

  it('skips the battery field some models insert before the date', () => {
    const position = positionOf(decode('*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF#'));
    expect(position.fixTime).toEqual(new Date('2018-09-08T05:40:48Z'));
    expect(position.attributes.status).toBe(0xeee7fbdf);
  });

  it('reads V19 reports with SIM fields as Traccar does: the date fills the battery field', () => {
    // Traccar's layout tries the optional battery field first; both servers store such reports at the receive time.
    const position = positionOf(decode(h02(70)));
    expect(position.fixTime).toEqual(RECEIVED);
    expect(position.attributes).toEqual({});
  });

  it('keeps unnamed trailing fields as io1, io2...', () => {
    const position = positionOf(decode('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,,0,6#'));
    expect(position.attributes).toEqual({ ignition: false, status: 0xfffffbff, io1: '712', io2: '01', io4: '0', io5: '6' });
  });

  it('reads odometer, temperature, fuel, altitude and cell of the extended layout', () => {
    const position = positionOf(decode(h02(106)));
    expect(position.altitude).toBe(18);
    expect(position.attributes).toMatchObject({ odometer: 69129336, temp1: 0, fuel: 100 });
    expect(position.network).toEqual(gsmNetwork({ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 0x5141, cellId: 0x5a20 }));
  });

  it('without a date the report is timed when received', () => {
    const position = positionOf(decode(h02(160)));
    expect(position.fixTime).toEqual(RECEIVED);
    expect(position.valid).toBe(false);
  });

  it('a report without an id relies on the connection being identified', () => {
    const result = decode(h02(58));
    expect(result.uniqueId).toBeUndefined();
    expect(result.reply).toBeUndefined();
    expect(positionOf(result).latitude).toBeCloseTo(-(22 + 25.78879 / 60), 9);
  });

  it.each([
    ['FFFFFFFE', 'vibration'],
    ['FFFFFFFD', 'sos'],
    ['FFFBFFFF', 'sos'],
    ['FFFFFFFB', 'overspeed'],
    ['FFF7FFFF', 'powerCut'],
    ['FFF7FFFA', 'vibration'],
    ['FFFFFFFF', undefined],
  ])('status %s: alarm %s', (status, alarm) => {
    const position = positionOf(decode(`*HQ,1451316409,V1,030149,A,2329.0095,S,04651.5852,W,2.4,065,070315,${status}#`));
    expect(position.attributes.alarm).toBe(alarm);
  });

  it('V4 command reply: the reply text as result, with the position', () => {
    const result = decode('*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFF7FBFF#');
    expect(result.reply).toBeUndefined();
    expect(positionOf(result)).toMatchObject({ outdated: false, attributes: { result: 'S20,DONE,130305', alarm: 'powerCut' } });
  });

  it.each([
    ['no coordinates', h02(64)],
    ['no hemisphere', '*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff,000106#'],
    ['an unknown type', h02(76)],
    ['no type', h02(85)],
  ])('ignores a message with %s', (_, sentence) => {
    expect(decode(sentence)).toEqual({});
  });
});

describe('H02 decoder: other text messages', () => {
  it('HTBT: battery level without a fix, answered by echoing the header', () => {
    // Traccar's test leaves out the line break devices send after the `#`.
    const result = decode(`${h02(27).toString('latin1')}\r\n`);
    expect(result.reply?.toString()).toBe('*HQ,135790246811220,HTBT#');
    expect(positionOf(result)).toMatchObject({ outdated: true, deviceTime: RECEIVED, attributes: { batteryLevel: 100 } });
    expect(result.uniqueId).toBe('135790246811220');
  });

  it('HTBT without a level and V0 are answered but store nothing', () => {
    expect(decode(h02(37))).toEqual({ uniqueId: '135790246811220', reply: Buffer.from('*HQ,135790246811220,HTBT#') });
    expect(decode('*HQ,4210051415,V0#')).toEqual({ uniqueId: '4210051415', reply: Buffer.from('*HQ,4210051415,V0#') });
  });

  it('NBR: cell towers without a fix, confirmed', () => {
    const result = decode('*HQ,7401004662,NBR,160453,234,10,0,2,21580,27766,-67,21581,27767,-70,291019,FFFFFBFF,6#');
    expect(result.reply?.toString()).toBe('*HQ,7401004662,V4,NBR,20240501102030#');
    expect(positionOf(result)).toMatchObject({
      outdated: true,
      deviceTime: new Date('2019-10-29T16:04:53Z'),
      network: {
        cellTowers: [
          { mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 21580, cellId: 27766, signalStrength: -67 },
          { mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 21581, cellId: 27767, signalStrength: -70 },
        ],
      },
      attributes: { status: 0xfffffbff, ignition: false },
    });
  });

  it('V3: serving and neighbour cells with the battery, without a fix', () => {
    const result = decode(h02(94));
    expect(result.uniqueId).toBe('355488020882405');
    expect(result.reply).toBeUndefined();
    const cell = (cellId: number) => ({ mobileCountryCode: 740, mobileNetworkCode: 1, locationAreaCode: 10278, cellId });
    expect(positionOf(result)).toMatchObject({
      outdated: true,
      deviceTime: new Date('2017-05-09T09:54:26Z'),
      network: { cellTowers: [cell(45142), cell(26311), cell(26582), cell(28322)] },
      attributes: { battery: 0x2dd, status: 0xfffffbff, ignition: false },
    });
    expect(() => decode('*HQ,355488020882405,V3,095426,74001,02,010278,045142,128,-92,02DE,0,X,090517,FFFFFBFF#')).toThrow(ProtocolError);
  });

  it('VP1 (lower-case hq): cells joined by Y, without a fix', () => {
    const result = decode(h02(46));
    expect(result.uniqueId).toBe('356327081001239');
    expect(positionOf(result)).toMatchObject({
      outdated: true,
      deviceTime: RECEIVED,
      network: {
        cellTowers: [
          { mobileCountryCode: 470, mobileNetworkCode: 2, locationAreaCode: 92, cellId: 3565, signalStrength: 0 },
          { mobileCountryCode: 470, mobileNetworkCode: 2, locationAreaCode: 92, cellId: 19433, signalStrength: -30 },
          { mobileCountryCode: 470, mobileNetworkCode: 2, locationAreaCode: 92, cellId: 1340, signalStrength: -29 },
        ],
      },
    });
  });

  it('VP1: a fix timed by its date alone', () => {
    const position = positionOf(decode(h02(67)));
    expect(position).toMatchObject({ outdated: false, valid: true, speed: 0.48, course: 0, fixTime: new Date('2017-09-08T00:00:00Z') });
    expect(position.latitude).toBeCloseTo(-(27 + 2.7245 / 60), 9);
    expect(position.longitude).toBeCloseTo(152 + 51.9311 / 60, 9);
    // Traccar reads VP1 only after a lower-case `hq`.
    expect(decode(h02(67).toString('latin1').replace('*hq', '*HQ'))).toEqual({});
  });

  it('LINK: signal, satellites, battery, steps', () => {
    const result = decode('*HQ,1600068860,LINK,112137,20,8,67,120,3,081116,FFFFFBFF#');
    expect(result.reply).toBeUndefined();
    expect(positionOf(result)).toMatchObject({
      outdated: true,
      deviceTime: new Date('2016-11-08T11:21:37Z'),
      attributes: { rssi: 20, sat: 8, batteryLevel: 67, steps: 120, turnovers: 3, ignition: false },
    });
  });

  it('SMS: the text of a query answer as result', () => {
    const result = decode('*HQ,5226073533,SMS,ST906 V2.0\nID:5226073533\nGSM:26#');
    expect(result.uniqueId).toBe('5226073533');
    expect(positionOf(result)).toMatchObject({ outdated: true, attributes: { result: 'ST906 V2.0\nID:5226073533\nGSM:26' } });
  });
});

describe('H02 decoder: binary reports', () => {
  it('reads id, time, coordinates, flags, speed, course, status', () => {
    // Flags 0x2: valid, south, west; 25 kn, course 123.
    const result = decode(binaryReport({ flags: '2', speedCourse: '025123', status: 'fffffbff' }));
    expect(result.uniqueId).toBe('4106000826');
    expect(result.reply).toBeUndefined();
    expect(positionOf(result)).toEqual({
      protocol: 'h02',
      deviceTime: new Date('2024-05-01T12:34:56Z'),
      fixTime: new Date('2024-05-01T12:34:56Z'),
      valid: true,
      outdated: false,
      latitude: expect.closeTo(-(23 + 33.684 / 60), 9),
      longitude: expect.closeTo(-(46 + 39.354 / 60), 9),
      altitude: 0,
      speed: 25,
      course: 123,
      accuracy: 0,
      network: null,
      attributes: { batteryLevel: 100, ignition: false, status: 0xfffffbff },
    });
  });

  it('north and east flags, invalid fix', () => {
    const position = positionOf(decode(binaryReport({ flags: 'c' })));
    expect(position).toMatchObject({ valid: false, latitude: expect.closeTo(23.5614, 4), longitude: expect.closeTo(46.6559, 4) });
  });

  it.each([
    ['00', undefined],
    ['01', 0],
    ['03', 20],
    ['04', 60],
    ['06', 100],
    ['37', 55],
    ['f3', 3],
    ['ff', undefined],
  ])('battery byte %s is level %s', (battery, level) => {
    const position = positionOf(decode(binaryReport({ flags: 'e', battery })));
    expect(position.attributes.batteryLevel).toBe(level);
  });

  it('a 42-byte report carries a 15-digit IMEI', () => {
    const position = decode(h02(49));
    expect(position.uniqueId).toBe('352483084193293');
    expect(positionOf(position)).toMatchObject({ fixTime: new Date('2017-08-18T10:47:59Z'), valid: true });
  });

  it('acknowledges each report with R12 when the device asks for it (h02.ack), text reports but V1 too', () => {
    const acked = (message: string | Buffer) =>
      decodeH02(typeof message === 'string' ? Buffer.from(message) : message, { device: null, data: {}, settings: fixedSettings({ 'h02.ack': true }) }, RECEIVED).reply?.toString();
    expect(acked(binaryReport({ flags: 'e' }))).toBe('*HQ,4106000826,R12,102030#');
    expect(acked('*HQ,4109179024,V19,181519,V,3853.2587,S,06205.9175,W,000.00,000,090217,FFFFFBFF#')).toBe('*HQ,4109179024,R12,102030#');
    expect(acked('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,012.50,271,221215,FFFFFFFF#')).toBe('*HQ,4210051415,V4,V1,20240501102030#');
  });

  it('throws ProtocolError on a truncated report', () => {
    expect(() => decode(h02(250).subarray(0, 14))).toThrow(ProtocolError);
  });

  it('ignores X reports', () => {
    expect(decode(Buffer.from('5800009814991024031101175540227006012321670c000095fffffbffff0033', 'hex'))).toEqual({});
  });
});
