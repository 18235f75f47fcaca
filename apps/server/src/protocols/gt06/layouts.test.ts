import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { gt06Codec } from './codec.ts';
import { binary, protocolTest } from '../testing/protocol-test.ts';

/** Location layouts of device families, firmware variants and models (Traccar's test frames and what Traccar decodes). */

const tower = (mcc: number, mnc: number, lac: number, cellId: number) => ({
  cellTowers: [{ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId }],
});

describe('GT06 vendor location layouts', () => {
  const device = protocolTest(gt06Codec);

  it('0x34 (X1): odometer, cell, driver, voltages, inputs, outputs, analog inputs', () => {
    const position = device.position(
      binary('78783c3439000000120a0902093a07031f9e690529be2e00155500000016214901a30308b70000b3fb004aa82b059401a3422100000001000000007d9370b90d0a'),
      { fixTime: '2018-10-09T02:09:58.000Z', valid: true, latitude: 29.113232, longitude: 48.12319, course: 341 },
    );
    expect(position.attributes).toEqual({ sat: 7, odometer: 1450313, driverUniqueId: '4892715', battery: 14.28, power: 4.19, input: 0, output: 1, adc1: 0, adc2: 0 });
    expect(position.network).toMatchObject(tower(419, 3, 2231, 46075));
    // Traccar answers nothing to it.
    expect(device.reply(binary('78783c3439000000120a0902093a07031f9e690529be2e00155500000016214901a30308b70000b3fb004aa82b059401a3422100000001000000007d9370b90d0a'))).toBeUndefined();
  });

  it('0x61: the driver’s iButton key, in decimal', () => {
    device.position(binary('78782e610869412070143950190a1e0d3806c802b0eb0f0561ecdc00d80002d404000004215f0e000001395581000d1ca60d0a'), {
      fixTime: '2025-10-30T13:56:06.000Z',
      latitude: -25.082746,
      attributes: { driverUniqueId: '20534657', ignition: true },
    });
  });

  it('0x95: a dashcam alarm with its fix (JC400) and the names of its video files', () => {
    const hex =
      '78789795ffff01180b0d031406da04b5ab0d08813df01ca9002c008a9200004556454e545f3836323739383035323432393038375f30303030303030305f323032345f31315f31325f32325f' +
      '32305f30365f495f35362e6d70342c4556454e545f3836323739383035323432393038375f30303030303030305f323032345f31315f31325f32325f32305f30365f465f35352e6d70340037d45b0d0a';
    const position = device.position(binary(hex), { fixTime: '2024-11-13T03:20:06.000Z', latitude: 43.897038, longitude: -79.27096, speed: 44 * KNOTS_PER_KMH, course: 169 });
    expect(position.attributes).toMatchObject({ sat: 10, power: 13.8, event: 0x92, eventData: 0, alarm: 'hardCornering' });
    expect(position.attributes.eventFiles).toBe(
      'EVENT_862798052429087_00000000_2024_11_12_22_20_06_I_56.mp4,EVENT_862798052429087_00000000_2024_11_12_22_20_06_F_55.mp4',
    );
    device.position(binary('78780c95130a071223200100013ad10d0a'), { outdated: true, deviceTime: '2019-10-07T18:35:32.000Z', attributes: { event: 1, alarm: 'general' } });
  });

  it('0x32/0x33 (AZ735, 79 79): fix with its length byte, cell with signal, status; acknowledged in 79 79', () => {
    const location = binary(
      '7979004a321106170c1b180cc900a875580b7ab4f00010350901fe0a007c0009112424007c000912240081004efe2100c500100f1200000000000000000000000000000000000000000000bc7c900d0a',
    );
    const position = device.position(location, { fixTime: '2017-06-23T12:27:24.000Z', latitude: -6.133382, longitude: 106.995049, course: 53 });
    expect(position.attributes).toEqual({ sat: 9, rssi: 36, status: 0 });
    expect(position.network).toMatchObject(tower(510, 10, 124, 2321));
    expect(device.reply(location)?.toString('hex')).toBe('797900053200bcedd10d0a');
    // An alarm without a fix: its time only.
    device.position(binary('797900143311070609020b00000000a0030046000109e4610d0a'), { outdated: true, deviceTime: '2017-07-06T09:02:11.000Z', attributes: { status: 0xa0, armed: true } });
  });

  it('0x70: modules, the fix among them', () => {
    const hex =
      '797900a87000000001020035000101003300125d7e3a180600d504b598f708814b3a001d1500340006125d7e39dc000011000a012e02620000000000000001000803537601000129800002000803102608' +
      '593397620003000a89012608522933976266001800020172002b000114002c00045d7df3c70009000106000a000109002800010d002e00040000f25d002a000111002900040000017e0030000a000100b4000a00b402d0000591250d0a';
    const position = device.position(binary(hex), { fixTime: '2019-09-15T13:18:16.000Z', valid: true, latitude: 43.894466, longitude: -79.27285, altitude: 213, course: 277 });
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
    expect(device.reply(binary(hex))?.toString('hex')).toBe('78780570000545fc0d0a');
    const tag = device.position(binary('7979001f70002c00046919c641007f000ec4a82841074a7fff64012201dc071ea430360d0a'), { outdated: true });
    expect(tag.attributes).toEqual({ tag1Id: 'c4a82841074a', tag1Battery: 32.767, tag1BatteryLevel: 100, tag1Temp: 29, tag1Humidity: 476, tag1Status: 7 });
  });

  it('0x24 (SR411 mini, by its length): ignition and voltages, unanswered', () => {
    const hex = '78782e2416061a103600c80275298404a0a24000184602d4023a49006f060104ed01940000086508004139765000be7d640d0a';
    device.position(binary(hex), { fixTime: '2022-06-26T16:54:00.000Z', latitude: -22.907096, attributes: { ignition: true, power: 12.61, battery: 4.04 } });
    expect(device.reply(binary(hex))).toBeUndefined();
  });

  it('0x38: a cell that starts with its radio type', () => {
    const hex =
      '7979003e3819050e0e0c26c5010fd98e0905f53000ccab0e000302c80100000c240000000000048b08001b002e04000015c4003b020000003c0401020001021f60220d0a';
    const position = device.position(binary(hex), { fixTime: '2025-05-14T14:12:38.000Z', valid: false, latitude: 9.89775, longitude: -84.102996 });
    expect(position.network).toMatchObject(tower(712, 1, 3108, 297736));
  });

  it('0x37: ignition, upload reason, re-upload flag and one module (odometer)', () => {
    device.position(binary('7878353714080d05000ac500a886eb0b7522f000100001fe0a05ea004f1b000001002e0400002328003b0217c0003c0401020001002c468a0d0a'), {
      fixTime: '2020-08-13T05:00:10.000Z',
      attributes: { type: 0x37, ignition: false, event: 0, archive: true, odometer: 9000 },
    });
  });

  it('0x11 (2-byte mnc, 4-byte cell id) and 0x1E (GPS only)', () => {
    const gpsLbs = device.position(binary('78782111150b0b022c30c804b7af7808810cb0003c00012e02d075df0084890c000679950d0a'), { latitude: 43.970484 });
    expect(gpsLbs.network).toMatchObject(tower(302, 720, 30175, 8685836));
    device.position(
      binary('7878471e0e03110b0511c501c664fd074db73f0218a602e003433a002fed40433a0056e14e433a0056104e433a0056fd53433a002eed55433a007e4b57433a002ee25aff00020120f6720d0a'),
      { fixTime: '2014-03-17T11:05:17.000Z', latitude: -16.543998, longitude: -68.074275, course: 166, attributes: { type: 0x1e, sat: 5 } },
    );
  });

  it('0xA4: a geofence alarm with the alarm code’s high bits and the geofence number', () => {
    device.position(binary('78782da41a0509160203cf05be31f80c306530001c0010012ed000007ef40000000006428b074205041302ff0009389c0d0a'), {
      attributes: { alarm: 'tampering', batteryLevel: 83, geofence: 255 },
    });
  });

  it('0x23 (GK310 heartbeat): armed, ACC, charging, battery voltage, signal', () => {
    device.position(binary('78780b23c00122040001000818720d0a'), { outdated: true, attributes: { armed: false, ignition: false, charge: false, battery: 2.9, rssi: 4 } });
  });

  it('0xF1/0xF2 status lists, acknowledged', () => {
    const status = binary('79790026f16318c0000001010100020101000301000004010100050201950006010010000100008021af0d0a');
    device.position(status, { outdated: true, deviceTime: '2022-09-07T16:00:00.000Z', attributes: { motion: false, armed: true, ignition: true, power: 4.05 } });
    const peripheral = device.position(binary('79790037f26718e389000b0a0423027aca200c465a60000a001d01c4a82828ccfe0000024254425554544f4e2c412c53233136382c35340016a1eb0d0a'));
    expect(peripheral.attributes).toEqual({ mac: 'c4a82828ccfe', event: 0, dataType: 2, dataDetails: '4254425554544f4e2c412c53233136382c3534' });
    device.position(binary('79790016f26718e430000c0a470000000010020000000024bff50d0a'), { attributes: { externalBatteryLevel: 71, externalBatteryCycles: 0 } });
  });
});

