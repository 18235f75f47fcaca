import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { protocolTest, text } from '../testing/protocol-test.ts';
import { gl200Codec } from './codec.ts';

// Frames from Traccar's Gl200TextProtocolDecoderTest; values worked out from the @Track layouts.

describe('gl200 fixed reports (FRI family)', () => {
  it('decodes a GV300 FRI: location, cell, odometer, hour meter, analog inputs and device status', () => {
    const device = protocolTest(gl200Codec);
    const position = device.position(
      text('+RESP:GTFRI,060228,862894020178276,,15153,10,1,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,20160210113503,38EE$'),
      {
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
      },
    );
    expect(position.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 736, mobileNetworkCode: 3, locationAreaCode: 0x6ad4, cellId: 0x80ef }] });
  });

  it('gives one position per fix; the fields after the fixes go to the last', () => {
    const device = protocolTest(gl200Codec);
    const positions = device.positions(
      text(
        '+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639,20181214134603,0228,0001,077F,4812,25.2,',
        '1,5.7,34,437.3,8.611600,47.681846,20181214134619,0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,20181214134633,0228,0001,077F,4812,25.2,',
        '1,4.8,78,436.6,8.612236,47.682040,20181214134648,0228,0001,077F,4812,25.2,83,20181214134702,0654$',
      ),
      { fixTime: '2018-12-14T13:46:03.000Z', latitude: 47.681639, longitude: 8.611466, speed: 2.1 * KNOTS_PER_KMH, attributes: { odometer: 25_200 } },
    );
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
    device.position(
      text('+RESP:GTFRI,240100,135790246811220,,,10,2,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000,0460,0000,18d8,6141,00,2000.0,12345:12:34,,,80,,,,,20090214093254,11F0$'),
      { fixTime: '2009-02-14T09:32:54.000Z', deviceTime: '2009-02-14T09:32:54.000Z', attributes: { odometer: 2_000_000, batteryLevel: 80 } },
    );
  });

  it('reads the Wi-Fi networks a GT501 lists with its fix', () => {
    const device = protocolTest(gl200Codec);
    const position = device.position(
      text(
        '+RESP:GTFRI,423037,866884047716519,GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955,20231110185836,6,0e36c9916485,-50,,,,e831cd5eb79d,-73,,,,ccf4110c4bd5,-79,,,,',
        'acdb48973168,-79,,,,80ab4dc323c4,-82,,,,ec8eb5cfa1c6,-89,,,,310,10,711D,81ECF0F,00,,93,20231110185839,0005$',
      ),
      { latitude: 30.109955, longitude: -95.559173, attributes: { batteryLevel: 93 } },
    );
    expect(position.network).toMatchObject({
      cellTowers: [{ mobileCountryCode: 310, mobileNetworkCode: 10, locationAreaCode: 0x711d, cellId: 0x81ecf0f }],
    });
    const wifi = (position.network as { wifiAccessPoints: unknown[] }).wifiAccessPoints;
    expect(wifi).toHaveLength(6);
    expect(wifi[0]).toEqual({ macAddress: '0e:36:c9:91:64:85', signalStrength: -50 });
  });

  it('reads signal, battery, motion and charging of asset trackers', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text('+RESP:GTFRI,423031,866873025895726,,0,1,1,0,1,16,0.0,351,51.6,121.391063,31.164633,20181212072535,460,00,1877,DAE,00,3,85,20181212072535,002C$'),
      { course: 351, attributes: { rssi: 3, batteryLevel: 85, motion: true, charge: false } },
    );
  });

  it('reads the VIN of GV500 reports and the CAN adapter values', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text('+RESP:GTFRI,360201,864251020186064,1G1JC5444R7252367,,12802,10,1,0,0.0,0,219.5,-76.661456,39.832588,20160507132235,,,,,,20460.9,00080:03:37,,,100,210000,791,,56,20160507132239,0233$'),
      { outdated: false, attributes: { vin: '1G1JC5444R7252367', power: 12.802, odometer: 20_460_900, hours: (80 * 3600 + 3 * 60 + 37) * 1000, rpm: 791, fuel: 56, ignition: true } },
    );
  });

  it('takes GEO, RTL, DOG, STR and CTN as fixed reports', () => {
    const device = protocolTest(gl200Codec);
    const positions = device.positions(
      text('+RESP:GTGEO,020102,135790246811220,,0,0,2,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000,0460,0000,18d8,6141,00,,20090214093254,11F0$'),
      { fixTime: '2009-02-14T01:32:54.000Z', attributes: { type: 'GEO' } },
    );
    expect(positions).toHaveLength(2);
    device.position(text('+RESP:GTCTN,440200,866427030007379,NOKIA3,0,0,2,,9,1,0.1,174,48.7,-1.061812,51.435270,20190717080549,0234,0015,0025,145A,,,0000,20190717081008,1D3B$'), {
      attributes: { type: 'CTN', batteryLevel: 9 },
    });
  });

  it('leaves a report without coordinates to the last known fix', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTFRI,210102,354524044925825,,1,1,1,,,,,,,,310,410,51bc,ca1dae6,10800,1,20170318214333,0002$'), {
      outdated: true,
      deviceTime: '2017-03-18T21:43:33.000Z',
      network: { radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 310, mobileNetworkCode: 410, locationAreaCode: 0x51bc, cellId: 0xca1dae6 }] },
      attributes: { batteryLevel: 1 },
    });
  });
});

