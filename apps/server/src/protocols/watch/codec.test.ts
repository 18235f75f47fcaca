import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { binary, protocolTest, text } from '../testing/protocol-test.ts';
import { watchCodec } from './codec.ts';

// Frames from Traccar's WatchProtocolDecoderTest and WatchFrameDecoderTest unless said otherwise.

describe('watch link keep-alive', () => {
  it('identifies the device and answers LK with LK', () => {
    const device = protocolTest(watchCodec, { anonymous: true });
    expect(device.none(text('[SG*8800000015*0002*LK]'))).toEqual(text('[SG*8800000015*0002*LK]'));
    expect(device.state.device?.uniqueId).toBe('8800000015');
  });

  it('keeps steps and battery of a full LK as a status without location', () => {
    const device = protocolTest(watchCodec);
    device.position(text('[3G*4700186508*000B*LK,0,10,100]'), { outdated: true, attributes: { steps: 0, batteryLevel: 100 } });
    expect(device.none(text('[SG*9081000548*0009*LK,0,100]'))).toEqual(text('[SG*9081000548*0002*LK]'));
  });

  it('answers INIT and the voice-message checks', () => {
    const device = protocolTest(watchCodec);
    expect(device.none(text('[3G*8800000015*0004*INIT]'))).toEqual(text('[3G*8800000015*0006*INIT,1]'));
    expect(device.none(text('[3G*8800000015*0003*TKQ]'))).toEqual(text('[3G*8800000015*0003*TKQ]'));
    expect(device.none(text('[3G*8800000015*0004*TKQ2]'))).toEqual(text('[3G*8800000015*0004*TKQ2]'));
  });
});

describe('watch locations', () => {
  it('decodes a UD fix with its cells, unanswered', () => {
    const device = protocolTest(watchCodec);
    const frame = text('[SG*8800000015*0087*UD,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0000,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141]');
    const position = device.position(frame, {
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
    expect(device.reply(frame)).toBeUndefined();
  });

  it('takes signed coordinates whatever the hemisphere letters say, except S and W', () => {
    const device = protocolTest(watchCodec);
    device.position(
      text('[3G*6105117105*008D*UD2,210716,231601,V,-33.480366,N,-70.7630692,E,0.00,0.0,0.0,0,100,34,0,0,00000000,3,255,730,2,29731,54315,167,29731,54316,162,29731,54317,145]'),
      { valid: false, fixTime: '2016-07-21T23:16:01.000Z', latitude: -33.480366, longitude: -70.7630692 },
    );
    device.position(text('[SG*9081000548*00A9*UD,110116,113639,V,16.479064,S,68.119072,,0.7593,000,99,00,80,80,0,50,00000000,0,0]'), {
      latitude: -16.479064,
      longitude: 68.119072,
    });
  });

  it('decodes LTE and WCDMA reports with Wi-Fi access points', () => {
    const position = protocolTest(watchCodec).position(
      text(
        '[3G*2104326058*00E9*UD_LTE,300621,135101,A,32.162652,N,34.888748,E,30.84,265.158,65.621,18,100,83,0,0,00000000,1,1,425,01,10223,8012811,100,3,ES4104,22:74:1d:39:64:ff,-46,metropoline-wifi,a8:3f:a1:e0:66:ba,-89,Egged.co.il,00:0c:42:51:cf:cd,-81,1.7055488]',
      ),
      { speed: 30.84 * KNOTS_PER_KMH, course: 265.158, altitude: 65.621 },
    );
    expect(position.network).toEqual({
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [{ mobileCountryCode: 425, mobileNetworkCode: 1, locationAreaCode: 10223, cellId: 8012811, signalStrength: -100 }],
      wifiAccessPoints: [
        { macAddress: '22:74:1d:39:64:ff', signalStrength: -46 },
        { macAddress: 'a8:3f:a1:e0:66:ba', signalStrength: -89 },
        { macAddress: '00:0c:42:51:cf:cd', signalStrength: -81 },
      ],
    });
    protocolTest(watchCodec).position(
      text('[3G*2104134718*00A1*UD_WCDMA,161019,134938,A,43.373367,N,71.157615,W,22.0,350.206,279.717,17,28,79,0,0,00000000,1,1,310,410,23999,132013696,28,1,Home2,60:45:cb:cb:34:68,-93,8.263865]'),
      { longitude: -71.157615, attributes: { sat: 17 } },
    );
  });

  it('reads cell codes in hex when they hold hex letters', () => {
    const position = protocolTest(watchCodec).position(
      text('[SG*9059011020*0067*UD,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]'),
    );
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 0x55c0, cellId: 0x3b882a2, signalStrength: -132 }]);
  });

  it('decodes a numbered (ZJ) report, WT and UD3', () => {
    const device = protocolTest(watchCodec);
    device.position(text('[ZJ*014111001350304*0033*0064*UD,070318,020827,V,00.000000,N,000.000000,E,0,0,0,0,100,19,1000,50,00000000,1,255,460,0,9346,5223,42]'), {
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
    const device = protocolTest(watchCodec);
    const frame = text('[3G*6907919734*003e*AL_LTE,170525,214118,V,0,N,0,E,0,0,0,0,0,22,0,0,00010000,0,0,0]');
    device.position(frame, { attributes: { alarm: 'sos', batteryLevel: 22 } });
    expect(device.reply(frame)).toEqual(text('[3G*6907919734*0002*AL]'));
  });

  it('answers numbered alarms with the same number', () => {
    const device = protocolTest(watchCodec);
    const frame = text(
      '[ZJ*689466020014198*0003*0113*AL,221121,085515,V,00.000000,N,000.000000,E,0,0,0,0,0,44,0,0,00100000,1,255,460,0,16399,234887445,0,6,WIFI00,68:77:24:1b:e7:a7,-59,WIFI01,68:77:24:1b:e3:30,-75,WIFI02,68:77:24:1b:e3:27,-75,WIFI03,00:41:d2:c0:f2:f1,-76,WIFI04,00:41:d2:c0:f2:f0,-77,WIFI05,68:77:24:1b:e3:d8,-82]',
    );
    const position = device.position(frame, { attributes: { alarm: 'removing' } });
    expect(position.network?.wifiAccessPoints).toHaveLength(6);
    expect(device.reply(frame)).toEqual(text('[ZJ*689466020014198*0003*0002*AL]'));
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
  it.each([
    ['[CS*8800000015*0008*PULSE,72]', { heartRate: 72 }],
    ['[3G*6005412902*0008*heart,71]', { heartRate: 71 }],
    ['[3G*4700609403*0013*bphrt,120,79,73,,,,]', { pressureHigh: '120', pressureLow: '79', heartRate: 73 }],
    ['[ZJ*357653059860416*0007*000c*BLOOD,109,68]', { pressureHigh: '109', pressureLow: '68', heartRate: undefined }],
    ['[ZJ*5678901234*0001*0009*TEMP,36.5]', { temp1: 36.5 }],
    ['[3G*2104326058*000E*btemp2,1,35.29]', { temp1: 35.29 }],
    ['[3G*9705141740*000B*oxygen,0,98]', { bloodOxygen: 98 }],
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
