import { describe, expect, it } from 'vitest';
import { KNOTS_PER_KMH } from '@rastro/api';
import { fix, gsmWifiNetwork, protocolTest, text } from '../testing/protocol-test.ts';
import { tk103Codec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's Tk103ProtocolDecoderTest (vectors/traccar/tk103.json).
const tk103 = traccarFrames('tk103');
const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const device = () => protocolTest(tk103Codec, { receivedAt: RECEIVED });

describe('TK103 handshake, login and alarms', () => {
  it('a handshake (BP00) identifies the device and is answered AP01HSO', () => {
    const tracker = protocolTest(tk103Codec, { anonymous: true });
    expect(tracker.none(tk103(59))?.toString()).toBe('(027044702512AP01HSO)');
    expect(tracker.state.device?.uniqueId).toBe('027044702512');
    expect(tracker.none(tk103(84))?.toString()).toBe('(087073005534AP01HSO)');
  });

  it('a login (BP05) carries the IMEI and a position, and is answered AP05', () => {
    const frame = tk103(99);
    const [result] = device().decode(frame);
    expect(result.uniqueId).toBe('088046338039');
    expect(result.reply?.toString()).toBe('(088046338039AP05)');
    device().position(frame, {
      ...fix('2016-07-27T14:03:09.000Z', true, 33 + 54.7768 / 60, 35 + 40.7258 / 60),
      speed: 0,
      course: 65.1,
      attributes: { charge: true, ignition: false, odometer: 0xbeb0d4, fuel: 0, temp1: 17.3 },
    });
  });

  it('a BO01 alarm, answered AS01 with its alarm digit', () => {
    const frame = tk103(151);
    expect(device().reply(frame)?.toString()).toBe('(013666666666AS012)');
    device().position(frame, { fixTime: '2011-09-25T02:59:48.000Z', longitude: -(12 + 34.5678 / 60), attributes: { alarm: 'sos' } });
    expect(device().reply(tk103(130))).toBeUndefined();
  });

  /** The same comma-separated report under another command, which alone says the event. */
  const report = (command: string) => `(013632651491,${command},040613,A,2234.0297N,11405.9101E,000.0,040137,178.48)`;

  it.each([
    [tk103(37).toString('latin1'), { alarm: 'overspeed' }],
    [report('ZC11'), { alarm: 'movement' }],
    [report('ZC12'), { alarm: 'lowBattery' }],
    [report('ZC13'), { alarm: 'powerCut' }],
    [report('ZC17'), { alarm: 'removing' }],
    [report('ZC15'), { ignition: true }],
    [report('DW36'), { ignition: false }],
    [report('ZC07'), {}],
  ])('%s', (frame, attributes) => {
    expect(device().position(text(frame)).attributes).toEqual(attributes);
  });
});

describe('TK103 positions', () => {
  it('the fixed-width layout: yymmdd, km/h, course, charging, ignition, fuel and odometer in hex', () => {
    device().position(tk103(120), {
      ...fix('2015-10-24T05:51:48.000Z', true, -25.92255, 28.92222),
      speed: 4.7 * KNOTS_PER_KMH,
      course: 276.17,
      attributes: { charge: true, ignition: true, in2: 0, panic: 0, out2: 0, fuel: 0, odometer: 0x9aa3 },
    });
  });

  it('io digits: inputs and outputs always, the other lines only when set unless decodeLow', () => {
    const frame = text('(007611121184BR00170816A2401.5217N07447.0788E000.0221352232.3410F7A04FL0030F14F)');
    const position = device().position(frame);
    expect(position.attributes).toEqual({
      charge: false, ignition: false, in2: 1, panic: 1, out2: 1, blocked: 1, hs3: 1, hs2: 1, hs1: 1, ls3: 1, ls1: 1, fuel: 0x04f, odometer: 0x30f14f,
    });
    const low = device();
    low.settings({ 'tk103.decodeLow': true });
    low.position(frame, { attributes: { door: 0, ls2: 0, ls1: 1 } });
  });

  it('the comma-separated layout: ddmmyy', () => {
    const tracker = protocolTest(tk103Codec, { anonymous: true });
    tracker.position(tk103(172), {
      fixTime: '2014-04-24T11:28:25.000Z',
      latitude: 45 + 27.3513 / 60,
      longitude: 9 + 9.9758 / 60,
      speed: 4.8 * KNOTS_PER_KMH,
      course: 155.49,
    });
    expect(tracker.state.device?.uniqueId).toBe('352606090042050');
    device().position(tk103(203), {
      fixTime: '2017-11-13T22:37:07.000Z',
      course: 291.65,
    });
  });

  it('space-padded coordinates and speed', () => {
    device().position(tk103(41), {
      fixTime: '2020-06-17T17:37:25.000Z',
      longitude: -(84 + 15.4076 / 60),
      speed: 46 * KNOTS_PER_KMH,
      course: 87.31,
    });
  });

  it('speed in other units with tk103.speed', () => {
    const tracker = device();
    tracker.settings({ 'tk103.speed': 'kn' });
    tracker.position(tk103(120), { speed: 4.7 });
  });
});

describe('TK103 messages without a fix', () => {
  it('cells in sight and the odometer', () => {
    const position = device().position(tk103(21), {
      outdated: true,
      attributes: { odometer: 0x01000000 },
    });
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 20949, cellId: 58711 },
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 20494, cellId: 54003 },
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 20951, cellId: 19569 },
    ]);
  });

  it('the serving cell (BZ00), lac and cid in hex', () => {
    const position = device().position(text('(087073104337BZ00,740,000,3bf7,0425,3bf7,0bf5,3bf7,09e7,01000000)'), { outdated: true });
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 740, mobileNetworkCode: 0, locationAreaCode: 0x3bf7, cellId: 0x425 }]);
  });

  it('cell and Wi-Fi (DW5x), timed by the message', () => {
    const position = device().position(tk103(215), { outdated: true, deviceTime: '2017-11-15T15:44:19.000Z', attributes: { alarm: 'movement' } });
    expect(position.network).toEqual(gsmWifiNetwork(
      [{ mobileCountryCode: 200, mobileNetworkCode: 1, locationAreaCode: 3215, cellId: 43370 }],
      [
        { macAddress: '58:F3:BB:3B:AA:82', signalStrength: -65 },
        { macAddress: '1C:6A:BB:AA:81:95', signalStrength: -78 },
      ],
    ));
    // A count that does not match the list: the access points are left out.
    const cellOnly = device().position(text('(013632651491,DW50,460,0,0,6,3,aa:bb:cc:dd:ee:ff*-8*0,040613,040137)'));
    expect(cellOnly.network?.wifiAccessPoints).toBeUndefined();
  });

  it('battery (ZC20): level steps, volts; 255 and 65535 are not measured', () => {
    device().position(tk103(114), {
      outdated: true,
      deviceTime: '2013-06-04T04:01:37.000Z',
      attributes: { batteryLevel: 100, battery: 4.21, power: 11.2 },
    });
    expect(device().position(text('(864768010159785,ZC20,291015,030413,255,65535,65535,255)')).attributes).toEqual({});
  });

  it('a command result (ZC03), its free text may hold line breaks and parentheses', () => {
    device().position(tk103(227), {
      deviceTime: '2017-11-19T23:42:07.000Z',
      attributes: { result: 'Notice: Device version: 1.0' },
    });
    device().position(text('(8647555555,ZC03,191117,234421,$(V2.000)\r\nOK$)'), { attributes: { result: '(V2.000)\r\nOK' } });
  });

  it('the VIN (BV00)', () => {
    device().position(tk103(33), { outdated: true, attributes: { vin: '5J6RW2H53HL066029' } });
  });

  it('battery management data: the BS50 record', () => {
    const position = device().position(tk103(17), { outdated: true, attributes: { battery1: 4.081, battery14: 4.082, batteryTemp1: 28, batteryTemp2: 26 } });
    expect(position.attributes.battery15).toBeUndefined();
  });

  it('battery management data: BS51 blocks', () => {
    device().position(
      text('(007030201454BS5190:02150000753001DC,91:0EE8060EDC0A01DC,92:42014201DC0A01DC,96:0142000000000000,97:0000000000000000)'),
      {
        outdated: true,
        attributes: {
          cumulativeVoltage: 53.3,
          gatherVoltage: 0,
          current: 0,
          soc: 47.6,
          maxCellVoltage: 3.816,
          maxCellVoltageCount: 6,
          minCellVoltage: 3.804,
          minCellVoltageCount: 10,
          maxTemp: 26,
          maxTempCount: 1,
          cellTemp1: 26,
          cellTemp7: -40,
        },
      },
    );
  });

  it('frames that do not read give nothing', () => {
    device().none(tk103(87));
    device().none(tk103(136));
  });
});
