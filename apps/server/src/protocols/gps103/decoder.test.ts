import { describe, expect, it } from 'vitest';
import { KNOTS_PER_KMH } from '@rastro/api';
import { fix, protocolTest, text } from '../testing/protocol-test.ts';
import { gps103Codec } from './codec.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const device = () => protocolTest(gps103Codec, { receivedAt: RECEIVED });

describe('GPS103 reports', () => {
  it('a periodic report: fix, coordinates, speed in knots, course', () => {
    device().position(text('imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;'), {
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
    device().position(text('imei:868683023212255,tracker,190205084503,,F,064459.000,A,4915.1221,N,01634.5655,E,3.91,83.95;'), { speed: 3.91, course: 83.95 });
  });

  it('moves the local date to the UTC day of the fix', () => {
    // Local 02:59 on the 27th, 23:59:57 UTC: the 26th.
    device().position(text('imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;'), {
      fixTime: '2015-10-26T23:59:57.000Z',
      latitude: 24.49193,
      longitude: 44.40971,
      attributes: { ignition: false, door: false },
    });
    device().position(text('imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0;'), {
      fixTime: '2013-02-27T12:59:52.000Z',
      latitude: -(34 + 50.943 / 60),
    });
  });

  it('reads altitude, ignition, door, fuel levels and temperature', () => {
    const position = device().position(
      text('imei:353451044508750,001,0809231929,13554900601,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,65.43,1,0,10.5%,0.0%,28;'),
      { altitude: 65.43, course: 30.1, attributes: { event: '001', ignition: true, door: false, fuel1: 10.5, fuel2: 0, temp1: 28 } },
    );
    expect(position.fixTime.toISOString()).toBe('2008-09-24T05:54:03.000Z');
  });

  it('takes the hemisphere written before the number, and local time when there is no UTC time', () => {
    device().position(text('imei:353552045403597,tracker,150420050648,53.0,F,0.0,A,N,5306.64155,E,00700.77848,0.0,,1.0,;'), {
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
    const position = device().position(text('imei:863070016871385,tracker,0000000119,,L,,,0FB6,,CB5D,,,;'), { outdated: true, deviceTime: RECEIVED.toISOString() });
    expect(position.network).toEqual({ radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 0x0fb6, cellId: 0xcb5d }] });
    device().position(text('imei:359586015829802,tracker,000000000,13554900601,L,;'), { outdated: true, network: null });
  });
});

describe('GPS103 alarms and events', () => {
  it.each([
    ['help me', 'sos'],
    ['low battery', 'lowBattery'],
    ['stockade', 'geofence'],
    ['move', 'movement'],
    ['speed', 'overspeed'],
  ])('%s is the %s alarm', (reason, alarm) => {
    device().position(text(`imei:359586015829802,${reason},0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;`), {
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
    const sos = text('imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,;');
    expect(device().reply(sos)?.toString()).toBe('**,imei:359710049075097,E;');
    device().position(sos, { outdated: true, attributes: { alarm: 'sos' } });
    expect(device().reply(text('imei:359586015829802,tracker,0809231429,,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;'))).toBeUndefined();
  });

  it('an RFID report names the driver', () => {
    device().position(text('imei:868683020235846,rfid,160202091347,49121185,F,011344.000,A,0447.7273,N,07538.9934,W,0.00,0,,0,0,0.00%,,;'), {
      longitude: -(75 + 38.9934 / 60),
      attributes: { driverUniqueId: '49121185', event: 'rfid' },
    });
  });

  it('a temperature alarm and the temperature field', () => {
    device().position(text('imei:868683026321020,T:+11,181217080050,,F,080047.000,A,3227.3057,N,11649.4754,W,0.00,0,,0,0,0.00%,,+11;'), {
      attributes: { alarm: 'temperature', temp1: 11, fuel1: 0 },
    });
  });
});

describe('GPS103 OBD, alternative reports and photos', () => {
  it('OBD data is outdated, timed by the message', () => {
    device().position(text('imei:359710049090138,OBD,160629022949,51442,0.00,15.88,5632,122,40.39%,95,0.00%,2101,13.80,,,,;'), {
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
    device().position(text('imei:868683027758113,OBD,180905200218,,,,0,0,0.39%,70,9.41%,494,0.00,P0137,P0430,,;'), { attributes: { dtcs: 'P0137 P0430', odometer: 0 } });
    device().none(text('imei:865328021049167,OBD,141118115036,,,0.0,,000,0.0%,+,0.0%,00000,,,,,;'));
  });

  it('the alternative format: decimal degrees, km/h, UTC time', () => {
    device().position(text('imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*'), {
      ...fix('2018-10-24T21:47:34.000Z', true, -33.42317, -70.6193),
      speed: 67 * KNOTS_PER_KMH,
      course: 229,
      altitude: 674,
      attributes: { rssi: 26, hdop: 1, sat: 8, ignition: false, charge: true, event: undefined, error: undefined },
    });
    device().position(text('imei:861359038609986,Equipo 1,---,------,----,214812,241018,14,0,-33.42317,-70.61930,000,000,0000,99.9,00,0,1,---,*'), { valid: false });
  });

  it('photo packets give no position; the report announcing them is a position without an event', () => {
    device().none(text('imei:864180034124375,vr,0c00fa011ea05a03d726977103ad0034c98ef49e6d303fffd1c8361303f2dbb0fa530d8ca3930be3e94f4110145c7029a507a0a0;'));
    const position = device().position(text('imei:864180034124375,vt14,190116192753,,F,172750.000,A,3649.2186,N,00235.8411,W,0.00,0,,0,0,51.93%,,+22;'));
    expect(position.attributes).toEqual({ ignition: false, door: false, fuel1: 51.93, temp1: 22 });
  });
});
