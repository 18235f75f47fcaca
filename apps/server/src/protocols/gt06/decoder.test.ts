import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeGt06 } from './decoder.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from './test-frames.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const FIX_TIME = new Date('2024-04-30T23:59:58.000Z');
const IMEI = '864717003283581';

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

function loggedIn(): ConnectionState {
  return { device: { id: 1, uniqueId: IMEI }, data: {} };
}

function decode(frame: Buffer, state: ConnectionState = loggedIn()): DecodeResult {
  return decodeGt06(frame, state, RECEIVED);
}

function positionOf(result: DecodeResult): DecodedPosition {
  expect(result.positions).toHaveLength(1);
  return result.positions![0];
}

/** The acknowledgement Traccar sends: same protocol number and serial, CRC over length..serial. */
function ackOf(type: number, serial: number): Buffer {
  return gt06Frame(type, '', { serial });
}

/** Status block: terminal info, voltage level, GSM signal, alarm code, language. */
function status(info: number, level: number, rssi: number, alarm: number, language = 0x02): Buffer {
  return Buffer.from([info, level, rssi, alarm, language]);
}

describe('GT06 decoder: login', () => {
  it('takes the IMEI from BCD and acknowledges with the serial', () => {
    const result = decode(loginFrame('123456789012345', { serial: 0x1234 }), { device: null, data: {} });
    expect(result).toEqual({ uniqueId: '123456789012345', reply: ackOf(0x01, 0x1234) });
  });

  it('applies the time zone of an extended login to later times', () => {
    const state: ConnectionState = { device: null, data: {} };
    decode(loginFrame(IMEI, { timeZone: 0x3200 }), state); // +08:00
    state.device = { id: 1, uniqueId: IMEI };
    const local = new Date(FIX_TIME.getTime() + 8 * 3600_000);
    const east = positionOf(decode(gt06Frame(0x10, gpsBlock({ time: local, latitude: 1, longitude: 2 })), state));
    expect(east.fixTime).toEqual(FIX_TIME);

    decode(loginFrame(IMEI, { timeZone: 0x1958 }), state); // -04:05: bit 3 is west
    const west = new Date(FIX_TIME.getTime() - (4 * 60 + 5) * 60_000);
    expect(positionOf(decode(gt06Frame(0x10, gpsBlock({ time: west, latitude: 1, longitude: 2 })), state)).fixTime).toEqual(FIX_TIME);

    decode(loginFrame(IMEI), state); // a login without a time zone means UTC again
    expect(positionOf(decode(gt06Frame(0x10, gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 2 })), state)).fixTime).toEqual(FIX_TIME);
  });

  it('ignores any other message before the login, without an answer', () => {
    const frame = gt06Frame(0x12, Buffer.concat([gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 2 }), classicCell(724, 5, 1, 2)]));
    expect(decode(frame, { device: null, data: {} })).toEqual({});
    expect(decode(gt06Frame(0x13, status(0, 4, 3, 0)), { device: null, data: {} })).toEqual({});
  });
});

