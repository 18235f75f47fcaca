import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { binary, gsmWifiNetwork, protocolTest, text } from '../testing/protocol-test.ts';
import { watchCodec } from './codec.ts';
import { traccarFrames, traccarMessages } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's WatchProtocolDecoderTest (vectors/traccar/watch.json); those
// written out are shortened from it or come from its WatchFrameDecoderTest, unless said otherwise.
const watch = traccarFrames('watch');

describe('watch link keep-alive', () => {
  it('identifies the device and answers LK with LK', () => {
    const device = protocolTest(watchCodec, { anonymous: true });
    expect(device.none(watch(134))).toEqual(text('[SG*8800000015*0002*LK]'));
    expect(device.state.device?.uniqueId).toBe('8800000015');
  });

  it('keeps steps and battery of a full LK as a status without location', () => {
    const device = protocolTest(watchCodec);
    device.position(watch(137), { outdated: true, attributes: { steps: 0, batteryLevel: 100 } });
    expect(device.none(watch(119))).toEqual(text('[SG*9081000548*0002*LK]'));
  });

  it('answers INIT and the voice-message checks', () => {
    const device = protocolTest(watchCodec);
    expect(device.none(text('[3G*8800000015*0004*INIT]'))).toEqual(text('[3G*8800000015*0006*INIT,1]'));
    expect(device.none(watch(128))).toEqual(text('[3G*8800000015*0003*TKQ]'));
    expect(device.none(text('[3G*8800000015*0004*TKQ2]'))).toEqual(text('[3G*8800000015*0004*TKQ2]'));
  });
});

describe('watch locations', () => {
  it('decodes a UD fix with its cells, unanswered', () => {
    const { position, reply } = protocolTest(watchCodec).answered(watch(140), {
      valid: true,
      fixTime: '2014-04-22T13:46:52.000Z',
      latitude: 22.571707,
      longitude: 113.8613968,
      speed: 0.1 * KNOTS_PER_KMH,
      altitude: 100,
      attributes: { sat: 7, rssi: 60, batteryLevel: 90, steps: 1000 },
    });
    expect(position.network?.cellTowers).toHaveLength(4);
    expect((position.network?.cellTowers as unknown[])[0]).toEqual({ mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 9360, cellId: 4082, signalStrength: -131 });
    expect(reply).toBeUndefined();
  });

  it('takes signed coordinates whatever the hemisphere letters say, except S and W', () => {
    const device = protocolTest(watchCodec);
    device.position(watch(109), { valid: false, fixTime: '2016-07-21T23:16:01.000Z', latitude: -33.480366, longitude: -70.7630692 });
    device.position(text('[SG*9081000548*00A9*UD,110116,113639,V,16.479064,S,68.119072,,0.7593,000,99,00,80,80,0,50,00000000,0,0]'), {
      latitude: -16.479064,
      longitude: 68.119072,
    });
  });

  it('decodes LTE and WCDMA reports with Wi-Fi access points', () => {
    const position = protocolTest(watchCodec).position(watch(61), { speed: 30.84 * KNOTS_PER_KMH, course: 265.158, altitude: 65.621 });
    expect(position.network).toEqual(gsmWifiNetwork(
      [{ mobileCountryCode: 425, mobileNetworkCode: 1, locationAreaCode: 10223, cellId: 8012811, signalStrength: -100 }],
      [
        { macAddress: '22:74:1d:39:64:ff', signalStrength: -46 },
        { macAddress: 'a8:3f:a1:e0:66:ba', signalStrength: -89 },
        { macAddress: '00:0c:42:51:cf:cd', signalStrength: -81 },
      ],
    ));
    protocolTest(watchCodec).position(watch(73), { longitude: -71.157615, attributes: { sat: 17 } });
  });

  it('reads cell codes in hex when they hold hex letters', () => {
    const position = protocolTest(watchCodec).position(
      text('[SG*9059011020*0067*UD,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]'),
    );
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 0x55c0, cellId: 0x3b882a2, signalStrength: -132 }]);
  });

  it('decodes a numbered (ZJ) report, WT and UD3', () => {
    const device = protocolTest(watchCodec);
    device.position(watch(162), {
      fixTime: '2018-03-07T02:08:27.000Z',
      attributes: { batteryLevel: 19, steps: 1000 },
    });
    device.position(
      text('[3G*6005412902*011F*WT,170517,133811,V,18.512200,N,73.7750283,E,0.00,0.0,0.0,0,92,82,4262,0,00000010,2,1,404,22,10125,8301,141,10125,13921,122,0]'),
      { latitude: 18.5122, attributes: { steps: 4262, motion: true } },
    );
    device.position(text('[3G*8308406279*00CC*UD3,170417,190930,V,54.739618,N,25.273213,E,0.0,323.53,175.1,6,51,83,0,0,00000000,0,0]'), { course: 323.53 });
  });
});

