import { describe, expect, it } from 'vitest';
import { gt06Codec } from './codec.ts';
import { gt06Frame } from './test-frames.ts';
import { protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

/** Messages without a fix of their own (Traccar's test frames): none of them is acknowledged. */

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

describe('GT06 information messages (0x94)', () => {
  const device = protocolTest(gt06Codec);
  const info = (frame: Buffer, attributes: Record<string, unknown>) => {
    const { position, reply } = device.answered(frame, { outdated: true });
    expect(position.attributes).toEqual(attributes);
    expect(reply).toBeUndefined();
  };

  it('short header: external voltage', () => info(gt06(303), { power: 12.59 }));
  it('0x00: external voltage as an analog input', () => info(gt06(309), { adc1: 2.37 }));
  it('0x0B: network generation or external voltage, by length', () => {
    info(gt06(81), { networkTechnology: '4G' });
    info(gt06(36), { power: 7.39 });
  });
  it('0x0A: ICCID after IMEI and IMSI, padding removed', () => {
    info(gt06(241), { iccid: '8966051912408052452' });
  });
  it('0x1E: temperature and humidity', () => info(gt06(50), { temp1: 21.3, humidity: 75 }));
  it('0x1B: a serial peripheral text, or an RFID reader frame', () => {
    info(gt06(180), { serial: 'RFID:008FB2BEBA39' });
    info(gt06(252), { driverUniqueId: '4277efef' });
  });
  it('0x05: door and input 1, with their time', () => {
    const position = device.position(gt06(169), { deviceTime: '2022-09-09T08:08:28.000Z' });
    expect(position.attributes).toEqual({ door: true, io1: false });
  });
  it('0x04: status synchronisation text', () => {
    info(gt06(135), { alarm1Status: 0xc5, alarm2Status: 0xcc, alarm3Status: 0x5c, otherStatus: 0xc0, engineStatus: 1 });
  });
  it('0x0D: a fuel sensor report', () => {
    info(gt06(447), { temp1: 29.6, fuel: 8.43 });
  });
  it('ignores a subtype it does not know', () => {
    expect(device.none(gt06Frame(0x94, '6600ed', { extended: true }))).toBeUndefined();
  });
});

describe('GT06 serial passthrough (0x9B) and OBD (0x8C)', () => {
  const device = protocolTest(gt06Codec);

  it('keeps printable data as text, anything else in hex', () => {
    device.position(gt06(123), { attributes: { result: 'D7520A62' } });
    device.position(gt06(234), { attributes: { result: '32382e33a1e60d0a' } });
  });

  it('reads the OBD pairs: hex values in hundredths, the VIN as text', () => {
    const { position, reply } = device.answered(gt06(294), { outdated: true, deviceTime: '2018-11-21T02:18:27.000Z' });
    expect(position.attributes).toEqual({
      ignition: true,
      odometer: 0,
      fuelUsed: 0.15,
      fuel: 0,
      coolantTemp: 63,
      obdSpeed: 58,
      rpm: 1666,
      hours: 0,
      vin: 'KNAF241CMK5014255',
    });
    expect(reply).toBeUndefined();
  });
});
