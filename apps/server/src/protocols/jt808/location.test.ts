import { describe, expect, it } from 'vitest';
import { binary, protocolTest } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';

const RECEIVED = new Date('2026-07-01T00:00:00.000Z');

/** Traccar's test frames, with the values its test asserts and those read by hand from the bytes. */
describe('jt808 location items', () => {
  it('reads cells (0xF0), wifi (0xF4), firmware, sensors and battery of an AOVX tracker', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const position = device.position(binary(
      '7e020000e241305716018504e6000000009020001e01651ead02caec9902de0000000024082517034401040000000030011d310107f00d',
      '02d4000301080509000079c9acf231414f56585f474c3130302d4c415f48322e305f4547393135554c4141425230334130314d30385f56',
      '322e302e393a763130f423c0252f96f022d0c03dd95c5ec8c6e4fac4ea462eb798b3ef4f74dcb58416f94020e6b4f616001e00d3026b00',
      '00ffd0000805dc002800000032000af70600000f48014ef81d04086541305716018589553202100062282617474c3130302d4c410000f9',
      '12000f00000001000000000018240825170407e27e',
    ), {
      valid: true,
      latitude: -23.404205,
      longitude: -46.853273,
      altitude: 734,
      fixTime: '2024-08-25T09:03:44.000Z',
      attributes: { rssi: 29, sat: 7, versionFw: 'AOVX_GL100-LA_H2.0_EG915ULAABR03A01M08_V2.0.9:v10', temp1: 21.1, battery: 3.912, batteryLevel: 78, hdop: 2.4 },
    });
    expect(position.network).toMatchObject({ cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 3, locationAreaCode: 31177, cellId: 17302793, signalStrength: 172 }] });
    expect(position.network?.wifiAccessPoints).toHaveLength(5);
    expect(position.network?.wifiAccessPoints).toContainEqual({ macAddress: 'c0:25:2f:96:f0:22', signalStrength: -48 });
  });

  it('reads the 0xEB entries: ICCID, supply voltage, status alarms', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(binary(
      '7e0200006300000000000008f50000000000000000000000000000000000c7000000cc260615100115010400000001300114310108eb39',
      '000c00b20000000000000000000000060089fffffffe000600c5ffffffef0006002d00002db4001100d530303030303030303030303030',
      '3030c87e',
    ), { attributes: { power: 11.7, alarm: 'powerOff', rssi: 20, sat: 8 } });
    device.position(binary(
      '7e020000480123456789010013000000800000000301597bc506cbff6600eb00000155210726203531010400000000eb24000c00b28986',
      '047701207027150200060089ffffefff0004002d0e10000600c5ffffffef697e',
    ), {
      attributes: { alarm: 'lowBattery,removing', iccid: '89860477012070271502', battery: 3.6 },
    });
  });

  it('reads temperatures, driving alarms and a lock event', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(binary(
      '7e02000042012291302260198f00000000800c012300d2651605ff3188001e0000000022102510310003020000a70400000000ac040000',
      '012ce5020003e60b03bc572900ce2eef183200e7030000005c7e',
    ), { attributes: { temp3: -17.094117647058823, odometer: 300 } });
    device.position(binary(
      '7e020000c2000000001862003f0000000400108042015a322206c869480017007b012e230918081550661d01cc1a0000099dc25727b013',
      '0000099dc26b27b00100000c40f89427b0711438393836303436393130323139303037383135336a0114503ff8af05826bc8ca24e124f7',
      '32b7c780c5484d6318c0a840412262d4bcec26ca0234ccb85455d5114f12b650fa841fbec0b03c67a21f501cae6c384595028da76b0100',
      '60110065000012345678903930303137333833630b0012345678900e5c3080006804000003d46902016f6d7e',
    ), { attributes: { driverUniqueId: '\x909001738', event: 0x65 } });
  });

  it('reads the door on MV710G: status bit 16 and alarm item 0x57', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'MV710G' });
    device.position(binary(
      '7e02000036019111110000007b000000000001004202b71a72008dbba000000000000025070208082901040000000030011731010e5708',
      '0000000000000000820200829e7e',
    ), { attributes: { door: true, alarm: undefined, power: 13 } });
    device.position(binary(
      '7e02000036019111110000007a000000000001004202b71a72008dbba000000000000025070208082901040000000030011731010e5708',
      '0000000000010000820200829e7e',
    ), { attributes: { door: true, alarm: 'door' } });
  });

  it('reads AOVX alarm bit 16 as movement, and 0xF8 as the ICCID', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'AL300' });
    device.position(binary(
      '7e020000ec6710704387730579000100009058000e015baf2c029bb433001200000129250310035204300111310108f03402d400020f72',
      '0e0f00007d8b8e02d400020f720e0b00007d8b8c02d400020f720d0b00007d8b8a02d4000b092bf3030000c9a588f231414f56585f414c',
      '3330302d4c415f48322e305f4547393135554c4141425230334130344d30385f56322e312e303a763031f40e18ef3a6ae1c6be00bb2525',
      '15d3b5f614021901cb006d0099052005dc002800000032000af70600000d6f003cf81d0408696710704387738955032700105195371141',
      '4c3330302d4c410000f912000f0000000100000000000b2503100352322a7e',
    ), { attributes: { alarm: 'movement', iccid: '89550327001051953711' } });
    device.settings({ model: 'GL100' });
    device.position(binary(
      '7e020000cc413051529609000100000000100000100000000000000000000000000000230731012858010400000000300116310100f01a',
      '01cc0000085118aa0000550ba201cc0000085118ae0000550b93f231414f56585f474c3130302d4c415f48322e305f4547393135554c41',
      '41425230324130334d30385f56322e302e373a763135f618001f09eb015e01fc00500060042005dc002800000032000af70600000e4802',
      '34f81d020865413051529609898604a6102181622843474c3130302d4c410000f912000f000000000000000000000000000000004e7e',
    ), { attributes: { iccid: '898604a6102181622843' } });
  });

  it('reads Jimi JC event codes from item 0xE8', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'JC371' });
    device.position(binary(
      '7e0200003e4eb6fb4ad6280002000000000000000301587d0106cbff6600000000000026010112000001040000007b30011831010ae814',
      '0c01103131313131313126010112000000000000467e',
    ), { attributes: { alarm: 'sos' } });
    device.position(binary(
      '7e0200003e4eb6fb4ad6280003000000000000000301587d0106cbff6600000000000026010112000001040000007b30011831010ae814',
      '0406103131313131313126010112000000000000487e',
    ), { attributes: { alarm: 'vibration' } });
  });
});

