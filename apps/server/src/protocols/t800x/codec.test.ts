import { describe, expect, it } from 'vitest';
import { binary, protocolTest } from '../testing/protocol-test.ts';
import { t800xCodec } from './codec.ts';

// Frames from Traccar's T800xProtocolDecoderTest unless said otherwise.
const LOGIN = binary('2727010017000108806168988888881016010207110111');
const LOGIN_FIRST = binary('232301001500020357367031063979150208625010');
const HEARTBEAT_FIRST = binary('232303000f00000357367031063979');
const GPS = binary('2525020044a66d0862522030401350001403841409c40064edc000051100960000071701370000003ea7ee0019032010581300000000aad3e1bda6f24d42000000001281');
const GPS_2 = binary(
  '252513005909060867284062764958000a02581900640064480000050700000000000000000000ffffffffffff00d50004cf180026061510121100c03745a8c24d422ae00e420010011203911297ffffff0000280003ffffff',
);
const GPS_CELLS = binary('232302004200000357367031063979003c03842307d000008000000501000000010094009400000002a0b90015102814590694015a00620cf698620cf49e620cf498');
const ALARM_FIRST = binary('232304004200030357367031063979003c03842307d00000c80000050100008000008900890100000017b100151022121648b8ef0c4422969342cec5944100000110');
const ALARM_2 = binary(
  '2525140059002d0869084069062093001902581e000000644fc0000500000080010000ffffffffffff000000001300000000160125081006080400000a4317cdf4c20fc73c420000000003630263ffff0000001cffffffffff',
);
const PERSONAL_GPS = binary(
  '2727020049052e086528404072393849002008060310110000000068b7c8c286eaa441000000008000008100001617410700019ce782b0001e000002581e00000530d4801f00000000',
);
const PERSONAL_ALARM = binary(
  '2727040049001b0866425039645728c916190604005240000000007739d2c25b681f420000000080000081000020174105000005458216001e000000f01e00001e30d0000000000000',
);
const OBD_GPS = binary(
  '262602005356f408696160608183510032012c140064001f51c000010100004004000000b187660025050814571700000000571b74c2b0fa0bc2000000bc130701500000000700000000035aff00855e0f0e20',
);
const HARSH_TRACK = binary(
  '2626050040031208696160625731520525050817271100000000844d74c260f80bc2000000000360250508172716ffffffffffffffffffffffff0270ffff0360',
);
/** Built from the layout: hard cornering at 36 km/h, course 350.0°, 3000 rpm. */
const HARSH_EVENT = binary('2626 06 002e 0001 0869616062573152 02 250508172716 00 0000000000 00000000 844d74c2 60f80bc2 0360 0dac 0bb8');
const NETWORK = binary(
  '272705005e000108664250328807851905301107481054002d004d006f00620069006c006500074341542d4e42310a4c54452042414e4420340f333130323430323030303032333030143839303132343032303531303030323330303746',
);
const BLE_DOOR = binary('27271000247bd00860112047066487210407034238000005d7d17365e625ff640a730148');
const BLE_CLIMATE = binary('27271000277bb30860112047066487210407022840000004e6215130c50fff620a0c1518000156');
const BLE_DRIVER = binary('252510003100180865284041080544201221191023000003ffff9702eff820014700000000912a6ac26dff09c200000000');
const RESULT = binary(
  '2525810128000108664250328959160149004d00450049003a003800360036003400320035003000330032003800390035003900310036002c005300450054002000560045005200530049004f004e0020004f004b002c00560065007200730069006f006e003a00420061007300690063003a00560031002e0030002e0030002c004100500050003a00560034002e0032002e0033002c004200550049004c0044003a0032003000310039002d00300033002d00330030002c00300038003a00300035002c0050004c0054003a0032003500300033004100560045002c00480057003a00560032002e0031002c004d004f00440045004c003a002c004d004f00440045004d003a0042003900470036004d0041005200300032004100300037004d00310047002300',
);

describe('t800x login and heartbeat', () => {
  it('identifies the device by its IMEI and echoes the head as the acknowledgement', () => {
    const device = protocolTest(t800xCodec, { anonymous: true });
    expect(device.none(LOGIN)).toEqual(binary('272701000f00010880616898888888'));
    expect(device.state.device?.uniqueId).toBe('880616898888888');
  });

  it('acknowledges the first family with serial 1', () => {
    const device = protocolTest(t800xCodec);
    expect(device.none(LOGIN_FIRST)).toEqual(binary('232301000f00010357367031063979'));
    expect(device.none(HEARTBEAT_FIRST)).toEqual(binary('232303000f00010357367031063979'));
  });
});