describe('GT06 heartbeat layouts', () => {
  const device = protocolTest(gt06Codec);

  it('0x13 with a temperature sensor (16 content bytes)', () => {
    device.position(binary('7878151330802b00000642014f0008720000802b5ee4d4c90d0a'), { outdated: true, attributes: { batteryLevel: 6, temp1: 4.3 } });
  });

  it('0x13 of OBD6 devices (by its length): satellites, signal, power, temperature in mode 4', () => {
    device.position(binary('7878131340b2fa000201040000000000011c00400e550d0a'), { attributes: { sat: 35, rssi: 26, batteryLevel: 1, power: 0, temp1: 28.4 } });
  });

  it('0x36 (Jimi 4G): status, then modules', () => {
    device.position(binary('787817360005040002003201010018020192006a015f0324aeaf0d0a'), { outdated: true, attributes: { startupStatus: 1, battery: 4.02, batteryLevel: 95 } });
  });
});

describe('GT06 firmware variants, recognised by the length field', () => {
  const device = protocolTest(gt06Codec);

  it('0x12 of VXT01: status, power, signal', () => {
    device.position(binary('7878241216040e102c22cf00915ffb04c6016300195a02d402283b00753f400571040001dda4880d0a'), {
      attributes: { status: 0x40, ignition: false, power: 13.93, rssi: 4 },
    });
  });

  it('0x12 of S5: status, power, oil, temperature, odometer', () => {
    device.position(binary('78782b1215050d03041bcf031ff30a0be795bc001c17014e14a065dd95314504b6040000001c00000cd90ab8fb6f0d0a'), {
      attributes: { power: 12.06, oil: 0, temp1: 28, odometer: 32890 },
    });
  });

  it('0x12 of WeTrust: odometer, card, alarm, card status, driving time', () => {
    device.position(binary('78782912170316053b3bcf015b51220af1201105d56100000000000000000000869c0130010000000238d1af0d0a'), {
      attributes: { odometer: 34460, card: '0', alarm: 'general', cardStatus: 0, drivingTime: 0 },
    });
  });

  it('0x12 of Benway: ACC, input 2, analog input', () => {
    device.position(binary('787821121303120b2524c70138e363085b549003d43301940057d200cd52c000006aa1ca0d0a'), { attributes: { ignition: true, in2: true, adc1: 0 } });
  });

  it('0x22 of SEEWORLD: odometer, temperature, humidity', () => {
    device.position(binary('78782f221709130f3a32cc02c55f2a089f9afc005c2101360481fe066d9b03000000000025d4000000000020002d036049d70d0a'), {
      attributes: { ignition: false, odometer: 9684, temp1: 0.32, humidity: 0.45 },
    });
  });

  it('0xA3 of SEEWORLD: a status message with steps', () => {
    device.position(binary('787818a300000005321e020000000002584f000100060000008f920d0a'), { outdated: true, attributes: { rssi: 50, power: 30, steps: 600, batteryLevel: 79, motion: true } });
  });

  it('0x31 of SL4X: 2-byte mnc, 8-byte cell id, altitude', () => {
    device.position(binary('78782a31180613012b39cc0274c4dc050d7cd000180002d4000ac3c70dbdc4150100000000000002a6000ea40b0d0a'), { altitude: 678 });
  });

  it('0xA2 of LW4G: power, odometer, hours, inputs', () => {
    const position = device.position(
      binary('787840a2180b0f0f3407cf00602cd208354064001c6a02dc650000698100000000095674c9114100002a04000100004b31000000000863829079286793020001a22a8f0d0a'),
      { fixTime: '2024-11-15T15:52:07.000Z', latitude: 3.501628, longitude: -76.504233, attributes: { batteryLevel: 42, odometer: 19249, hours: 0, input: 512 } },
    );
    expect(position.network).toMatchObject(tower(732, 101, 27009, 156660937));
  });

  it('0x17 of RFID readers: the tag after the cell', () => {
    device.position(binary('7878281718060e021831c6026e8acc0c361b1000140001cc00286d000f4dbf0000012ca7e001000004b2630d0a'), { attributes: { driverUniqueId: 'bf0000012ca7e001' } });
  });
});

