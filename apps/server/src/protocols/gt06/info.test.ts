import { describe, expect, it } from 'vitest';
import { gt06Codec } from './codec.ts';
import { gt06Frame } from './test-frames.ts';
import { binary, protocolTest } from '../testing/protocol-test.ts';

/** Messages without a fix of their own (Traccar's test frames): none of them is acknowledged. */

describe('GT06 information messages (0x94)', () => {
  const device = protocolTest(gt06Codec);
  const info = (hex: string, attributes: Record<string, unknown>) => {
    const position = device.position(binary(hex), { outdated: true });
    expect(position.attributes).toEqual(attributes);
    expect(device.reply(binary(hex))).toBeUndefined();
  };

  it('short header: external voltage', () => info('7878079404eb001c705d0d0a', { power: 12.59 }));
  it('0x00: external voltage as an analog input', () => info('79790008940000ed0289d6860d0a', { adc1: 2.37 }));
  it('0x0B: network generation or external voltage, by length', () => {
    info('79790007940b010a0b5ace0d0a', { networkTechnology: '4G' });
    info('79790008940b02e3048614200d0a', { power: 7.39 });
  });
  it('0x0A: ICCID after IMEI and IMSI, padding removed', () => {
    info('79790020940a035985708236675805200502187214018966051912408052452f000355560d0a', { iccid: '8966051912408052452' });
  });
  it('0x1E: temperature and humidity', () => info('7979000e941e000000d5000002ee00f59b850d0a', { temp1: 21.3, humidity: 75 }));
  it('0x1B: a serial peripheral text, or an RFID reader frame', () => {
    info('79790019941b524649443a3030384642324245424133390d0a000c14930d0a', { serial: 'RFID:008FB2BEBA39' });
    info('7979000e941b02084277efef350303eadaed0d0a', { driverUniqueId: '4277efef' });
  });
  it('0x05: door and input 1, with their time', () => {
    const position = device.position(binary('7979000d940516090908081c030defbd2d0d0a'), { deviceTime: '2022-09-09T08:08:28.000Z' });
    expect(position.attributes).toEqual({ door: true, io1: false });
  });
  it('0x04: status synchronisation text', () => {
    const hex =
      '797900849404414c4d313d43353b414c4d323d43433b414c4d333d35433b535441313d43303b4459443d30313b534f533d303133323838333730302c2c3b43454e5445523d' +
      '303133323838333730303b46454e43453d46656e63652c4f46462c302c302e3030303030302c302e3030303030302c3330302c494e206f72204f55542c313b00b79d120d0a';
    info(hex, { alarm1Status: 0xc5, alarm2Status: 0xcc, alarm3Status: 0x5c, otherStatus: 0xc0, engineStatus: 1 });
  });
  it('0x0D: a fuel sensor report', () => {
    const hex =
      '7979003f940d110315102a202141494f494c2c30322c3030382e3239302c3032392e3630302c3531394a2c303430302c3030382e3433302c302c30302c4142001678ea0d0a';
    info(hex, { temp1: 29.6, fuel: 8.43 });
  });
  it('ignores a subtype it does not know', () => {
    expect(device.none(gt06Frame(0x94, '6600ed', { extended: true }))).toBeUndefined();
  });
});

describe('GT06 serial passthrough (0x9B) and OBD (0x8C)', () => {
  const device = protocolTest(gt06Codec);

  it('keeps printable data as text, anything else in hex', () => {
    device.position(binary('797900109b0344373532304136320d0a000f87f00d0a'), { attributes: { result: 'D7520A62' } });
    device.position(binary('7979000e9b0332382e33a1e60d0a0289be490d0a'), { attributes: { result: '32382e33a1e60d0a' } });
  });

  it('reads the OBD pairs: hex values in hundredths, the VIN as text', () => {
    const hex =
      '797900de8c120b1502121b013137333d302c3232333d312c3238333d30303030303030302c3436333d30303030303035362c3437333d30303030303030662c3438333d' +
      '30303030303031312c3242333d30303030303030302c3244333d30303030313839632c3335333d30303030313661382c3336333d30303032386163382c3339333d3030' +
      '3030303230612c3330333d30303030303561612c3439333d30303030303030302c3441333d4b4e4146323431434d4b353031343235352c3341333d30303030303338' +
      '352c3530333d30303030c0041df0940f89c06700000000c800910d0a';
    const position = device.position(binary(hex), { outdated: true, deviceTime: '2018-11-21T02:18:27.000Z' });
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
    expect(device.reply(binary(hex))).toBeUndefined();
  });
});