describe('jt808 transparent data', () => {
  it('reads OBD values with the location (0xF0 0x01)', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.position(binary(
      '7e0900005a4e5de66fba2200c4f02204280610090002010d052b0150052c0400129009052d016b052e014f05300231ba05350200000536',
      '0203b8053802000005390200ad053d0201ea05440150054604009899d90545040000001e000c00030160a85c06d1c1389c7e',
    ), {
      valid: true,
      outdated: false,
      latitude: 23.111772,
      longitude: 114.409784,
      fixTime: '2022-04-27T22:10:09.000Z',
      attributes: { rpm: 952, coolantTemp: 67, power: 12.73, fuelUsed: 12165.21, io1349: 30 },
    });
  });

  it('reads bluetooth tags (0x53) and sensor samples (0x54)', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    device.settings({ model: 'GL100' });
    device.position(binary(
      '7e0900007a413050338598004b530000001000000000000000000000000000002306260457470700aabbcc001122bd0b043f0464014864',
      '034a003e01aabbcc011122bd08052f04641200010302aabbcc201122bd05012f04640103aabbcc031122bd06022f0464486404aabbcc40',
      '1122bd06032f04641c04767e',
    ), { attributes: { tag1Mac: 'aabbcc001122', tag1Rssi: -67, tag5Data: '032f04641c04' } });
    device.position(binary(
      '7e09000049487060054219000e54100000000000000000000000000000000000240112034640001f2401120345210c4100f4011c00f3ff',
      'e80008004003fe001f2401120345510c4100f4011c00f3fff0000800a003feb67e',
    ), { attributes: { deviceTemp: 24.4, humidity: 28.4, temp3: 24.3, airPressure: 1022 } });
  });
});