describe('GT06 decoder: locations', () => {
  it('0x10 GPS: south and west, km/h to knots, course, satellites', () => {
    const frame = gt06Frame(
      0x10,
      gpsBlock({ time: FIX_TIME, latitude: -23.5614, longitude: -46.6559, speedKmh: 100, course: 271, satellites: 7 }),
      { serial: 9 },
    );
    const result = decode(frame);
    expect(result.reply).toEqual(ackOf(0x10, 9));
    expect(positionOf(result)).toEqual({
      protocol: 'gt06',
      deviceTime: FIX_TIME,
      fixTime: FIX_TIME,
      valid: true,
      outdated: false,
      latitude: expect.closeTo(-23.5614, 6),
      longitude: expect.closeTo(-46.6559, 6),
      altitude: 0,
      speed: expect.closeTo(53.9957, 6),
      course: 271,
      accuracy: 0,
      network: null,
      attributes: { type: 0x10, sat: 7 },
    });
  });

  it('reads ACC from the course word only when its flag is set, and the fix validity bit', () => {
    const on = positionOf(decode(gt06Frame(0x10, gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1, acc: true, valid: false }))));
    expect(on.valid).toBe(false);
    expect(on.attributes.ignition).toBe(true);
    const off = positionOf(decode(gt06Frame(0x10, gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1, acc: false }))));
    expect(off.attributes.ignition).toBe(false);
    const none = positionOf(decode(gt06Frame(0x10, gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }))));
    expect(none.attributes).not.toHaveProperty('ignition');
  });

  it('0x12 GPS+LBS: cell tower as network, optional mileage', () => {
    const gps = gpsBlock({ time: FIX_TIME, latitude: 54.94535, longitude: 24.01762 });
    const plain = positionOf(decode(gt06Frame(0x12, Buffer.concat([gps, classicCell(724, 5, 0x1234, 0x56789a)]))));
    expect(plain.network).toEqual(gsmNetwork({ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 0x1234, cellId: 0x56789a }));
    expect(plain.attributes).toEqual({ type: 0x12, sat: 9 });

    const mileage = positionOf(decode(gt06Frame(0x12, Buffer.concat([gps, classicCell(724, 5, 1, 2), Buffer.from('0001e240', 'hex')]))));
    expect(mileage.attributes.odometer).toBe(123456);
  });

  it('0x12 with ACC, upload mode and re-upload bytes appended', () => {
    const gps = gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 });
    const live = positionOf(decode(gt06Frame(0x12, Buffer.concat([gps, classicCell(724, 5, 1, 2), Buffer.from('010300', 'hex')]))));
    expect(live.attributes).toEqual({ type: 0x12, sat: 9, ignition: true });
    const archived = positionOf(decode(gt06Frame(0x12, Buffer.concat([gps, classicCell(724, 5, 1, 2), Buffer.from('000301', 'hex')]))));
    expect(archived.attributes).toEqual({ type: 0x12, sat: 9, ignition: false, archive: true });
  });

  it('reads a two-byte mnc when bit 15 of the mcc is set', () => {
    const cell = Buffer.from('82d4' + '000f' + '0010' + '000020', 'hex');
    const position = positionOf(decode(gt06Frame(0x12, Buffer.concat([gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }), cell]))));
    expect(position.network).toMatchObject({
      cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 15, locationAreaCode: 16, cellId: 32 }],
    });
  });

  it('0x22: ACC, upload reason, re-upload flag, mileage', () => {
    const content = Buffer.concat([
      gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }),
      classicCell(724, 5, 1, 2),
      Buffer.from('01' + '02' + '00' + '00000064', 'hex'),
    ]);
    expect(positionOf(decode(gt06Frame(0x22, content))).attributes).toEqual({
      type: 0x22,
      sat: 9,
      ignition: true,
      event: 2,
      archive: false,
      odometer: 100,
    });
  });

  it('0xA0: 4G cell with 4-byte lac and 8-byte cell id', () => {
    const cell = Buffer.from('02d4' + '02' + '0000912e' + '000000000718798d', 'hex');
    const content = Buffer.concat([gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }), cell, Buffer.from('010000', 'hex')]);
    const position = positionOf(decode(gt06Frame(0xa0, content)));
    expect(position.network).toMatchObject({
      cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 2, locationAreaCode: 0x912e, cellId: 0x718798d }],
    });
    expect(position.attributes.ignition).toBe(true);
  });

  it('0x1A: the GPS block of an address request', () => {
    const phone = Buffer.from('+5511999990000'.padEnd(21, '\0'));
    const content = Buffer.concat([gpsBlock({ time: FIX_TIME, latitude: -10, longitude: 20 }), phone, Buffer.from('0001', 'hex')]);
    const position = positionOf(decode(gt06Frame(0x1a, content)));
    expect(position).toMatchObject({ latitude: -10, longitude: 20, outdated: false, attributes: { type: 0x1a } });
  });

  it('reads a 0x10 frame whose device leaves out serial and CRC (Traccar test frame)', () => {
    const position = positionOf(decode(gt06(375)));
    expect(position).toMatchObject({ fixTime: new Date('2017-09-28T11:27:41Z'), valid: true, outdated: false });
    expect(position.latitude).toBeCloseTo(92604420 / 1_800_000, 9);
  });

  it('throws ProtocolError on a truncated GPS block', () => {
    expect(() => decode(gt06Frame(0x12, '0f0a140e150bc505e51e78'))).toThrow(ProtocolError);
  });
});

