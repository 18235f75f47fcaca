import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, protocolTest } from '../testing/protocol-test.ts';
import type { DecodedPosition } from '../types.ts';
import { meitrackCodec } from './codec.ts';
import { deviceFrame } from './test-frames.ts';

// Traccar's test frames.
const CCC_ONE =
  '24245838362c3336393830303031343039303032312c4343432c020134000100000023381f91ffe354b806c5e3121b0009130000000000000000d33801007cbf0200fe0101000435feeb02000500a3010000000000002a62650d0a';
const CCE_HOURS =
  '24246d3230312c3836393430393036323730323834332c4343452c000000000100a7002a000d05010626070914001502930194009500960097629d209e63a1640e0824000956000a07000b2a001606001704001901001a0e0b91280092280099ef049c52009f1b004023000c0215b9f2ff035855f506041e0f142d0c01708c010d748ac2001c012000009a000000009bd0623e02a0889ff201a2d61a0000a542020000fef4a3d50900030e0cfe010a007f466ffc0000000049090401000000000000004b0501010232472a44360d0a';
const CCE_TAG =
  '2424593136312c3836323039303035303031363139332c4343452c0000000001007f0017000705010607071714001500fe69601b00070800000971000a13000b19001605001acc0440230006029779570103eb5bcc06041ff0e8290c430100000d780400001c01000000030e0ccc010000922781abb90ca4fffe731e0109746e6873656e736f72ac233f6e219064051b753b00000000000000004b060101034c54452a42380d0a';
const CCE_BATTERIES =
  '2424683136342c3836363334343035333039353238322c4343452c000000000100820018000505000600070b14001500080800000900000a00000b00001606001a0000402300fe90000006022e79570103e55ccc0604e1fdb32b0cc32c00000d58eb02001c01000000050e0ccc010000b627bf11000000004b1001010d475052532847534d2039303029fea50601ffffff7ffffea80701010258023800feb20501010000002a41360d0a';
const CCE_IMAGE =
  '2424623139352c3836363439363037373538323136342c4343452c000000000100a1001b00050501060e0718140015020a0826000965000a08000b00001600001700001800001992001a5a05408f0205029e1460fe03470f1f0904785ed62f0c4cbc00000d2af20100070e0cf901010031700210cc080000fe311c020732303235303630373132323034315f4348315f6463612e6a706749090403000000000000004b0a010107464444204c54454c0a03010000020000228435fe79020102fe800201022a34310d0a';
const CCE_LOCK =
  '24245b3131342c3836343630363034343939333938372c4343452c0000000001005000130006012305000600070f1b004702060800000900000a00000b0000199d011a00000602d179570103b25ccc0604cf04862b0cc65b01000da4090d001c01000000010e0ccc010000b627be11000000002a41300d0a';

describe('Meitrack CCC batches', () => {
  it('decodes the 52-byte records and acknowledges their number under the same flag', () => {
    const device = protocolTest(meitrackCodec);
    device.position(binary(CCC_ONE), {
      ...fix('2014-05-24T04:59:49.000Z', false, -7.266504, 112.743651),
      network: {
        radioType: 'gsm',
        considerIp: false,
        cellTowers: [{ mobileCountryCode: 510, mobileNetworkCode: 1, locationAreaCode: 13572, cellId: 60414, signalStrength: 19 }],
      },
      attributes: { event: 35, sat: 9, odometer: 80083, runtime: 180092, status: 2, adc1: 5, battery: 4.19, power: 0 },
    });
    expect(device.reply(binary(CCC_ONE))?.toString()).toBe('@@X27,369800014090021,CCC,1*E4\r\n');
  });

  it('counts every record of a longer batch in the acknowledgement', () => {
    const records = Buffer.alloc(52 * 12);
    const frame = deviceFrame('G', '369800013460674', Buffer.concat([Buffer.from('CCC,'), Buffer.from('0201340018000000', 'hex'), records]));
    const device = protocolTest(meitrackCodec);
    expect(device.decode(frame)[0].positions).toHaveLength(12);
    expect(device.reply(frame)?.toString()).toBe('@@G28,369800013460674,CCC,12*14\r\n');
  });
});

/** Decodes one frame whatever its checksum (two of Traccar's CCE frames carry a wrong one). */
function decodeOne(hex: string): DecodedPosition {
  const positions = meitrackCodec.decode(binary(hex), protocolTest(meitrackCodec).state, new Date()).positions ?? [];
  expect(positions).toHaveLength(1);
  return positions[0];
}

describe('Meitrack CCE batches', () => {
  it('decodes parameter lists: fix, speed, power, odometer, engine hours, OBD values', () => {
    const position = decodeOne(CCE_HOURS);
    expect(position).toMatchObject({ valid: true, latitude: -0.870123, longitude: 116.741464, course: 86, altitude: 42 });
    expect(position.fixTime.toISOString()).toBe('2023-12-19T08:21:50.000Z');
    expect(position.speed).toBeCloseTo(36 * 0.539957);
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 510, mobileNetworkCode: 10, locationAreaCode: 18047, cellId: 64623, signalStrength: 0 }]);
    expect(position.attributes).toMatchObject({
      event: 35, sat: 38, rssi: 9, input: 2, hdop: 7, adc1: 0.06, power: 28.3, odometer: 25980929, runtime: 12749428,
      hours: 644515 * 60000, rpm: 1263, coolantTemp: 82, obdSpeed: 40, throttle: 98, obdOdometer: 37642960, fuelConsumption: 68.7,
    });
  });

  it('decodes a Bluetooth tag and the battery level', () => {
    expect(decodeOne(CCE_TAG).attributes).toMatchObject({ tagName: 'tnhsensor', tagBattery: 100, tagTemp: 27.01953125, tagHumidity: 59.45703125, batteryLevel: 96, power: 12.28 });
  });

  it('decodes the levels of several batteries', () => {
    protocolTest(meitrackCodec).position(binary(CCE_BATTERIES), { attributes: { batteryLevel: 1, battery2Level: 88, battery3Level: 56 } });
  });

  it('names the picture of an ADAS alarm', () => {
    protocolTest(meitrackCodec).position(binary(CCE_IMAGE), { attributes: { alarmType: 7, image: '2025-06-07/20250607122041_CH1_dca.jpg' } });
  });

  it('decodes the lock state and the event alarm', () => {
    protocolTest(meitrackCodec).position(binary(CCE_LOCK), { attributes: { lock: true, event: 35 } });
    const sos = deviceFrame('A', '1', Buffer.concat([Buffer.from('CCE,'), Buffer.from('00000000 0100 0800 0000 01 0101 00 00 00'.replace(/ /g, ''), 'hex')]));
    protocolTest(meitrackCodec).position(sos, { attributes: { event: 1, alarm: 'sos' } });
  });

  it('sends no acknowledgement, as Traccar', () => {
    expect(protocolTest(meitrackCodec).reply(binary(CCE_LOCK))).toBeUndefined();
  });

  it('rejects a record longer than the batch', () => {
    const truncated = deviceFrame('A', '1', Buffer.concat([Buffer.from('CCE,'), Buffer.from('000000000100ff00', 'hex')]));
    expect(() => meitrackCodec.decode(truncated, protocolTest(meitrackCodec).state, new Date())).toThrow(ProtocolError);
  });
});