describe('watch alarms', () => {
  it('decodes the alarm from the status word and answers AL', () => {
    const { reply } = protocolTest(watchCodec).answered(watch(20), { attributes: { alarm: 'sos', batteryLevel: 22 } });
    expect(reply).toEqual(text('[3G*6907919734*0002*AL]'));
  });

  it('answers numbered alarms with the same number', () => {
    const { position, reply } = protocolTest(watchCodec).answered(watch(41), { attributes: { alarm: 'removing' } });
    expect(position.network?.wifiAccessPoints).toHaveLength(6);
    expect(reply).toEqual(text('[ZJ*689466020014198*0003*0002*AL]'));
  });

  it.each([
    ['0001', 'lowBattery'],
    ['00200010', 'fallDown'],
    ['00000000', 'general'],
  ])('status %s is %s', (status, alarm) => {
    protocolTest(watchCodec).position(
      text(`[SG*8800000015*0087*AL,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,${status},0,0]`),
      { attributes: { alarm } },
    );
  });
});

describe('watch health measurements', () => {
  // As text, which names each case.
  const message = traccarMessages('watch');
  it.each([
    [message(153), { heartRate: 72 }],
    [message(159), { heartRate: 71 }],
    [message(82), { pressureHigh: '120', pressureLow: '79', heartRate: 73 }],
    [message(85), { pressureHigh: '109', pressureLow: '68', heartRate: undefined }],
    [message(37), { temp1: 36.5 }],
    [message(51), { temp1: 35.29 }],
    [message(24), { bloodOxygen: 98 }],
  ])('%s', (frame, attributes) => {
    protocolTest(watchCodec).position(text(frame), { outdated: true, attributes });
  });
});

describe('watch framing', () => {
  const LK = binary('5b33472a393730353134313734302a303030392a4c4b2c302c302c35335d');

  it('splits concatenated messages and waits for a split one', () => {
    const stream = Buffer.concat([LK, text('[3G*9705141740*0003*TKQ]'), LK]);
    expect(protocolTest(watchCodec).decode(stream)).toHaveLength(3);
    expect(watchCodec.frameLength(LK.subarray(0, 10))).toBe(0);
  });

  it('counts brackets inside Wi-Fi names', () => {
    const frame = text('[3G*880900242*0050*UD,120623,140020,A,48.949273,N, 4.3783060,E,18.56,43.8,0.0,12,100,76,226120,0,00000000,0,1,[LG_Wall-Mount A/C]e725,66:a1:ed:e1:e7:25,-82,15.0]');
    expect(watchCodec.frameLength(Buffer.concat([frame, LK]))).toBe(frame.length);
    protocolTest(watchCodec).position(frame, { attributes: { steps: 226120 } });
  });

  it('skips junk before a message', () => {
    const stream = Buffer.concat([text('\r\nxx'), LK]);
    expect(() => watchCodec.frameLength(stream)).toThrow();
    expect(watchCodec.frameStart?.(stream, 0)).toBe(4);
  });

  it('refuses broken messages', () => {
    const device = protocolTest(watchCodec);
    for (const frame of ['[SG]', '[SG*123]', '[SG*123*LK]', '[SG*123*0002*LK}x]']) {
      expect(() => watchCodec.decode(text(frame), device.state, new Date()), frame).toThrow();
    }
  });
});