describe('GT06 decoder: heartbeat and alarms', () => {
  it('0x13 heartbeat: status bits, voltage level, GSM signal, no fix', () => {
    // Terminal info 0x86: oil/electricity cut (bit 7), charging (bit 2), ACC on (bit 1).
    const result = decode(gt06Frame(0x13, status(0x86, 4, 3, 0), { serial: 0x0102 }));
    expect(result.reply).toEqual(ackOf(0x13, 0x0102));
    expect(positionOf(result)).toMatchObject({
      outdated: true,
      valid: false,
      deviceTime: RECEIVED,
      attributes: { type: 0x13, status: 0x86, ignition: true, charge: true, blocked: true, batteryLevel: 66, rssi: 3 },
    });
    expect(positionOf(result).attributes).not.toHaveProperty('alarm');
  });

  it.each([
    [0, 0],
    [6, 100],
    [55, 55],
    [100, 100],
  ])('voltage level %i is battery level %i', (level, percent) => {
    expect(positionOf(decode(gt06Frame(0x13, status(0, level, 0, 0)))).attributes.batteryLevel).toBe(percent);
  });

  it('ignores a voltage byte above 100', () => {
    expect(positionOf(decode(gt06Frame(0x13, status(0, 0xc8, 0, 0)))).attributes).not.toHaveProperty('batteryLevel');
  });

  it.each([
    [0x08, 'vibration'],
    [0x10, 'powerCut'],
    [0x18, 'lowBattery'],
    [0x20, 'sos'],
    [0x30, 'geofence'],
    [0x38, 'removing'],
  ])('terminal info %i carries alarm %s', (info, alarm) => {
    expect(positionOf(decode(gt06Frame(0x13, status(info, 4, 3, 0)))).attributes.alarm).toBe(alarm);
  });

  const alarmMessage = (type: number, alarm: number, info = 0x00) => {
    const gps = gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 });
    return gt06Frame(type, Buffer.concat([gps, Buffer.from([0x09]), classicCell(724, 5, 1, 2), status(info, 5, 4, alarm)]));
  };

  // codes every device shares, and 0x0e and 0x29 as devices without a model-specific meaning read them
  it.each([
    [0x01, 'sos'], [0x02, 'powerCut'], [0x03, 'vibration'], [0x04, 'geofenceEnter'], [0x05, 'geofenceExit'], [0x06, 'overspeed'],
    [0x0e, 'lowBattery'], [0x11, 'powerOff'], [0x13, 'tampering'], [0x14, 'door'], [0x29, 'hardAcceleration'], [0x2c, 'accident'],
  ])('0x16 alarm code %i is %s', (code, alarm) => {
    const position = positionOf(decode(alarmMessage(0x16, code)));
    expect(position.attributes.alarm).toBe(alarm);
    expect(position.outdated).toBe(false);
    expect(position.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 724 }] });
  });

  it('0x26 reads like 0x16; an unknown code adds no alarm', () => {
    expect(positionOf(decode(alarmMessage(0x26, 0x06))).attributes.alarm).toBe('overspeed');
    expect(positionOf(decode(alarmMessage(0x26, 0x00))).attributes).not.toHaveProperty('alarm');
  });

  it('joins the terminal-info alarm and the alarm code like Traccar', () => {
    expect(positionOf(decode(alarmMessage(0x16, 0x01, 0x10))).attributes.alarm).toBe('powerCut,sos');
  });

  it('measures a sized cell block against a classic one, whatever its field widths, as Traccar does', () => {
    const gps = gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 });
    const wideMnc = Buffer.from('09' + '82d4' + '0005' + '0001' + '000002', 'hex');
    // 0x26: a 0x16 frame of this length would be taken for a SEEWORLD one, with its 4-byte cell id.
    const withWideMnc = positionOf(decode(gt06Frame(0x26, Buffer.concat([gps, wideMnc, status(0x02, 6, 4, 0x01)]))));
    expect(withWideMnc.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1, cellId: 2 }] });
    expect(withWideMnc.attributes).toMatchObject({ ignition: true, batteryLevel: 100, rssi: 4, alarm: 'sos' });
    const padded = Buffer.concat([Buffer.from([0x0b]), classicCell(724, 5, 1, 2), Buffer.from('ffff', 'hex')]);
    const withPadding = positionOf(decode(gt06Frame(0x16, Buffer.concat([gps, padded, status(0x02, 6, 4, 0x01)]))));
    expect(withPadding.attributes).toMatchObject({ ignition: true, batteryLevel: 100, rssi: 4, alarm: 'sos' });
  });

  it('skips a zero-length cell block', () => {
    const content = Buffer.concat([gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }), Buffer.from([0x00]), status(0x02, 6, 4, 0x01)]);
    const position = positionOf(decode(gt06Frame(0x16, content)));
    expect(position.network).toBeNull();
    expect(position.attributes).toMatchObject({ ignition: true, batteryLevel: 100, alarm: 'sos' });
  });

  it('0x27: high bits of the alarm code come from the language byte, then a geofence number', () => {
    const content = Buffer.concat([
      gpsBlock({ time: FIX_TIME, latitude: 1, longitude: 1 }),
      Buffer.from([0x09]),
      classicCell(724, 5, 1, 2),
      status(0x00, 5, 4, 0x07, 0x12),
      Buffer.from([0x03]),
    ]);
    expect(positionOf(decode(gt06Frame(0x27, content))).attributes).toMatchObject({ alarm: 'jamming', geofence: 3 });
  });
});