describe('gl200 extended reports (ERI)', () => {
  it('reads 1-Wire temperature probes in sixteenths of a degree', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text('+RESP:GTERI,040A00,862894022579562,gv200,00000002,,10,1,1,96.1,180,749.7,39.222692,24.165463,20210225065756,0420,0004,759C,3360,00,15529.8,,,2789,,01,00,2,2,282BD47A0B000063,1,FFE2,281FDD5D0B000057,1,FFC8,20210225065800,6974$'),
      {
        fixTime: '2021-02-25T06:57:56.000Z',
        deviceTime: '2021-02-25T06:58:00.000Z',
        speed: 96.1 * KNOTS_PER_KMH,
        attributes: { type: 'ERI', odometer: 15_529_800, adc2: 2.789, input: 1, output: 0, temp1: -1.875, temp2: -3.5 },
      },
    );
  });

  it('reads the digital fuel sensor, the GV350M through its UART block', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+BUFF:GTERI,410502,864802030794634,,00000001,,10,1,1,0.0,0,3027.8,-78.706612,-0.955699,20230418170736,0740,0002,A08C,2AB72D,00,0.0,,,,100,110000,1,0099,20230418171004,8B98$'), {
      attributes: { fuel: 0x99, batteryLevel: 100, ignition: false },
    });
    device.position(text('+RESP:GTERI,F10415,862599050680717,GV350M,00000001,,50,1,1,0.0,274,2963.1,-78.691767,-0.951295,20250512214226,,,,,,0.0,,,100,210100,,1,1,1,01DF,20250512214226,009D$'), {
      attributes: { fuel: 0x1df },
    });
  });

  it('reads BLE sensors: id, temperature, humidity and battery', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text('+RESP:GTERI,80201E0100,860201067144330,,00000100,,10,1,1,0.0,0,30.2,121.348427,31.163316,20251126093749,0460,0000,1807,00775892,00,0.0,,,,,99,210100,,1,00,6,4,0D1C099A,283F,WMS301_Test,7805414BA78A,1,3453,24,33,24.58,100,20251126093751,77E4$'),
      { attributes: { batteryLevel: 99, ignition: true, tag1Id: '7805414BA78A', tag1Temp: 24, tag1Humidity: 33, tag1Battery: 100 } },
    );
  });

  it('lays out personal trackers (GL500M) and the GL320M by model', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTERI,DE0115,865284042104863,gl500m,00000100,0,0,1,2,0.0,0,36.9,-1.844589,52.177779,20201006125701,0234,0015,0135,34A1,19,0,,79,1,,0,20201006125723,184D$'), {
      attributes: { batteryLevel: 79, hdop: 2 },
    });
    device.position(text('+RESP:GTERI,C30209,860201067200000,,00000080,0,16,1,1,47.2,245,169.3,-122.234955,47.906141,20260131234254,0310,0260,2CA2,014A2E17,,27,,20260131234255,51D8$'), {
      speed: 47.2 * KNOTS_PER_KMH,
      attributes: { batteryLevel: 27 },
    });
  });

  it('takes the model from the device settings before the protocol version', () => {
    const device = protocolTest(gl200Codec);
    const frame = text('+RESP:GTINF,C20113,869653060997976,,1A,89464278206103756482,19,0,11,12295,13985,4.25,0,0,,,20241104220934,0,0,,00,00,,,20241104162009,06D6$');
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
    device.position(
      text(
        '+BUFF:GTCAN,8020050402,867488060267845,,00,1,E00FFFFF,YS2K4X20001928588,1,H149381,4236.08,0,0,58,,P94.80,,0,529.00,0.03,0.33,0.77,8688,0008,0042,00,00,',
        '001FFFFF,P100.00,5571,,,0,0,,,20,7,0,0.36,0.00,0.00,0,E E05653940B000003,,C*********,,4054MTX,0000,,,1,0.0,101,698.5,-3.647673,40.481997,20241213113715,0214,0003,04D2,B801,00,20241213113715,1A47$',
      ),
      {
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
      },
    );
  });

  it('reads the location that follows the CAN values when the mask announces it', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text(
        '+RESP:GTCAN,310701,863286023712855,,10,0,E03FFFFF,,2,H46358,12305.50,601,0,83,,P53.00,,0,2749.15,0.19,2.80,,,,40,,0,,,007FFFFF,,,,,,0,,,134,37,6,0.19,,0.00,0,,,,,,0,0,0,',
        '0,0.0,312,358.4,14.271460,50.110796,20181110103130,0230,0003,94D4,3B30,00,20181110105348,2969$',
      ),
      {
        outdated: false,
        valid: false,
        fixTime: '2018-11-10T10:31:30.000Z',
        deviceTime: '2018-11-10T10:53:48.000Z',
        latitude: 50.110796,
        longitude: 14.27146,
        course: 312,
        attributes: { rpm: 601, fuel: 53, coolantTemp: 83, obdOdometer: 46_358 },
      },
    );
  });

  it('reads an OBD report: engine values, trouble codes, then the location', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text(
        '+RESP:GTOBD,1F0109,864251020135483,4T1BE46KX7U018210,gv500,0,78FFFF,4T1BE46KX7U018210,1,13411,981B81C0,787,3,43,,921,463,1,10,',
        '0300030103030304001200310351035203530354,20,55,,1286,0,6.5,74,21.6,3.379710,6.529714,20150813074824,0621,0030,51C0,A2B3,00,0.0,20150813074828,A7E9$',
      ),
      {
        fixTime: '2015-08-13T07:48:24.000Z',
        deviceTime: '2015-08-13T07:48:28.000Z',
        latitude: 6.529714,
        speed: 6.5 * KNOTS_PER_KMH,
        course: 74,
        attributes: { type: 'OBD', rpm: 787, obdSpeed: 3, temp1: 43, dtcsClearedDistance: 921, odbConnect: true, dtcsNumber: 10, throttle: 20, obdOdometer: 0 },
      },
    );
  });
});

