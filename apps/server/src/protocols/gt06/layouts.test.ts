import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { gt06Codec } from './codec.ts';
import { protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

/** Location layouts of device families, firmware variants and models (Traccar's test frames and what Traccar decodes). */

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

const tower = (mcc: number, mnc: number, lac: number, cellId: number) => ({
  cellTowers: [{ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId }],
});

describe('GT06 vendor location layouts', () => {
  const device = protocolTest(gt06Codec);

  it('0x34 (X1): odometer, cell, driver, voltages, inputs, outputs, analog inputs', () => {
    const { position, reply } = device.answered(gt06(300), { fixTime: '2018-10-09T02:09:58.000Z', valid: true, latitude: 29.113232, longitude: 48.12319, course: 341 });
    expect(position.attributes).toEqual({ sat: 7, odometer: 1450313, driverUniqueId: '4892715', battery: 14.28, power: 4.19, input: 0, output: 1, adc1: 0, adc2: 0 });
    expect(position.network).toMatchObject(tower(419, 3, 2231, 46075));
    // Traccar answers nothing to it.
    expect(reply).toBeUndefined();
  });

  it('0x61: the driver’s iButton key, in decimal', () => {
    device.position(gt06(28), {
      fixTime: '2025-10-30T13:56:06.000Z',
      latitude: -25.082746,
      attributes: { driverUniqueId: '20534657', ignition: true },
    });
  });

  it('0x95: a dashcam alarm with its fix (JC400) and the names of its video files', () => {
    const position = device.position(gt06(54), { fixTime: '2024-11-13T03:20:06.000Z', latitude: 43.897038, longitude: -79.27096, speed: 44 * KNOTS_PER_KMH, course: 169 });
    expect(position.attributes).toMatchObject({ sat: 10, power: 13.8, event: 0x92, eventData: 0, alarm: 'hardCornering' });
    expect(position.attributes.eventFiles).toBe(
      'EVENT_862798052429087_00000000_2024_11_12_22_20_06_I_56.mp4,EVENT_862798052429087_00000000_2024_11_12_22_20_06_F_55.mp4',
    );
    device.position(gt06(262), { outdated: true, deviceTime: '2019-10-07T18:35:32.000Z', attributes: { event: 1, alarm: 'general' } });
  });

  it('0x32/0x33 (AZ735, 79 79): fix with its length byte, cell with signal, status; acknowledged in 79 79', () => {
    const { position, reply } = device.answered(gt06(408), { fixTime: '2017-06-23T12:27:24.000Z', latitude: -6.133382, longitude: 106.995049, course: 53 });
    expect(position.attributes).toEqual({ sat: 9, rssi: 36, status: 0 });
    expect(position.network).toMatchObject(tower(510, 10, 124, 2321));
    expect(reply?.toString('hex')).toBe('797900053200bcedd10d0a');
    // An alarm without a fix: its time only.
    device.position(gt06(396), { outdated: true, deviceTime: '2017-07-06T09:02:11.000Z', attributes: { status: 0xa0, armed: true } });
  });

  it('0x70: modules, the fix among them', () => {
    const { position, reply } = device.answered(gt06(270), { fixTime: '2019-09-15T13:18:16.000Z', valid: true, latitude: 43.894466, longitude: -79.27285, altitude: 213, course: 277 });
    expect(position.attributes).toEqual({
      sat: 6,
      alarm: 'removing',
      event: 0x12,
      iccid: '89012608522933976266',
      battery: 3.7,
      bootReason: 20,
      satVisible: 9,
      hdop: 1.3,
      odometer: 1576140800,
      door: true,
      tamper: true,
      index: 382,
    });
    expect(reply?.toString('hex')).toBe('78780570000545fc0d0a');
    const tag = device.position(gt06(32), { outdated: true });
    expect(tag.attributes).toEqual({ tag1Id: 'c4a82841074a', tag1Battery: 32.767, tag1BatteryLevel: 100, tag1Temp: 29, tag1Humidity: 476, tag1Status: 7 });
  });

  it('0x24 (SR411 mini, by its length): ignition and voltages, unanswered', () => {
    const { reply } = device.answered(gt06(177), { fixTime: '2022-06-26T16:54:00.000Z', latitude: -22.907096, attributes: { ignition: true, power: 12.61, battery: 4.04 } });
    expect(reply).toBeUndefined();
  });

  it('0x38: a cell that starts with its radio type', () => {
    const position = device.position(gt06(40), { fixTime: '2025-05-14T14:12:38.000Z', valid: false, latitude: 9.89775, longitude: -84.102996 });
    expect(position.network).toMatchObject(tower(712, 1, 3108, 297736));
  });

  it('0x37: ignition, upload reason, re-upload flag and one module (odometer)', () => {
    device.position(gt06(238), {
      fixTime: '2020-08-13T05:00:10.000Z',
      attributes: { type: 0x37, ignition: false, event: 0, archive: true, odometer: 9000 },
    });
  });

  it('0x11 (2-byte mnc, 4-byte cell id) and 0x1E (GPS only)', () => {
    const gpsLbs = device.position(gt06(194), { latitude: 43.970484 });
    expect(gpsLbs.network).toMatchObject(tower(302, 720, 30175, 8685836));
    device.position(gt06(511), { fixTime: '2014-03-17T11:05:17.000Z', latitude: -16.543998, longitude: -68.074275, course: 166, attributes: { type: 0x1e, sat: 5 } });
  });

  it('0xA4: a geofence alarm with the alarm code’s high bits and the geofence number', () => {
    device.position(gt06(24), { attributes: { alarm: 'tampering', batteryLevel: 83, geofence: 255 } });
  });

  it('0x23 (GK310 heartbeat): armed, ACC, charging, battery voltage, signal', () => {
    device.position(gt06(318), { outdated: true, attributes: { armed: false, ignition: false, charge: false, battery: 2.9, rssi: 4 } });
  });

  it('0xF1/0xF2 status lists, acknowledged', () => {
    const status = gt06(20);
    device.position(status, { outdated: true, deviceTime: '2022-09-07T16:00:00.000Z', attributes: { motion: false, armed: true, ignition: true, power: 4.05 } });
    const peripheral = device.position(gt06(67));
    expect(peripheral.attributes).toEqual({ mac: 'c4a82828ccfe', event: 0, dataType: 2, dataDetails: '4254425554544f4e2c412c53233136382c3534' });
    device.position(gt06(64), { attributes: { externalBatteryLevel: 71, externalBatteryCycles: 0 } });
  });
});

describe('GT06 heartbeat layouts', () => {
  const device = protocolTest(gt06Codec);

  it('0x13 with a temperature sensor (16 content bytes)', () => {
    device.position(gt06(213), { outdated: true, attributes: { batteryLevel: 6, temp1: 4.3 } });
  });

  it('0x13 of OBD6 devices (by its length): satellites, signal, power, temperature in mode 4', () => {
    device.position(gt06(70), { attributes: { sat: 35, rssi: 26, batteryLevel: 1, power: 0, temp1: 28.4 } });
  });

  it('0x36 (Jimi 4G): status, then modules', () => {
    device.position(gt06(74), { outdated: true, attributes: { startupStatus: 1, battery: 4.02, batteryLevel: 95 } });
  });
});

describe('GT06 firmware variants, recognised by the length field', () => {
  const device = protocolTest(gt06Codec);

  it('0x12 of VXT01: status, power, signal', () => {
    device.position(gt06(184), { attributes: { status: 0x40, ignition: false, power: 13.93, rssi: 4 } });
  });

  it('0x12 of S5: status, power, oil, temperature, odometer', () => {
    device.position(gt06(209), { attributes: { power: 12.06, oil: 0, temp1: 28, odometer: 32890 } });
  });

  it('0x12 of WeTrust: odometer, card, alarm, card status, driving time', () => {
    device.position(gt06(138), { attributes: { odometer: 34460, card: '0', alarm: 'general', cardStatus: 0, drivingTime: 0 } });
  });

  it('0x12 of Benway: ACC, input 2, analog input', () => {
    device.position(gt06(281), { attributes: { ignition: true, in2: true, adc1: 0 } });
  });

  it('0x22 of SEEWORLD: odometer, temperature, humidity', () => {
    device.position(gt06(108), { attributes: { ignition: false, odometer: 9684, temp1: 0.32, humidity: 0.45 } });
  });

  it('0xA3 of SEEWORLD: a status message with steps', () => {
    device.position(gt06(46), { outdated: true, attributes: { rssi: 50, power: 30, steps: 600, batteryLevel: 79, motion: true } });
  });

  it('0x31 of SL4X: 2-byte mnc, 8-byte cell id, altitude', () => {
    device.position(gt06(89), { altitude: 678 });
  });

  it('0xA2 of LW4G: power, odometer, hours, inputs', () => {
    const position = device.position(
      gt06(58),
      { fixTime: '2024-11-15T15:52:07.000Z', latitude: 3.501628, longitude: -76.504233, attributes: { batteryLevel: 42, odometer: 19249, hours: 0, input: 512 } },
    );
    expect(position.network).toMatchObject(tower(732, 101, 27009, 156660937));
  });

  it('0x17 of RFID readers: the tag after the cell', () => {
    device.position(gt06(93), { attributes: { driverUniqueId: 'bf0000012ca7e001' } });
  });
});

describe('GT06 decoding by device model', () => {
  const device = protocolTest(gt06Codec);

  it('LW models: power in the 0x13 heartbeat; 0x19 is hard acceleration', () => {
    device.settings({ model: 'LW4G-4B' });
    device.position(gt06(575), { attributes: { power: 13.1 } });
  });

  it('SEEWORLD: power in place of the 0x13 alarm code', () => {
    device.settings({ model: 'SEEWORLD' });
    device.position(gt06(585), { attributes: { power: 11 } });
  });

  it('R11: power in place of the 0x13 battery level', () => {
    device.settings({ model: 'R11' });
    device.position(gt06(591), { attributes: { power: 28.34, rssi: 4 } });
  });

  it('NT20/XT40: 0x22 and 0x25 with record header, power, battery voltage, odometer, hours, driver', () => {
    device.settings({ model: 'NT20' });
    device.position(gt06(597), { attributes: { power: 24.36, battery: 4, rssi: 76, odometer: 0, hours: 22140000 } });
    device.settings({ model: 'XT40' });
    const position = device.position(gt06(611), { attributes: { power: 12.97, battery: 4.2, hours: 84720000, driverUniqueId: '0235313030363538303642444603' } });
    expect(position.network).toMatchObject(tower(724, 16, 51211, 204811287));
  });

  it('G18 (VL series): alarm 0x30 is hard braking', () => {
    device.settings({ model: 'G18' });
    device.position(gt06(617), { attributes: { alarm: 'hardBraking' } });
  });

  it('QH302R: the IMEI before the GPS block of 0x12', () => {
    device.settings({ model: 'QH302R' });
    device.position(gt06(623), {
      fixTime: '2026-02-12T10:30:50.000Z',
      latitude: 13.48894,
      longitude: 144.82304,
    });
  });

  it('VL103: TRX16i frames (0x36 and 0x16 by their length) with RFID tag, hours and event', () => {
    device.settings({ model: 'VL103' });
    device.position(gt06(637), { attributes: { ignition: true, odometer: 100, power: 13, battery: 4, hours: 360000, driverUniqueId: 'c3000001453f9201' } });
    device.position(gt06(648), { attributes: { event: 232, driverUniqueId: 'c3000001453f9201' } });
  });
});