describe('GT06 decoder: text messages', () => {
  /** 0x21 in a 79 79 frame: server flag, encoding (1 ASCII, 2 UTF-16BE), text. */
  const textMessage = (text: Buffer, encoding = 1) =>
    gt06Frame(0x21, Buffer.concat([Buffer.from([0, 0, 0, 0, encoding]), text]), { extended: true });

  it('0x15 command response: result, acknowledged', () => {
    const text = Buffer.from('Relay,1 OK');
    const content = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0, 0]), text, Buffer.from('0002', 'hex')]);
    const result = decode(gt06Frame(0x15, content, { serial: 7 }));
    expect(result.reply).toEqual(ackOf(0x15, 7));
    expect(positionOf(result)).toMatchObject({ outdated: true, deviceTime: RECEIVED, attributes: { result: 'Relay,1 OK' } });
  });

  it('0x15 answer to an ICCID query becomes iccid', () => {
    const text = Buffer.from('<ICCID:89882390000097302650>');
    const content = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0, 0]), text]);
    expect(positionOf(decode(gt06Frame(0x15, content))).attributes).toEqual({ iccid: '89882390000097302650' });
  });

  it('0x21 text in ASCII or UTF-16: result, not acknowledged (as Traccar)', () => {
    const ascii = decode(textMessage(Buffer.from('Battery:5.56V,NORMAL')));
    expect(ascii.reply).toBeUndefined();
    expect(positionOf(ascii).attributes).toEqual({ result: 'Battery:5.56V,NORMAL' });

    const utf16 = Buffer.from('Command error!', 'utf16le').swap16();
    const wide = decode(textMessage(utf16, 2));
    expect(positionOf(wide)).toMatchObject({ outdated: true, attributes: { result: 'Command error!' } });
  });

  it('0x21 answer to WHERE# is a fix', () => {
    const text = 'Current position!Lat:S23.561400,Lon:W46.655900,Course:126.53,Speed:12.5000,DateTime:2024-04-30  23:59:58';
    const position = positionOf(decode(textMessage(Buffer.from(text))));
    expect(position).toMatchObject({
      outdated: false,
      valid: true,
      latitude: -23.5614,
      longitude: -46.6559,
      course: 126.53,
      speed: 12.5,
      fixTime: FIX_TIME,
      attributes: {},
    });
  });
});

describe('GT06 decoder: other messages', () => {
  it('acknowledges a short-header type it does not decode, without a position', () => {
    expect(decode(gt06Frame(0x57, '180501000000', { serial: 3 }))).toEqual({ reply: ackOf(0x57, 3) });
  });

  it('does not answer echoed commands, photo transfers or unknown extended messages', () => {
    expect(decode(gt06Frame(0x80, '0c000000'))).toEqual({});
    expect(decode(gt06Frame(0x35, '00'.repeat(24)))).toEqual({});
    expect(decode(gt06Frame(0xfd, '0102', { extended: true }))).toEqual({});
  });

  it('ignores a frame too short to carry a serial', () => {
    expect(decode(gt06(544))).toEqual({});
  });
});