describe('t800x location reports', () => {
  it('decodes a vehicle report with its fix, I/O and power, unacknowledged by default', () => {
    const device = protocolTest(t800xCodec);
    device.position(GPS, {
      valid: true,
      fixTime: '2019-03-20T10:58:13.000Z',
      latitude: 51.486961,
      longitude: -0.110267,
      speed: 0,
      attributes: { index: 42605, sat: 13, rssi: 100, ignition: false, out1: false, adc1: 18.15, adc2: 3.11, odometer: 4106222, batteryLevel: 100, power: 12.81 },
    });
    expect(device.reply(GPS)).toBeUndefined();
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
    protocolTest(t800xCodec).position(GPS_2, {
      fixTime: '2026-06-15T10:12:11.000Z',
      latitude: 35.71891,
      longitude: 51.440094,
      altitude: 2940,
      course: 274,
      attributes: { output: 0, adc5: undefined, odometer: 315160, battery: 3.91, power: 12.97 },
    });
  });

  it('gives the serving cells when there is no fix', () => {
    const position = protocolTest(t800xCodec).position(GPS_CELLS, { valid: false, outdated: true, deviceTime: '2015-10-28T14:59:06.000Z' });
    expect(position.network).toEqual({
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [
        { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 39158 },
        { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 40692 },
        { mobileCountryCode: 404, mobileNetworkCode: 90, locationAreaCode: 3170, cellId: 39156 },
      ],
    });
  });

  it('decodes OBD trackers’ engine block, whose speed replaces the GPS speed', () => {
    protocolTest(t800xCodec).position(OBD_GPS, {
      fixTime: '2025-05-08T14:57:17.000Z',
      latitude: -34.994812,
      longitude: -61.026699,
      speed: 15 * 0.539957,
      course: 188,
      attributes: { ignition: true, power: 13.07, obdSpeed: 0, fuelConsumption: 0.858, adc1: undefined },
    });
  });

  it('decodes personal trackers’ sensors', () => {
    protocolTest(t800xCodec).position(PERSONAL_GPS, {
      fixTime: '2020-08-06T03:10:11.000Z',
      latitude: 20.614513,
      longitude: -100.358211,
      attributes: { sat: 9, gSensor: '[0.0,-0.0,1.0]', batteryLevel: 100, deviceTemp: 22, lightSensor: 1.7, battery: 4.1, solarPanel: 0.7, odometer: 105703, rssi: 43, input: 33456 },
    });
  });
});

describe('t800x alarms', () => {
  it('acknowledges an alarm with its code', () => {
    const device = protocolTest(t800xCodec);
    device.position(ALARM_FIRST, { attributes: { alarm: 'powerCut', alarmCode: 1 } });
    expect(device.reply(ALARM_FIRST)).toEqual(binary('23230400100001035736703106397901'));
  });

  it('acknowledges the newer layout’s alarms and personal trackers’ alarms', () => {
    const device = protocolTest(t800xCodec);
    device.settings({ model: 'TLW2-2BL' });
    device.position(ALARM_2, { attributes: { alarmCode: 19, battery: 3.63, power: 2.63 } });
    expect(device.reply(ALARM_2)).toEqual(binary('2525140010002d086908406906209313'));
    expect(device.reply(PERSONAL_ALARM)).toEqual(binary('2727040010001b086642503964572816'));
  });
});

describe('t800x other messages', () => {
  it('decodes OBD trackers’ harsh-driving track, the alarm on its last point', () => {
    const device = protocolTest(t800xCodec);
    const [fix, noFix] = device.decode(HARSH_TRACK)[0].positions ?? [];
    expect(fix).toMatchObject({ valid: true, latitude: expect.closeTo(-34.992554, 5) as number, attributes: { rpm: 864 } });
    expect(noFix).toMatchObject({ outdated: true, deviceTime: new Date('2025-05-08T17:27:16Z'), attributes: { alarm: 'hardAcceleration' } });
    expect(noFix.speed).toBeCloseTo(27 * 0.539957, 6);
    expect(device.reply(HARSH_TRACK)).toEqual(binary('262605000f03120869616062573152'));
  });

  it('decodes OBD trackers’ harsh-driving event', () => {
    protocolTest(t800xCodec).position(HARSH_EVENT, {
      valid: true,
      fixTime: '2025-05-08T17:27:16.000Z',
      latitude: -34.992554,
      speed: 36 * 0.539957,
      course: 350,
      attributes: { alarm: 'hardCornering', rpm: 3000 },
    });
  });

  it('decodes the network information and acknowledges it', () => {
    const device = protocolTest(t800xCodec);
    device.position(NETWORK, {
      outdated: true,
      deviceTime: '2019-05-30T11:07:48.000Z',
      attributes: { operator: 'T-Mobile', networkTechnology: 'CAT-NB1', networkBand: 'LTE BAND 4', iccid: '8901240205100023007F' },
    });
    expect(device.reply(NETWORK)).toEqual(binary('272705000f00010866425032880785'));
  });

  it('decodes Bluetooth accessories', () => {
    const device = protocolTest(t800xCodec);
    device.position(BLE_DOOR, { outdated: true, attributes: { ignition: false, tag1Id: 'd7d17365e625', tag1Battery: 4.55, tag1Temp: 26.75, tag1Door: true, tag1Rssi: -56 } });
    device.position(BLE_CLIMATE, { attributes: { tag1Temp: 25.72, tag1Humidity: 54, tag1LightSensor: 1, tag1Rssi: -42 } });
    device.position(BLE_DRIVER, { attributes: { driverUniqueId: 'ffff9702eff8', tag1Battery: 2, alarm: 'lowBattery' } });
    expect(device.reply(BLE_DOOR)).toEqual(binary('272710000f7bd00860112047066487'));
  });

  it('decodes a command result', () => {
    protocolTest(t800xCodec).position(RESULT, {
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
