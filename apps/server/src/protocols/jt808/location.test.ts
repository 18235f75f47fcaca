import { describe, expect, it } from 'vitest';
import { protocolTest } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2026-07-01T00:00:00.000Z');
// Frames by their line in Traccar's JT808ProtocolDecoderTest (vectors/traccar/jt808.json).
const jt808 = traccarFrames('jt808');

/** Traccar's test frames, with the values its test asserts and those read by hand from the bytes. */
describe('jt808 location items', () => {
  it('reads cells (0xF0), wifi (0xF4), firmware, sensors and battery of an AOVX tracker', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const position = device.position(jt808(111), {
      valid: true,
      latitude: -23.404205,
      longitude: -46.853273,
      altitude: 734,
      fixTime: '2024-08-25T09:03:44.000Z',
      attributes: { rssi: 29, sat: 7, versionFw: 'AOVX_GL100-LA_H2.0_EG915ULAABR03A01M08_V2.0.9:v10', temp1: 21.1, battery: 3.912, batteryLevel: 78, hdop: 2.4 },
    });
    expect(position.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 3, locationAreaCode: 31177, cellId: 17302793, signalStrength: 172 }] });
    expect(position.network?.wifiAccessPoints).toHaveLength(5);
    expect(position.network?.wifiAccessPoints).toContainEqual({ macAddress: 'c0:25:2f:96:f0:22', signalStrength: -48 });
  });

  it('reads the 0xEB entries: ICCID, supply voltage, status alarms', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(18), { attributes: { power: 11.7, alarm: 'powerOff', rssi: 20, sat: 8 } });
    device.position(jt808(224), {
      attributes: { alarm: 'lowBattery,removing', iccid: '89860477012070271502', battery: 3.6 },
    });
  });

  it('reads temperatures, driving alarms and a lock event', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(199), { attributes: { temp3: -17.094117647058823, odometer: 300 } });
    device.position(jt808(148), { attributes: { driverUniqueId: '\x909001738', event: 0x65 } });
  });

  it('reads the door on MV710G: status bit 16 and alarm item 0x57', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'MV710G' });
    device.position(jt808(381), { attributes: { door: true, alarm: undefined, power: 13 } });
    device.position(jt808(385), { attributes: { door: true, alarm: 'door' } });
  });

  it('reads AOVX alarm bit 16 as movement, and 0xF8 as the ICCID', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'AL300' });
    device.position(jt808(391), { attributes: { alarm: 'movement', iccid: '89550327001051953711' } });
    device.settings({ model: 'GL100' });
    device.position(jt808(421), { attributes: { iccid: '898604a6102181622843' } });
  });

  it('reads Jimi JC event codes from item 0xE8', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'JC371' });
    device.position(jt808(401), { attributes: { alarm: 'sos' } });
    device.position(jt808(405), { attributes: { alarm: 'vibration' } });
  });
});

describe('jt808 transparent data', () => {
  it('reads OBD values with the location (0xF0 0x01)', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(jt808(218), {
      valid: true,
      outdated: false,
      latitude: 23.111772,
      longitude: 114.409784,
      fixTime: '2022-04-27T22:10:09.000Z',
      attributes: { rpm: 952, coolantTemp: 67, power: 12.73, fuelUsed: 12165.21, io1349: 30 },
    });
  });

  it('reads bluetooth tags (0x53) and sensor samples (0x54)', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'GL100' });
    device.position(jt808(425), { attributes: { tag1Mac: 'aabbcc001122', tag1Rssi: -67, tag5Data: '032f04641c04' } });
    device.position(jt808(429), { attributes: { deviceTemp: 24.4, humidity: 28.4, temp3: 24.3, airPressure: 1022 } });
  });
});