describe('GT06 decoding by device model', () => {
  const device = protocolTest(gt06Codec);

  it('LW models: power in the 0x13 heartbeat; 0x19 is hard acceleration', () => {
    device.settings({ model: 'LW4G-4B' });
    device.position(binary('78780a13560604f0830ccf986f0d0a'), { attributes: { power: 13.1 } });
  });

  it('SEEWORLD: power in place of the 0x13 alarm code', () => {
    device.settings({ model: 'SEEWORLD' });
    device.position(binary('78780a134506560b0102242b850d0a'), { attributes: { power: 11 } });
  });

  it('R11: power in place of the 0x13 battery level', () => {
    device.settings({ model: 'R11' });
    device.position(binary('78780a13460b120400160642c20d0a'), { attributes: { power: 28.34, rssi: 4 } });
  });

  it('NT20/XT40: 0x22 and 0x25 with record header, power, battery voltage, odometer, hours, driver', () => {
    device.settings({ model: 'NT20' });
    device.position(binary('78783c22010357789648774484180c06142038180c06142038cb03313ee4061fe98300185e090000000000000000460984284c000200000000017101d6f35d0d0a'), {
      attributes: { power: 24.36, battery: 4, rssi: 76, odometer: 0, hours: 22140000 },
    });
    device.settings({ model: 'XT40' });
    const hex =
      '78784e25010356354871186947190909100e0f190909100e0fbf02846fe805078c900018000a02d410c80b0c352c17044605112a4700020000000005840f0102353130303635383036424446030113ed780d0a';
    const position = device.position(binary(hex), { attributes: { power: 12.97, battery: 4.2, hours: 84720000, driverUniqueId: '0235313030363538303642444603' } });
    expect(position.network).toMatchObject(tower(724, 16, 51211, 204811287));
  });

  it('G18 (VL series): alarm 0x30 is hard braking', () => {
    device.settings({ model: 'G18' });
    device.position(binary('787825161a011c141001cf00bc62e0043533a231113808028005006800124b470603300204baa49a0d0a'), { attributes: { alarm: 'hardBraking' } });
  });

  it('QH302R: the IMEI before the GPS block of 0x12', () => {
    device.settings({ model: 'QH302R' });
    device.position(binary('7878271208667030665022971a020c0a1e32c601727c1c0f89af002c14fa01366e000100010c003c1fdd0d0a'), {
      fixTime: '2026-02-12T10:30:50.000Z',
      latitude: 13.48894,
      longitude: 144.82304,
    });
  });

  it('VL103: TRX16i frames (0x36 and 0x16 by their length) with RFID tag, hours and event', () => {
    device.settings({ model: 'VL103' });
    device.position(binary('78783536190c1d0f1724cf026cc9140c367d4000940001cc0025ef0540e88c01000000000064051428000006c3000001453f9201003477560d0a'), {
      attributes: { ignition: true, odometer: 100, power: 13, battery: 4, hours: 360000, driverUniqueId: 'c3000001453f9201' },
    });
    device.position(binary('78782d16190c1d0e3b03cf026cc8d40c367d800014000801cc0025ef40e88c450604e801c3000001453f920100271e590d0a'), {
      attributes: { event: 232, driverUniqueId: 'c3000001453f9201' },
    });
  });
});