describe('gl200 information reports', () => {
  it('decodes INF: state, ICCID, signal, supply and battery, without a location', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTINF,060100,135790246811220,,16,898600810906F8048812,16,0,1,12000,,4.4,0,0,0,0,20090214013254,0,1300,2000,00,00,+0800,0,20090214093254,11F0$'), {
      outdated: true,
      deviceTime: '2009-02-14T09:32:54.000Z',
      attributes: { type: 'INF', ignition: false, motion: true, iccid: '898600810906F8048812', rssi: 16, power: 12, battery: 4.4 },
    });
    device.position(text('+RESP:GTINF,6E0202,868589060187625,RA82,11,89883030000091225018,41,0,1,12349,,4.15,0,1,0,0,20240328231013,0,0,0,0,00,00,+0000,0,20240328231015,7D4F$'), {
      attributes: { ignition: false, motion: false, power: 12.349, battery: 4.15, charge: true, adc1: 0, adc3: 0 },
    });
  });

  it('ignores the GT300 INF layout, which has no protocol version', () => {
    const device = protocolTest(gl200Codec);
    device.none(text('+RESP:GTINF,359464030073766,8938003990320469804f,18,99,100,1,0,+2.00,0,20131018084015,00EE,0103090402$'));
  });

  it('decodes VER: device type, firmware and hardware versions', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTVER,1A0800,860599000773978,GL300,GL300,0A03,0103,20161007041531,10F8$'), {
      outdated: true,
      deviceTime: '2016-10-07T04:15:31.000Z',
      attributes: { type: 'VER', deviceType: 'GL300', versionFw: '2563', versionHw: '259' },
    });
  });

  it('decodes the cells of GSM and LBS reports and the networks of WIF', () => {
    const device = protocolTest(gl200Codec);
    const gsm = device.position(
      text(
        '+RESP:GTGSM,400201,862365030025161,STR,0234,0015,003a,62a2,16,,0234,0015,003a,56a2,14,,0234,0015,003a,062a,13,,0234,0015,003a,32d9,11,,',
        '0234,0015,003a,56a0,11,,,,,,,,0234,0015,003a,7489,17,,20170219200048,0033$',
      ),
      { outdated: true },
    );
    const towers = (gsm.network as { cellTowers: unknown[] }).cellTowers;
    expect(towers).toHaveLength(5);
    expect(towers[0]).toEqual({ mobileCountryCode: 234, mobileNetworkCode: 15, locationAreaCode: 0x3a, cellId: 0x62a2, signalStrength: 16 });

    const lbs = device.position(
      text(
        '+RESP:GTLBS,660400,863574046265138,GL50BLITE,0,0,92,,2,,,0000,0204,0008,0cee,b951,18,,0204,0008,0cee,cd83,15,,0204,0008,0cee,3994,13,,,,,,,,,,,,,,,,,,,,',
        '0204,0008,0cee,d071,11,,20240826085102,00C6$',
      ),
      { outdated: true, deviceTime: '2024-08-26T08:51:02.000Z', attributes: { batteryLevel: 92 } },
    );
    expect((lbs.network as { cellTowers: unknown[] }).cellTowers[0]).toEqual({ mobileCountryCode: 204, mobileNetworkCode: 8, locationAreaCode: 0xcee, cellId: 0xb951, signalStrength: 18 });

    const wif = device.position(text('+RESP:GTWIF,210102,354524044484948,,1,08626693fb98,-36,,,,,,,,97,20170119071300,05E3$'), { outdated: true, attributes: { batteryLevel: 97 } });
    expect(wif.network).toEqual({ radioType: 'gsm', considerIp: false, wifiAccessPoints: [{ macAddress: '08:62:66:93:fb:98', signalStrength: -36 }] });
  });
});

