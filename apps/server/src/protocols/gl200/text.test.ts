import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { gsmNetwork, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames, traccarMessages } from '../testing/traccar-vectors.ts';
import { gl200Codec } from './codec.ts';

// Frames by their line in Traccar's Gl200TextProtocolDecoderTest (vectors/traccar/gl200.json); values
// worked out from the @Track layouts. Frames written out here are ours, not in Traccar's test.
const gl200 = traccarFrames('gl200', 'Gl200TextProtocolDecoderTest.java');
/** The same frames as text: to edit, or to end with the `$` that some of Traccar's copies leave out. */
const gl200Text = traccarMessages('gl200', 'Gl200TextProtocolDecoderTest.java');

describe('gl200 fixed reports (FRI family)', () => {
  it('decodes a GV300 FRI: location, cell, odometer, hour meter, analog inputs and device status', () => {
    const device = protocolTest(gl200Codec);
    const position = device.position(gl200(471), {
      fixTime: '2016-02-10T15:34:58.000Z',
      deviceTime: '2016-02-10T11:35:03.000Z',
      valid: true,
      outdated: false,
      latitude: -17.776235,
      longitude: -63.169571,
      altitude: 431.7,
      speed: 0,
      attributes: {
        type: 'FRI',
        hdop: 1,
        power: 15.153,
        odometer: 34_900,
        hours: (117 * 3600 + 31 * 60 + 26) * 1000,
        adc1: 13.442,
        adc2: 15.163,
        batteryLevel: 0,
        ignition: true,
        input: 1,
        in1: false,
        output: 1,
        out1: true,
      },
    });
    expect(position.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 736, mobileNetworkCode: 3, locationAreaCode: 0x6ad4, cellId: 0x80ef }] });
  });

  it('gives one position per fix; the fields after the fixes go to the last', () => {
    const device = protocolTest(gl200Codec);
    const positions = device.positions(gl200(234), {
      fixTime: '2018-12-14T13:46:03.000Z',
      latitude: 47.681639,
      longitude: 8.611466,
      speed: 2.1 * KNOTS_PER_KMH,
      attributes: { odometer: 25_200 },
    });
    expect(positions.map((p) => p.fixTime.toISOString())).toEqual([
      '2018-12-14T13:46:03.000Z',
      '2018-12-14T13:46:19.000Z',
      '2018-12-14T13:46:33.000Z',
      '2018-12-14T13:46:48.000Z',
    ]);
    expect(positions[0].attributes).not.toHaveProperty('batteryLevel');
    expect(positions[3].attributes).toMatchObject({ batteryLevel: 83, type: 'FRI' });
    expect(positions[3].deviceTime.toISOString()).toBe('2018-12-14T13:47:02.000Z');
  });

  it('keeps only the last fix, timed at the send time, with gl200.ignoreFixTime', () => {
    const device = protocolTest(gl200Codec);
    device.settings({ 'gl200.ignoreFixTime': true });
    device.position(gl200(561), { fixTime: '2009-02-14T09:32:54.000Z', deviceTime: '2009-02-14T09:32:54.000Z', attributes: { odometer: 2_000_000, batteryLevel: 80 } });
  });

  it('reads the Wi-Fi networks a GT501 lists with its fix', () => {
    const device = protocolTest(gl200Codec);
    const position = device.position(gl200(139), { latitude: 30.109955, longitude: -95.559173, attributes: { batteryLevel: 93 } });
    expect(position.network).toMatchObject({
      cellTowers: [{ mobileCountryCode: 310, mobileNetworkCode: 10, locationAreaCode: 0x711d, cellId: 0x81ecf0f }],
    });
    const wifi = (position.network as { wifiAccessPoints: unknown[] }).wifiAccessPoints;
    expect(wifi).toHaveLength(6);
    expect(wifi[0]).toEqual({ macAddress: '0e:36:c9:91:64:85', signalStrength: -50 });
  });

  it('reads signal, battery, motion and charging of asset trackers', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(186), { course: 351, attributes: { rssi: 3, batteryLevel: 85, motion: true, charge: false } });
  });

  it('reads the VIN of GV500 reports and the CAN adapter values', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(438), {
      outdated: false,
      attributes: { vin: '1G1JC5444R7252367', power: 12.802, odometer: 20_460_900, hours: (80 * 3600 + 3 * 60 + 37) * 1000, rpm: 791, fuel: 56, ignition: true },
    });
  });

  it('takes GEO, RTL, DOG, STR and CTN as fixed reports', () => {
    const device = protocolTest(gl200Codec);
    const positions = device.positions(
      text('+RESP:GTGEO,020102,135790246811220,,0,0,2,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000,0460,0000,18d8,6141,00,,20090214093254,11F0$'),
      { fixTime: '2009-02-14T01:32:54.000Z', attributes: { type: 'GEO' } },
    );
    expect(positions).toHaveLength(2);
    device.position(gl200(215), { attributes: { type: 'CTN', batteryLevel: 9 } });
  });

  it('leaves a report without coordinates to the last known fix', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(369), {
      outdated: true,
      deviceTime: '2017-03-18T21:43:33.000Z',
      network: gsmNetwork({ mobileCountryCode: 310, mobileNetworkCode: 410, locationAreaCode: 0x51bc, cellId: 0xca1dae6 }),
      attributes: { batteryLevel: 1 },
    });
  });
});

