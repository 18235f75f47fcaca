import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { ruptelaCodec } from './codec.ts';
import { deviceFrame, IMEI, RECORD } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's RuptelaProtocolDecoderTest (vectors/traccar/ruptela.json).
const ruptela = traccarFrames('ruptela');
/** Two records (command 1). */
const TWO_RECORDS = ruptela(54);
/** Device identification (command 15). */
const IDENTIFICATION = ruptela(18);

/** An extended record (no fix unless given) with the given IO values, ids and values in hex. */
function extendedRecord(extension: string, io: { one?: string; two?: string; four?: string; eight?: string }, fix = '80000000 80000000 0000000000000000'): string {
  const group = (spaced = '', width: number) => {
    const values = spaced.replace(/\s+/g, '');
    return (values.length / 2 / (2 + width)).toString(16).padStart(2, '0') + values;
  };
  return `5f5e1000 00 ${extension} 00 ${fix} 0007 ${group(io.one, 1)}${group(io.two, 2)}${group(io.four, 4)}${group(io.eight, 8)}`.replace(/\s+/g, '');
}

describe('Ruptela records', () => {
  it('identifies the device by the IMEI every frame carries', () => {
    identify(ruptelaCodec, binary(RECORD), IMEI);
  });

  it('decodes a record: fix, speed in km/h, IO values by Traccar’s names', () => {
    protocolTest(ruptelaCodec).position(binary(RECORD), {
      ...fix('2015-10-06T14:21:33.000Z', true, 5.6292216, -0.067495),
      altitude: 48.7,
      course: 0,
      attributes: { sat: 9, hdop: 1.3, event: 7, in1: 0, in4: 0, deviceTemp: 44, motion: false, power: 13.286, battery: 4.097, adc1: 12668, adc2: 19158, odometer: 30714, operator: 62002, io27: 12 },
    });
  });

  it('decodes every record of a frame and acknowledges them with 0002640113bc', () => {
    const device = protocolTest(ruptelaCodec);
    const { positions, reply } = device.answeredAll(TWO_RECORDS, { fixTime: '2015-04-27T06:57:02.000Z', attributes: { event: 7 } });
    expect(positions).toHaveLength(2);
    expect(positions[1]).toMatchObject({ course: 58.8, attributes: { event: 9, odometer: 45501 } });
    expect(positions[1].speed).toBeCloseTo(5 * 0.539957);
    expect(reply?.toString('hex')).toBe('0002640113bc');
  });

  it('merges the parts of an extended record into one position, acknowledged the same way', () => {
    const device = protocolTest(ruptelaCodec);
    // Extended records: four parts (extension 0x30 to 0x33) of one merged record.
    const { reply } = device.answered(ruptela(42), {
      fixTime: '2016-10-18T21:08:26.000Z',
      latitude: 47.0555133,
      longitude: 21.923265,
      attributes: { event: 9, sat: 11, ignition: false, charge: false, battery: 4.08, power: 13.94, fuelLevel: 70.8, rpm: 1520, odometer: 7816907, fuelUsed: 504.5, operator: 22610 },
    });
    expect(reply?.toString('hex')).toBe('0002640113bc');
  });

  it('keeps a record without a fix as outdated, and a continuation whose first part came earlier', () => {
    const noFix = deviceFrame(IMEI, 68, `00 02 ${extendedRecord('00', { one: '00fb01' })} ${extendedRecord('21', { one: '019a01' })}`);
    const positions = protocolTest(ruptelaCodec).positions(noFix);
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ outdated: true, attributes: { ignition: true, alarm: 'tow' } });
    expect(positions[0].deviceTime.toISOString()).toBe('2020-09-13T12:26:40.000Z');
    const continuation = deviceFrame(IMEI, 68, `00 01 ${extendedRecord('21', { one: '019b01' }, '0bebc200 05f5e100 0000000000000000')}`);
    protocolTest(ruptelaCodec).position(continuation, { outdated: true, attributes: { alarm: 'accident' } });
  });

  it('joins paired halves: CAN driver card and tag id; a lone half stays a plain value', () => {
    const frame = deviceFrame(IMEI, 68, `00 01 ${extendedRecord('00', { eight: '007e3132333435363738 007f3930313233343500 02f80000000000000abc 02f9000000000000def0 009b0000000000000001' })}`);
    protocolTest(ruptelaCodec).position(frame, { attributes: { driverUniqueId: '123456789012345', tagId: 'abcdef0', io155: 1 } });
  });

  it('decodes alarms and scaled values', () => {
    const frame = deviceFrame(IMEI, 68, `00 01 ${extendedRecord('00', { one: '005801 008601 019f00 02f601', two: '005e0fa0 00a30010', four: '028500000002' })}`);
    protocolTest(ruptelaCodec).position(frame, { attributes: { alarm: 'jamming,hardBraking,gpsAntennaCut,tampering', rpm: 1000, odometer: 80, obdOdometer: 2000 } });
  });

  it('keeps the iButton key in hex', () => {
    const frame = deviceFrame(IMEI, 1, '00 01 5f5e1000 00 00 80000000 80000000 0000000000000000 07 00 00 00 01 22 01d042f31d000030');
    protocolTest(ruptelaCodec).position(frame, { attributes: { driverUniqueId: '01d042f31d000030' } });
  });
});