describe('gl200 event reports', () => {
  it('decodes ignition on and off, with hour meter and odometer', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTIGN,060228,862894020180553,,9860,0,0.2,189,420.0,-63.158195,-17.800608,20160309022951,0736,0003,6AD4,3471,00,,881.2,20160308222956,129A$'), {
      fixTime: '2016-03-09T02:29:51.000Z',
      course: 189,
      attributes: { type: 'IGN', ignition: true, odometer: 881_200 },
    });
    device.position(text('+RESP:GTIGN,BD0221,861778061565387,CV200,,0,140944,0,0.0,358,17.6,-2.223488,51.882342,20251222020123,0234,0015,6093,000F830E,,,5810.9,20251222070035,20251222070035,C60E$'), {
      latitude: 51.882342,
      attributes: { ignition: true, odometer: 5_810_900 },
    });
    device.position(text('+BUFF:GTIGF,840502,867963063190000,,0,0,,,,,,,0268,0006,22C4,13E5,00,,,20250116170541,22D0$'), {
      outdated: true,
      attributes: { ignition: false },
    });
    device.position(text('+BUFF:GTIGN,6E0202,868589060169789,ra79,379,1,0.0,105,532.2,-70.616413,-33.393457,20240610201712,0730,0001,333A,00CFA301,01,11,,0.0,20240610201713,3AE2$'), {
      attributes: { ignition: true, sat: 11 },
    });
    device.position(text('+RESP:GTVGN,C2010D,869653060009939,GV600M,453966,0,0.0,0,163.9,10.239379,45.931389,20231210233723,0222,0010,2F31,006D7621,,,0.0,20240107182623,143F$'), {
      attributes: { type: 'VGN', ignition: true },
    });
  });

  it('decodes the input switches (LSW, TSW) and driver identification (IDA)', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTLSW,1A0100,135790246811220,,0,1,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20100214093254,11F0$'), {
      attributes: { in1: true },
    });
    device.position(text('+RESP:GTTSW,1A0100,135790246811220,,1,0,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20100214093254,11F0$'), {
      attributes: { in2: false },
    });
    device.position(text('+RESP:GTIDA,060228,862894020178276,,,01C68011010000C7,1,1,0,0.0,0,413.0,-63.169675,-17.776349,20160317222129,0736,0003,6AD4,32CF,00,34.9,,,,,20160317182130,1626$'), {
      attributes: { driverUniqueId: '01C68011010000C7', odometer: 34_900 },
    });
  });

  it('decodes power on and off (PNA, PFA) as alarms without a location', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTPNA,F50201,866425030235982,GL300M,20190208124909,0BD5$'), { outdated: true, attributes: { alarm: 'powerOn' } });
    device.position(text('+RESP:GTPFA,F50201,866425030235982,GL300M,20190208124849,0BD4$'), { outdated: true, attributes: { alarm: 'powerOff' } });
  });

  it('decodes the driver monitoring warnings (DAR)', () => {
    const device = protocolTest(gl200Codec);
    const frame = '+RESP:GTDAR,F10406,865284049582228,,4,0,,,1,18.5,0,129.4,114.015430,22.537279,20210922004634,0460,0000,27BD,0DFC,,,,20210922004635,082B$';
    device.position(text(frame), { latitude: 22.537279, attributes: { warningType: 4 } });
    device.position(text(frame.replace(',4,0,', ',1,3,')), { attributes: { alarm: 'fatigueDriving', fatigueDegree: 3 } });
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
    device.position(text('+RESP:GTBAA,F1040C,862599050497393,GV350M,FF,3,0,04,000A,780541256AE9,3065,0,0.0,213,2908.3,-78.691944,-0.951426,20230511173150,,,,,,20230511175001,0159$'), {
      attributes: { accessoryMac: '780541256AE9', accessoryVoltage: 3.065 },
    });
    device.position(text('+RESP:GTBID,C20105,866833040163013,GV350M,1,0,000A,B80EA11FF800,2934,0,0.0,0,1506.5,-99.192686,18.932709,20221026025339,0334,0020,0232,029D4E02,,20221026181026,9F1D$'), {
      attributes: { accessoryMac: 'B80EA11FF800', accessoryVoltage: 2.934 },
    });
  });

  it('decodes serial data (DTT): a fuel sensor line, or any text as the result', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTDTT,410502,864802030541621,,,,1,35,45637561747261636b0d0a434f4d422c302c39342e302c2d312e302c2c2c4844430d0a,20230421034626,EA2E$'), {
      outdated: true,
      attributes: { fuel: 94 },
    });
    device.position(text('+RESP:GTDTT,410502,864802030541621,,,,1,5,48454c4c4f,20230421034626,EA2E$'), { attributes: { result: 'HELLO' } });
  });

  it('keeps the text of a serial accessory (DAT) with the location', () => {
    const device = protocolTest(gl200Codec);
    device.position(
      text('+RESP:GTDAT,270B01,867162027893742,gv300w,1,,,>I:5014|DB|607|0|0.00|0.00|0.00|0|0|0|0|1679|4|<,0,37.6,184,1940.4,-101.041169,22.143452,20240726234344,0334,0020,2F03,BDB2E4B,00,,,,,20240726234346,4CFE$'),
      { latitude: 22.143452, attributes: { data: '>I:5014|DB|607|0|0.00|0.00|0.00|0|0|0|0|1679|4|<' } },
    );
  });
});