describe('gl200 extended reports (ERI)', () => {
  it('reads 1-Wire temperature probes in sixteenths of a degree', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(193), {
      fixTime: '2021-02-25T06:57:56.000Z',
      deviceTime: '2021-02-25T06:58:00.000Z',
      speed: 96.1 * KNOTS_PER_KMH,
      attributes: { type: 'ERI', odometer: 15_529_800, adc2: 2.789, input: 1, output: 0, temp1: -1.875, temp2: -3.5 },
    });
  });

  it('reads the digital fuel sensor, the GV350M through its UART block', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(164), { attributes: { fuel: 0x99, batteryLevel: 100, ignition: false } });
    device.position(gl200(50), { attributes: { fuel: 0x1df } });
  });

  it('reads BLE sensors: id, temperature, humidity and battery', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(39), { attributes: { batteryLevel: 99, ignition: true, tag1Id: '7805414BA78A', tag1Temp: 24, tag1Humidity: 33, tag1Battery: 100 } });
  });

  it('lays out personal trackers (GL500M) and the GL320M by model', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(196), { attributes: { batteryLevel: 79, hdop: 2 } });
    device.position(gl200(30), {
      speed: 47.2 * KNOTS_PER_KMH,
      attributes: { batteryLevel: 27 },
    });
  });

  it('takes the model from the device settings before the protocol version', () => {
    const device = protocolTest(gl200Codec);
    const frame = gl200(74);
    device.position(frame, { attributes: { power: 12.295, power2: 13.985, battery: 4.25 } });
    // The GV350M has its expansion mask where others report a second supply.
    device.settings({ model: 'gv350m' });
    const position = device.position(frame, { attributes: { power: 12.295, battery: 4.25 } });
    expect(position.attributes).not.toHaveProperty('power2');
  });
});

describe('gl200 vehicle bus reports (CAN, OBD)', () => {
  it('reads the CAN fields its masks announce', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(70), {
      outdated: true,
      deviceTime: '2024-12-13T11:37:15.000Z',
      attributes: {
        type: 'CAN',
        vin: 'YS2K4X20001928588',
        ignition: true,
        obdOdometer: 149_381,
        fuelUsed: 4236.08,
        coolantTemp: 58,
        fuel: 94.8,
        hours: 529 * 3_600_000,
        axleWeight: 8688,
        adBlueLevel: 100,
        axleWeight1: 5571,
        driver1Card: 'E E05653940B000003',
        registration: '4054MTX',
      },
    });
  });

  it('reads the location that follows the CAN values when the mask announces it', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(252), {
      outdated: false,
      valid: false,
      fixTime: '2018-11-10T10:31:30.000Z',
      deviceTime: '2018-11-10T10:53:48.000Z',
      latitude: 50.110796,
      longitude: 14.27146,
      course: 312,
      attributes: { rpm: 601, fuel: 53, coolantTemp: 83, obdOdometer: 46_358 },
    });
  });

  it('reads an OBD report: engine values, trouble codes, then the location', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(498), {
      fixTime: '2015-08-13T07:48:24.000Z',
      deviceTime: '2015-08-13T07:48:28.000Z',
      latitude: 6.529714,
      speed: 6.5 * KNOTS_PER_KMH,
      course: 74,
      attributes: { type: 'OBD', rpm: 787, obdSpeed: 3, temp1: 43, dtcsClearedDistance: 921, odbConnect: true, dtcsNumber: 10, throttle: 20, obdOdometer: 0 },
    });
  });
});