describe('Ruptela other messages', () => {
  it('decodes DTCs and acknowledges them with 00026d01c4a4', () => {
    // Traccar's DTC frame gives a wrong length: framed again from its content (two DTC records).
    const frame = deviceFrame('12207001062170', 9, ruptela(39).subarray(11, -2).toString('hex'));
    const device = protocolTest(ruptelaCodec);
    const { positions, reply } = device.answeredAll(frame, { fixTime: '2011-10-17T22:41:48.000Z', latitude: 43.755129, longitude: 13.1467505, attributes: { dtcs: 'P0010' } });
    expect(positions[1].attributes).toEqual({ archive: true, dtcs: 'P0011' });
    expect(reply?.toString('hex')).toBe('00026d01c4a4');
  });

  it('answers identification and heartbeat', () => {
    expect(protocolTest(ruptelaCodec).none(IDENTIFICATION)?.toString('hex')).toBe('00027301cb25');
    expect(protocolTest(ruptelaCodec).none(deviceFrame(IMEI, 16))?.toString('hex')).toMatch(/^00027401/);
  });

  it('keeps answers to commands as results', () => {
    protocolTest(ruptelaCodec).position(ruptela(36), { outdated: true, attributes: { type: 7, result: 'DIN1=1,DIN2=0,DIN3=0,DIN4=0,DOUT1=1,DOUT2=1,AIN1=17,AIN2=26' } });
    protocolTest(ruptelaCodec).position(deviceFrame(IMEI, 3, Buffer.from('FM-Pro4 01.00.02\r\n').toString('hex')), { attributes: { type: 3, result: 'FM-Pro4 01.00.02' } });
    protocolTest(ruptelaCodec).position(deviceFrame(IMEI, 17, '01'), { attributes: { type: 17, result: '1' } });
  });

  it('identifies by messages it does not decode', () => {
    const [result] = protocolTest(ruptelaCodec, { anonymous: true }).decode(deviceFrame(IMEI, 50, '01'));
    expect(result).toEqual({ uniqueId: IMEI });
  });

  it('rejects a truncated record', () => {
    expect(() => ruptelaCodec.decode(deviceFrame(IMEI, 1, '00 02 5f5e1000'), protocolTest(ruptelaCodec).state, new Date())).toThrow(ProtocolError);
  });
});

describe('Ruptela framing', () => {
  it('splits concatenated frames by their length and waits for split ones', () => {
    const stream = Buffer.concat([binary(RECORD), TWO_RECORDS, IDENTIFICATION]);
    expect(ruptelaCodec.frameLength(stream)).toBe(RECORD.length / 2);
    expect(protocolTest(ruptelaCodec).decode(stream)).toHaveLength(3);
    for (const cut of [0, 1, 3, 4, 40, RECORD.length / 2 - 1]) expect(ruptelaCodec.frameLength(binary(RECORD).subarray(0, cut))).toBe(0);
  });

  it('refuses a frame whose CRC does not match its length, or that cannot start a frame', () => {
    expect(() => ruptelaCodec.frameLength(binary(RECORD.replace('f232003c2e', 'f232003c2f')))).toThrow(/CRC/);
    expect(() => ruptelaCodec.frameLength(binary('0004000300000000'))).toThrow(ProtocolError);
    expect(() => ruptelaCodec.frameLength(binary('1603010200'))).toThrow(ProtocolError);
    expect(() => ruptelaCodec.frameLength(binary('0020ff00'))).toThrow(ProtocolError);
  });

  it('finds the next plausible frame start after junk', () => {
    const stream = binary('ffffff', RECORD);
    expect(ruptelaCodec.frameStart?.(stream, 1)).toBe(3);
    expect(ruptelaCodec.frameStart?.(binary('ffffffffff'), 0)).toBe(-1);
  });
});