describe('gl200 other reports', () => {
  it.each([
    ['SOS', '+RESP:GTSOS,020102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$', { alarm: 'sos' }],
    ['SPD', '+RESP:GTSPD,020102,135790246811220,,0,0,1,1,84.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$', { alarm: 'overspeed' }],
    ['MPN', '+RESP:GTMPN,450102,865084030001323,gb100,0,1.6,0,-93.1,121.393023,31.164105,20170619103113,0460,0000,1806,2142,00,20170619103143,0512$', { alarm: 'powerRestored' }],
    ['BPL', '+RESP:GTBPL,110100,358688000000158,,3.53,0,4.3,92,70.0,121.354335,31.222073,20110214013254,0460,0000,18d8,6141,,20110214093254,001F$', { alarm: 'lowBattery' }],
    ['STT', '+RESP:GTSTT,060228,862894020178276,,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$', { alarm: 'movement' }],
    ['JDS', '+RESP:GTJDS,0A0102,135790246811220,,2,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20090214093254,11F0$', { alarm: 'jamming' }],
    ['TEM', '+RESP:GTTEM,1A0102,860599000000448,,3,33,0,5.8,0,33.4,117.201191,31.832502,20130109061410,0460,0000,5678,2079,,20130109061517,0091$', { alarm: 'temperature' }],
    ['HBM braking', '+RESP:GTHBM,0F0100,135790246811220,,,10,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$', { alarm: 'hardBraking' }],
    ['HBM acceleration', '+RESP:GTHBM,0F0100,135790246811220,,,11,1,1,24.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$', { alarm: 'hardAcceleration' }],
    ['HBM cornering', '+RESP:GTHBM,BD0214,869409069481243,cv100,,12,1,1,5.6,344,274.7,-1.601826,6.666228,20250114094616,0620,0001,3EE8,00016E04,,,20250114094616,20250114094616,2862$', { alarm: 'hardCornering' }],
    ['DIS', '+RESP:GTDIS,270302,867162025086950,,,21,1,1,0.0,81,117.8,-116.862025,32.453497,20180309084516,0334,0020,2B24,52CA916,00,1286.2,20180309084517,357E$', { in2: true }],
    ['IGL', '+RESP:GTIGL,270302,867162025085234,,,01,1,1,0.0,92,111.2,-116.867638,32.450321,20180327070838,0334,0020,2B24,52CC3DE,00,243.1,20180327070839,2A9A$', { ignition: true }],
    ['NMR', '+RESP:GTNMR,423033,355197370058831,,0,0,0,1,0,0.0,298,182.7,-79.257983,43.875152,20220627132020,,,,,15,0,74,20220627144928,03CF$', { motion: false, batteryLevel: 74 }],
  ])('reads %s by what its fields look like', (_name, frame, attributes) => {
    const device = protocolTest(gl200Codec);
    device.position(text(frame), { valid: true, outdated: false, attributes });
  });

  it('finds the location and the cell wherever they are', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+RESP:GTSTT,060228,862894020178276,,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$'), {
      fixTime: '2016-03-19T13:22:20.000Z',
      deviceTime: '2016-03-19T09:22:23.000Z',
      latitude: -17.77633,
      longitude: -63.169745,
      altitude: 411.3,
      network: { radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 736, mobileNetworkCode: 3, locationAreaCode: 0x6ad4, cellId: 0x5baa }] },
      attributes: { type: 'STT', hdop: 0 },
    });
    device.position(text('+BUFF:GTSTC,410301,864802030022424,,,0,,,,,,,0228,0002,4EE8,1BFF489,00,20181207134332,EC90$'), {
      outdated: true,
      network: { radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 228, mobileNetworkCode: 2, locationAreaCode: 0x4ee8, cellId: 0x1bff489 }] },
    });
  });

  it('turns command acknowledgements into results', () => {
    const device = protocolTest(gl200Codec);
    device.position(text('+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19$'), {
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