describe('gl200 information reports', () => {
  it('decodes INF: state, ICCID, signal, supply and battery, without a location', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(423), {
      outdated: true,
      deviceTime: '2009-02-14T09:32:54.000Z',
      attributes: { type: 'INF', ignition: false, motion: true, iccid: '898600810906F8048812', rssi: 16, power: 12, battery: 4.4 },
    });
    device.position(text(gl200Text(600), '$'), {
      attributes: { ignition: false, motion: false, power: 12.349, battery: 4.15, charge: true, adc1: 0, adc3: 0 },
    });
  });

  it('ignores the GT300 INF layout, which has no protocol version', () => {
    const device = protocolTest(gl200Codec);
    device.none(text(gl200Text(513), '$'));
  });

  it('decodes VER: device type, firmware and hardware versions', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(585), {
      outdated: true,
      deviceTime: '2016-10-07T04:15:31.000Z',
      attributes: { type: 'VER', deviceType: 'GL300', versionFw: '2563', versionHw: '259' },
    });
  });

  it('decodes the cells of GSM and LBS reports and the networks of WIF', () => {
    const device = protocolTest(gl200Codec);
    const gsm = device.position(gl200(372), { outdated: true });
    const towers = (gsm.network as { cellTowers: unknown[] }).cellTowers;
    expect(towers).toHaveLength(5);
    expect(towers[0]).toEqual({ mobileCountryCode: 234, mobileNetworkCode: 15, locationAreaCode: 0x3a, cellId: 0x62a2, signalStrength: 16 });

    const lbs = device.position(gl200(87), { outdated: true, deviceTime: '2024-08-26T08:51:02.000Z', attributes: { batteryLevel: 92 } });
    expect((lbs.network as { cellTowers: unknown[] }).cellTowers[0]).toEqual({ mobileCountryCode: 204, mobileNetworkCode: 8, locationAreaCode: 0xcee, cellId: 0xb951, signalStrength: 18 });

    const wif = device.position(gl200(390), { outdated: true, attributes: { batteryLevel: 97 } });
    expect(wif.network).toEqual({ radioType: 'gsm', considerIp: false, wifiAccessPoints: [{ macAddress: '08:62:66:93:fb:98', signalStrength: -36 }] });
  });
});

describe('gl200 event reports', () => {
  it('decodes ignition on and off, with hour meter and odometer', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(456), {
      fixTime: '2016-03-09T02:29:51.000Z',
      course: 189,
      attributes: { type: 'IGN', ignition: true, odometer: 881_200 },
    });
    device.position(gl200(33), {
      latitude: 51.882342,
      attributes: { ignition: true, odometer: 5_810_900 },
    });
    device.position(gl200(57), {
      outdated: true,
      attributes: { ignition: false },
    });
    device.position(gl200(614), { attributes: { ignition: true, sat: 11 } });
    device.position(gl200(112), { attributes: { type: 'VGN', ignition: true } });
  });

  it('decodes the input switches (LSW, TSW) and driver identification (IDA)', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(273), { attributes: { in1: true } });
    device.position(gl200(270), { attributes: { in2: false } });
    device.position(gl200(453), { attributes: { driverUniqueId: '01C68011010000C7', odometer: 34_900 } });
  });

  it('decodes power on and off (PNA, PFA) as alarms without a location', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(227), { outdated: true, attributes: { alarm: 'powerOn' } });
    device.position(gl200(223), { outdated: true, attributes: { alarm: 'powerOff' } });
  });

  it('decodes the driver monitoring warnings (DAR)', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(175), { latitude: 22.537279, attributes: { warningType: 4 } });
    device.position(text(gl200Text(175).replace(',4,0,', ',1,3,')), { attributes: { alarm: 'fatigueDriving', fatigueDegree: 3 } });
  });

  it('decodes the light sensor alarm (LSA)', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTLSA,300500,860599002636595,,0,1,1,0,0.0,0,2886.5,-78.467145,-0.165335,20180518221815,0740,0000,7596,5891C,,0,1,85,0,1,-12.5,20180518221817,B6FD$'), {
      latitude: -0.165335,
      deviceTime: '2018-05-18T22:18:17.000Z',
      attributes: { type: 'LSA', lightLevel: 1, batteryLevel: 85, temp1: -12.5 },
    });
  });
});

