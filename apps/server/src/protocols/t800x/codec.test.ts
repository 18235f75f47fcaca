import { describe, expect, it } from 'vitest';
import { binary, gsmNetwork, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { t800xCodec } from './codec.ts';

// Frames by their line in Traccar's T800xProtocolDecoderTest (vectors/traccar/t800x.json).
const t800x = traccarFrames('t800x');
/** Login of the 0x2727 family. */
const LOGIN = t800x(71);
/** Heartbeat of the first (0x2323) family. */
const HEARTBEAT_FIRST = t800x(99);
/** Vehicle report (0x2525) with a fix. */
const GPS = t800x(81);

describe('t800x login and heartbeat', () => {
  it('identifies the device by its IMEI and echoes the head as the acknowledgement', () => {
    const device = protocolTest(t800xCodec, { anonymous: true });
    expect(device.none(LOGIN)).toEqual(binary('272701000f00010880616898888888'));
    expect(device.state.device?.uniqueId).toBe('880616898888888');
  });

  it('acknowledges the first family with serial 1', () => {
    const device = protocolTest(t800xCodec);
    expect(device.none(t800x(96))).toEqual(binary('232301000f00010357367031063979'));
    expect(device.none(HEARTBEAT_FIRST)).toEqual(binary('232303000f00010357367031063979'));
  });
});

describe('t800x location reports', () => {
  it('decodes a vehicle report with its fix, I/O and power, unacknowledged by default', () => {
    const { reply } = protocolTest(t800xCodec).answered(GPS, {
      valid: true,
      fixTime: '2019-03-20T10:58:13.000Z',
      latitude: 51.486961,
      longitude: -0.110267,
      speed: 0,
      attributes: { index: 42605, sat: 13, rssi: 100, ignition: false, out1: false, adc1: 18.15, adc2: 3.11, odometer: 4106222, batteryLevel: 100, power: 12.81 },
    });
    expect(reply).toBeUndefined();
  });

  it('acknowledges plain reports when t800x.ack is set', () => {
    const device = protocolTest(t800xCodec);
    device.settings({ 't800x.ack': true });
    expect(device.reply(GPS)).toEqual(binary('252502000fa66d0862522030401350'));
  });

  it('reads the battery before the power on the TLW2-2BL model', () => {
    const device = protocolTest(t800xCodec);
    device.settings({ model: 'TLW2-2BL' });
    const position = device.position(GPS, { attributes: { battery: 12.81 } });
    expect(position.attributes.power).toBeUndefined();
  });

  it('decodes the newer layout: output byte, five analog inputs, battery and power', () => {
    protocolTest(t800xCodec).position(t800x(23), {
      fixTime: '2026-06-15T10:12:11.000Z',
      latitude: 35.71891,
      longitude: 51.440094,
      altitude: 2940,
      course: 274,
      attributes: { output: 0, adc5: undefined, odometer: 315160, battery: 3.91, power: 12.97 },
    });
  });

  it('gives the serving cells when there is no fix', () => {
    const position = protocolTest(t800xCodec).position(t800x(108), { valid: false, outdated: true, deviceTime: '2015-10-28T14:59:06.000Z' });
    expect(position.network).toEqual(gsmNetwork(
      { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 39158 },
      { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 40692 },
      { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 39156 },
    ));
  });

  it('decodes OBD trackers’ engine block, whose speed replaces the GPS speed', () => {
    protocolTest(t800xCodec).position(t800x(27), {
      fixTime: '2025-05-08T14:57:17.000Z',
      latitude: -34.994812,
      longitude: -61.026699,
      speed: 15 * 0.539957,
      course: 188,
      attributes: { ignition: true, power: 13.07, obdSpeed: 0, fuelConsumption: 0.858, adc1: undefined },
    });
  });

  it('decodes personal trackers’ sensors', () => {
    protocolTest(t800xCodec).position(t800x(54), {
      fixTime: '2020-08-06T03:10:11.000Z',
      latitude: 20.614513,
      longitude: -100.358211,
      attributes: { sat: 9, gSensor: '[0.0,-0.0,1.0]', batteryLevel: 100, deviceTemp: 22, lightSensor: 1.7, battery: 4.1, solarPanel: 0.7, odometer: 105703, rssi: 43, input: 33456 },
    });
  });
});

describe('t800x alarms', () => {
  it('acknowledges an alarm with its code', () => {
    const { reply } = protocolTest(t800xCodec).answered(t800x(102), { attributes: { alarm: 'powerCut', alarmCode: 1 } });
    expect(reply).toEqual(binary('23230400100001035736703106397901'));
  });

  it('acknowledges the newer layout’s alarms and personal trackers’ alarms', () => {
    const device = protocolTest(t800xCodec);
    device.settings({ model: 'TLW2-2BL' });
    const { reply } = device.answered(t800x(113), { attributes: { alarmCode: 19, battery: 3.63, power: 2.63 } });
    expect(reply).toEqual(binary('2525140010002d086908406906209313'));
    expect(device.reply(t800x(61))).toEqual(binary('2727040010001b086642503964572816'));
  });
});

describe('t800x other messages', () => {
  it('decodes OBD trackers’ harsh-driving track, the alarm on its last point', () => {
    const [result] = protocolTest(t800xCodec).decode(t800x(17));
    const [fix, noFix] = result.positions ?? [];
    expect(fix).toMatchObject({ valid: true, latitude: expect.closeTo(-34.992554, 5) as number, attributes: { rpm: 864 } });
    expect(noFix).toMatchObject({ outdated: true, deviceTime: new Date('2025-05-08T17:27:16Z'), attributes: { alarm: 'hardAcceleration' } });
    expect(noFix.speed).toBeCloseTo(27 * 0.539957, 6);
    expect(result.reply).toEqual(binary('262605000f03120869616062573152'));
  });

  it('decodes OBD trackers’ harsh-driving event', () => {
    // Built from the layout: hard cornering at 36 km/h, course 350.0°, 3000 rpm.
    const event = binary('2626 06 002e 0001 0869616062573152 02 250508172716 00 0000000000 00000000 844d74c2 60f80bc2 0360 0dac 0bb8');
    protocolTest(t800xCodec).position(event, {
      valid: true,
      fixTime: '2025-05-08T17:27:16.000Z',
      latitude: -34.992554,
      speed: 36 * 0.539957,
      course: 350,
      attributes: { alarm: 'hardCornering', rpm: 3000 },
    });
  });

  it('decodes the network information and acknowledges it', () => {
    const { reply } = protocolTest(t800xCodec).answered(t800x(64), {
      outdated: true,
      deviceTime: '2019-05-30T11:07:48.000Z',
      attributes: { operator: 'T-Mobile', networkTechnology: 'CAT-NB1', networkBand: 'LTE BAND 4', iccid: '8901240205100023007F' },
    });
    expect(reply).toEqual(binary('272705000f00010866425032880785'));
  });

  it('decodes Bluetooth accessories', () => {
    const device = protocolTest(t800xCodec);
    const { reply } = device.answered(t800x(39), { outdated: true, attributes: { ignition: false, tag1Id: 'd7d17365e625', tag1Battery: 4.55, tag1Temp: 26.75, tag1Door: true, tag1Rssi: -56 } });
    device.position(t800x(42), { attributes: { tag1Temp: 25.72, tag1Humidity: 54, tag1LightSensor: 1, tag1Rssi: -42 } });
    device.position(t800x(51), { attributes: { driverUniqueId: 'ffff9702eff8', tag1Battery: 2, alarm: 'lowBattery' } });
    expect(reply).toEqual(binary('272710000f7bd00860112047066487'));
  });

  it('decodes a command result', () => {
    protocolTest(t800xCodec).position(t800x(77), {
      outdated: true,
      attributes: { result: 'IMEI:866425032895916,SET VERSION OK,Version:Basic:V1.0.0,APP:V4.2.3,BUILD:2019-03-30,08:05,PLT:2503AVE,HW:V2.1,MODEL:,MODEM:B9G6MAR02A07M1G#' },
    });
  });
});

describe('t800x framing', () => {
  it('splits concatenated messages and waits for a split one', () => {
    const device = protocolTest(t800xCodec);
    expect(device.decode(Buffer.concat([LOGIN, GPS, HEARTBEAT_FIRST]))).toHaveLength(3);
    expect(t800xCodec.frameLength(GPS.subarray(0, 4))).toBe(0);
    expect(t800xCodec.frameLength(GPS.subarray(0, 40))).toBe(0);
    expect(t800xCodec.frameLength(Buffer.concat([GPS, LOGIN]))).toBe(GPS.length);
  });

  it('finds the next message after junk, and refuses to frame the junk', () => {
    const stream = Buffer.concat([binary('00 25 01 26'), LOGIN]);
    expect(() => t800xCodec.frameLength(stream)).toThrow();
    expect(t800xCodec.frameStart?.(stream, 0)).toBe(4);
    // A marker in the last byte may be the start of a message still arriving.
    expect(t800xCodec.frameStart?.(binary('0025'), 0)).toBe(1);
    expect(() => t800xCodec.frameLength(binary('2525010003'))).toThrow();
  });

  it('refuses truncated messages without crashing', () => {
    const device = protocolTest(t800xCodec);
    const truncated = Buffer.from(GPS.subarray(0, 40));
    truncated.writeUInt16BE(40, 3);
    expect(() => t800xCodec.decode(truncated, device.state, new Date())).toThrow('truncated');
  });
});
