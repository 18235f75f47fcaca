import { describe, expect, it } from 'vitest';
import { KNOTS_PER_KMH } from '@rastro/api';
import { fix, gsmNetwork, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames, traccarMessages } from '../testing/traccar-vectors.ts';
import { gps103Codec } from './codec.ts';

// Frames by their line in Traccar's Gps103ProtocolDecoderTest (vectors/traccar/gps103.json); frames
// written out here are ours, not in Traccar's test.
const gps103 = traccarFrames('gps103');
/** The same as text, to end with the `;` that many of Traccar's copies leave out. */
const gps103Text = traccarMessages('gps103');

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const device = () => protocolTest(gps103Codec, { receivedAt: RECEIVED });

describe('GPS103 reports', () => {
  it('a periodic report: fix, coordinates, speed in knots, course', () => {
    device().position(gps103(144), {
      fixTime: '2015-10-30T00:01:01.000Z',
      deviceTime: '2015-10-30T00:01:01.000Z',
      valid: true,
      outdated: false,
      latitude: 54.72306,
      longitude: 25.21512,
      speed: 0,
      course: 0,
      attributes: {},
    });
    device().position(gps103(27), { speed: 3.91, course: 83.95 });
  });

  it('moves the local date to the UTC day of the fix', () => {
    // Local 02:59 on the 27th, 23:59:57 UTC: the 26th.
    device().position(gps103(148), {
      fixTime: '2015-10-26T23:59:57.000Z',
      latitude: 24.49193,
      longitude: 44.40971,
      attributes: { ignition: false, door: false },
    });
    device().position(text(gps103Text(171), ';'), {
      fixTime: '2013-02-27T12:59:52.000Z',
      latitude: -(34 + 50.943 / 60),
    });
  });

  it('reads altitude, ignition, door, fuel levels and temperature', () => {
    const position = device().position(gps103(56), {
      altitude: 65.43,
      course: 30.1,
      attributes: { event: '001', ignition: true, door: false, fuel1: 10.5, fuel2: 0, temp1: 28 },
    });
    expect(position.fixTime.toISOString()).toBe('2008-09-24T05:54:03.000Z');
  });

  it('takes the hemisphere written before the number, and local time when there is no UTC time', () => {
    device().position(gps103(260), {
      fixTime: '2015-04-20T05:06:00.000Z',
      latitude: 53 + 6.64155 / 60,
      longitude: 7 + 0.77848 / 60,
      altitude: 1,
    });
  });

  it('without a local date, the UTC time on the day received (the day before when that time is still ahead)', () => {
    device().position(text('imei:359710045559474,tracker,,,F,101500.000,A,5443.3834,N,02512.9071,E,0.00,0;'), { fixTime: '2024-05-01T10:15:00.000Z' });
    device().position(text('imei:359710045559474,tracker,,,F,235959.000,A,5443.3834,N,02512.9071,E,0.00,0;'), { fixTime: '2024-04-30T23:59:59.000Z' });
  });

  it('a report without a fix (L) is outdated, with the serving cell when given', () => {
    const position = device().position(text(gps103Text(141), ';'), { outdated: true, deviceTime: RECEIVED.toISOString() });
    expect(position.network).toEqual(gsmNetwork({ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 0x0fb6, cellId: 0xcb5d }));
    device().position(gps103(165), { outdated: true, network: null });
  });
});

describe('GPS103 alarms and events', () => {
  it.each([
    ['help me', 'sos', 211],
    ['low battery', 'lowBattery', 215],
    ['stockade', 'geofence', 219],
    ['move', 'movement', 223],
    ['speed', 'overspeed', 227],
  ])('%s is the %s alarm', (_reason, alarm, line) => {
    device().position(text(gps103Text(line), ';'), {
      fixTime: '2008-09-23T06:29:47.000Z',
      attributes: { alarm },
    });
  });

  it.each([
    ['sensor alarm', { alarm: 'vibration' }],
    ['ac alarm', { alarm: 'powerCut' }],
    ['door alarm', { alarm: 'door' }],
    ['accident alarm', { alarm: 'accident' }],
    ['bonnet alarm', { alarm: 'bonnet' }],
    ['footbrake alarm', { alarm: 'footBrake' }],
    ['DTC', { alarm: 'fault' }],
    ['oil1', { alarm: 'fuelLeak' }],
    ['oil 51.67', { alarm: 'fuelLeak', fuel: 51.67 }],
    ['T:+28.0', { alarm: 'temperature', temp1: 28 }],
    ['acc on', { ignition: true }],
    ['acc off', { ignition: false }],
    ['acc alarm', { event: 'acc alarm' }],
  ])('%s', (reason, attributes) => {
    const position = device().position(text(`imei:353451044508750,${reason},0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,,;`));
    expect(position.attributes).toEqual(attributes);
  });

  it('answers an SOS so that the device stops repeating it', () => {
    const sos = text(gps103Text(135), ';');
    expect(device().reply(sos)?.toString()).toBe('**,imei:359710049075097,E;');
    device().position(sos, { outdated: true, attributes: { alarm: 'sos' } });
    expect(device().reply(text('imei:359586015829802,tracker,0809231429,,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;'))).toBeUndefined();
  });

  it('an RFID report names the driver', () => {
    device().position(text(gps103Text(132), ';'), {
      longitude: -(75 + 38.9934 / 60),
      attributes: { driverUniqueId: '49121185', event: 'rfid' },
    });
  });

  it('a temperature alarm and the temperature field', () => {
    device().position(gps103(37), {
      attributes: { alarm: 'temperature', temp1: 11, fuel1: 0 },
    });
  });
});

describe('GPS103 OBD, alternative reports and photos', () => {
  it('OBD data is outdated, timed by the message', () => {
    device().position(gps103(108), {
      outdated: true,
      deviceTime: '2016-06-29T02:29:49.000Z',
      attributes: {
        odometer: 51442,
        fuelConsumption: 15.88,
        hours: 5632 * 3_600_000,
        obdSpeed: 122,
        engineLoad: '40.39%',
        coolantTemp: 95,
        throttle: '0.00%',
        rpm: 2101,
        battery: 13.8,
        dtcs: undefined,
      },
    });
  });

  it('OBD trouble codes, and a message without a battery voltage is dropped', () => {
    device().position(gps103(53), { attributes: { dtcs: 'P0137 P0430', odometer: 0 } });
    device().none(text(gps103Text(123), ';'));
  });

  it('the alternative format: decimal degrees, km/h, UTC time', () => {
    device().position(gps103(44), {
      ...fix('2018-10-24T21:47:34.000Z', true, -33.42317, -70.6193),
      speed: 67 * KNOTS_PER_KMH,
      course: 229,
      altitude: 674,
      attributes: { rssi: 26, hdop: 1, sat: 8, ignition: false, charge: true, event: undefined, error: undefined },
    });
    device().position(gps103(47), { valid: false });
  });

  it('photo packets give no position; the report announcing them is a position without an event', () => {
    device().none(text('imei:864180034124375,vr,0c00fa011ea05a03d726977103ad0034c98ef49e6d303fffd1c8361303f2dbb0fa530d8ca3930be3e94f4110145c7029a507a0a0;'));
    const position = device().position(gps103(31));
    expect(position.attributes).toEqual({ ignition: false, door: false, fuel1: 51.93, temp1: 22 });
  });
});
