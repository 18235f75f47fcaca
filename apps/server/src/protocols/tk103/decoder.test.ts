import { describe, expect, it } from 'vitest';
import { KNOTS_PER_KMH } from '@rastro/api';
import { fix, protocolTest, text } from '../testing/protocol-test.ts';
import { tk103Codec } from './codec.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
const device = () => protocolTest(tk103Codec, { receivedAt: RECEIVED });

describe('TK103 handshake, login and alarms', () => {
  it('a handshake (BP00) identifies the device and is answered AP01HSO', () => {
    const tracker = protocolTest(tk103Codec, { anonymous: true });
    expect(tracker.none(text('(027044702512BP00027044702512HSO01A4)'))?.toString()).toBe('(027044702512AP01HSO)');
    expect(tracker.state.device?.uniqueId).toBe('027044702512');
    expect(tracker.none(text('(087073005534BP00HSO)'))?.toString()).toBe('(087073005534AP01HSO)');
  });

  it('a login (BP05) carries the IMEI and a position, and is answered AP05', () => {
    const frame = text('(088046338039BP05000088046338039160727A3354.7768N03540.7258E000.0140309065.1000000000L00BEB0D4+017.3)');
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
    const frame = text('(013666666666BO012110925A1234.5678N01234.5678W000.0025948118.7200000000L000024DE)');
    expect(device().reply(frame)?.toString()).toBe('(013666666666AS012)');
    device().position(frame, { fixTime: '2011-09-25T02:59:48.000Z', longitude: -(12 + 34.5678 / 60), attributes: { alarm: 'sos' } });
    expect(device().reply(text('(088048003342BR00150917A1352.9801N10030.9050E000.0103224000.0000010000L000003F9)'))).toBeUndefined();
  });

  /** The same comma-separated report under another command, which alone says the event. */
  const report = (command: string) => `(013632651491,${command},040613,A,2234.0297N,11405.9101E,000.0,040137,178.48)`;

  it.each([
    ['(044027395704BQ81,ALARM,1,164,151101A2238.5237N11349.4571E0.7031241010.0000,00000000)', { alarm: 'overspeed' }],
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
    device().position(text('(088047365460BR00151024A2555.3531S02855.3329E004.7055148276.1701000000L00009AA3)'), {
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
    tracker.position(text('(352606090042050,BP05,240414,A,4527.3513N,00909.9758E,4.80,112825,155.49)'), {
      fixTime: '2014-04-24T11:28:25.000Z',
      latitude: 45 + 27.3513 / 60,
      longitude: 9 + 9.9758 / 60,
      speed: 4.8 * KNOTS_PER_KMH,
      course: 155.49,
    });
    expect(tracker.state.device?.uniqueId).toBe('352606090042050');
    device().position(text('(864555555555555,DW3B,131117,A,5544.02870N,01315.08194E,1.597,223707,291.65,-0.10,4)'), {
      fixTime: '2017-11-13T22:37:07.000Z',
      course: 291.65,
    });
  });

  it('space-padded coordinates and speed', () => {
    device().position(text('(027023361470BR00200617A4000.5775N 8415.4076W 46.0173725 87.3101000000L00000000)'), {
      fixTime: '2020-06-17T17:37:25.000Z',
      longitude: -(84 + 15.4076 / 60),
      speed: 46 * KNOTS_PER_KMH,
      course: 87.31,
    });
  });

  it('speed in other units with tk103.speed', () => {
    const tracker = device();
    tracker.settings({ 'tk103.speed': 'kn' });
    tracker.position(text('(088047365460BR00151024A2555.3531S02855.3329E004.7055148276.1701000000L00009AA3)'), { speed: 4.7 });
  });
});

describe('TK103 messages without a fix', () => {
  it('cells in sight and the odometer', () => {
    const position = device().position(text('(027046434858BZ00,{460,0,20949,58711}\n{460,0,20494,54003}\n{460,0,20951,19569}\n,01000000)'), {
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
    const position = device().position(
      text('(864555555555555,DW51,200,1,3215,43370,2,58:F3:BB:3B:AA:82*-65*1,1C:6A:BB:AA:81:95*-78*1,151117,154419)'),
      { outdated: true, deviceTime: '2017-11-15T15:44:19.000Z', attributes: { alarm: 'movement' } },
    );
    expect(position.network).toEqual({
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [{ mobileCountryCode: 200, mobileNetworkCode: 1, locationAreaCode: 3215, cellId: 43370 }],
      wifiAccessPoints: [
        { macAddress: '58:F3:BB:3B:AA:82', signalStrength: -65 },
        { macAddress: '1C:6A:BB:AA:81:95', signalStrength: -78 },
      ],
    });
    // A count that does not match the list: the access points are left out.
    const cellOnly = device().position(text('(013632651491,DW50,460,0,0,6,3,aa:bb:cc:dd:ee:ff*-8*0,040613,040137)'));
    expect(cellOnly.network?.wifiAccessPoints).toBeUndefined();
  });

  it('battery (ZC20): level steps, volts; 255 and 65535 are not measured', () => {
    device().position(text('(013632651491,ZC20,040613,040137,6,421,112,0)'), {
      outdated: true,
      deviceTime: '2013-06-04T04:01:37.000Z',
      attributes: { batteryLevel: 100, battery: 4.21, power: 11.2 },
    });
    expect(device().position(text('(864768010159785,ZC20,291015,030413,255,65535,65535,255)')).attributes).toEqual({});
  });

  it('a command result (ZC03), its free text may hold line breaks and parentheses', () => {
    device().position(text('(864555555555555,ZC03,191117,234207,$Notice: Device version: 1.0$)'), {
      deviceTime: '2017-11-19T23:42:07.000Z',
      attributes: { result: 'Notice: Device version: 1.0' },
    });
    device().position(text('(8647555555,ZC03,191117,234421,$(V2.000)\r\nOK$)'), { attributes: { result: '(V2.000)\r\nOK' } });
  });

  it('the VIN (BV00)', () => {
    device().position(text('(027023361470BV005J6RW2H53HL066029)'), { outdated: true, attributes: { vin: '5J6RW2H53HL066029' } });
  });

  it('battery management data: the BS50 record', () => {
    const position = device().position(
      text(
        '(352602014867BS500064FF0EF10FF10FF00FF20FF30FF20FF20FF40FF20FF40FF40FF20FF30FF20F0000000000000000000000000000000000000000000000001663000000010004000000000000000002444444420000000000A00FA000000000000000200000000315E2000000)',
      ),
      { outdated: true, attributes: { battery1: 4.081, battery14: 4.082, batteryTemp1: 28, batteryTemp2: 26 } },
    );
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
    device().none(text('(027028258309BQ86,0,05550c21b10d1d0f431008bd114c0ea5078400010007a100423932,161117005322,01000001)'));
    device().none(text('(090411121854BP0000001234567890HSO)'));
  });
});