describe('gl200 accessory reports', () => {
  it('decodes BLE accessory alarms (BAA) and identification (BID)', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(149), { attributes: { accessoryMac: '780541256AE9', accessoryVoltage: 3.065 } });
    device.position(gl200(153), { attributes: { accessoryMac: 'B80EA11FF800', accessoryVoltage: 2.934 } });
  });

  it('decodes serial data (DTT): a fuel sensor line, or any text as the result', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(157), {
      outdated: true,
      attributes: { fuel: 94 },
    });
    device.position(text('+RESP:GTDTT,410502,864802030541621,,,,1,5,48454c4c4f,20230421034626,EA2E$'), { attributes: { result: 'HELLO' } });
  });

  it('keeps the text of a serial accessory (DAT) with the location', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(42), { latitude: 22.143452, attributes: { data: '>I:5014|DB|607|0|0.00|0.00|0.00|0|0|0|0|1679|4|<' } });
  });
});

describe('gl200 other reports', () => {
  it.each([
    ['SOS', gl200(582), { alarm: 'sos' }],
    // Ours: the SOS report of line 582 as an SPD, at 84.3 km/h.
    ['SPD', text(gl200Text(582).replace('GTSOS', 'GTSPD').replace(',4.3,', ',84.3,')), { alarm: 'overspeed' }],
    ['MPN', gl200(324), { alarm: 'powerRestored' }],
    ['BPL', gl200(342), { alarm: 'lowBattery' }],
    ['STT', gl200(447), { alarm: 'movement' }],
    ['JDS', gl200(579), { alarm: 'jamming' }],
    ['TEM', gl200(573), { alarm: 'temperature' }],
    ['HBM braking', gl200(543), { alarm: 'hardBraking' }],
    ['HBM acceleration', gl200(546), { alarm: 'hardAcceleration' }],
    ['HBM cornering', gl200(66), { alarm: 'hardCornering' }],
    ['DIS', gl200(279), { in2: true }],
    ['IGL', gl200(282), { ignition: true }],
    ['NMR', gl200(179), { motion: false, batteryLevel: 74 }],
  ])('reads %s by what its fields look like', (_name, frame, attributes) => {
    const device = protocolTest(gl200Codec);
    device.position(frame, { valid: true, outdated: false, attributes });
  });

  it('finds the location and the cell wherever they are', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(447), {
      fixTime: '2016-03-19T13:22:20.000Z',
      deviceTime: '2016-03-19T09:22:23.000Z',
      latitude: -17.77633,
      longitude: -63.169745,
      altitude: 411.3,
      network: gsmNetwork({ mobileCountryCode: 736, mobileNetworkCode: 3, locationAreaCode: 0x6ad4, cellId: 0x5baa }),
      attributes: { type: 'STT', hdop: 0 },
    });
    device.position(gl200(231), {
      outdated: true,
      network: gsmNetwork({ mobileCountryCode: 228, mobileNetworkCode: 2, locationAreaCode: 0x4ee8, cellId: 0x1bff489 }),
    });
  });

  it('turns command acknowledgements into results', () => {
    const device = protocolTest(gl200Codec);
    device.position(text(gl200Text(591), '$'), {
      outdated: true,
      deviceTime: '2016-10-06T05:35:20.000Z',
      attributes: { result: '+ACK:GTRTO' },
    });
  });

  it('ignores what is not an @Track report', () => {
    const device = protocolTest(gl200Codec);
    expect(device.decode(text('+HELLO WORLD$'))).toEqual([{}]);
  });
});
