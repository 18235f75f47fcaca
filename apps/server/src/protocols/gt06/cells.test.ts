import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { gt06Codec } from './codec.ts';
import { gt06Frame } from './test-frames.ts';
import { binary, protocolTest } from '../testing/protocol-test.ts';

/** Messages listing the cells and access points around the device, for the server to locate it (Traccar's test frames). */

const cell = (mcc: number, mnc: number, lac: number, cellId: number, signalStrength?: number) =>
  signalStrength === undefined
    ? { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId }
    : { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId, signalStrength };
const wifi = (macAddress: string, signalStrength: number) => ({ macAddress, signalStrength });
/** The cell towers or access points of a position's network. */
const listed = (position: DecodedPosition, key: 'cellTowers' | 'wifiAccessPoints') => (position.network?.[key] ?? []) as unknown[];

describe('GT06 Wi-Fi scans (0x69, 0x17, 0xF3)', () => {
  // Their length field holds the access point count and they carry no CRC: decoded as they come.
  const state: ConnectionState = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };
  const decode = (hex: string) => gt06Codec.decode(binary(hex), state, new Date());

  it('reads access points and cells, and echoes the scan time back', () => {
    const result = decode('787803691604130318491475905bd30e25001e10bbf7635d14759006e626560501cc0028660f213228660f1f2828660ea81e286610731428660f20140d0a');
    expect(result.reply?.toString('hex')).toBe('787800691604130318490d0a');
    const [position] = result.positions ?? [];
    expect(position).toMatchObject({ outdated: true, deviceTime: new Date('2016-04-13T03:18:49Z') });
    expect(position.network?.wifiAccessPoints).toEqual([wifi('14:75:90:5b:d3:0e', -37), wifi('00:1e:10:bb:f7:63', -93), wifi('14:75:90:06:e6:26', -86)]);
    expect(position.network?.cellTowers).toEqual([
      cell(460, 0, 10342, 3873, -50),
      cell(460, 0, 10342, 3871, -40),
      cell(460, 0, 10342, 3752, -30),
      cell(460, 0, 10342, 4211, -20),
      cell(460, 0, 10342, 3872, -20),
    ]);
  });

  it('reads a scan with cells only', () => {
    const result = decode('7878006919012105090303028f01007549e05a00bc9c5c5a007a8d1a5a0d0a');
    expect(result.reply?.toString('hex')).toBe('787800691901210509030d0a');
    expect(result.positions?.[0].network?.cellTowers).toEqual([cell(655, 1, 117, 18912, -90), cell(655, 1, 188, 40028, -90), cell(655, 1, 122, 36122, -90)]);
  });

  it('0xF3: access points without signal, no cells, no echo', () => {
    const device = protocolTest(gt06Codec);
    const hex =
      '787844f3140c0b0a262a070000dc9fdb1c1d760000c83a3569a37100008825937287000000ec41180c8209000088c39749553700003891d5604d6300003891d5604d68002ec4230d0a';
    const position = device.position(binary(hex), { outdated: true, deviceTime: '2014-12-11T10:26:30.000Z' });
    expect(position.network?.wifiAccessPoints).toHaveLength(7);
    expect(listed(position, 'wifiAccessPoints')[0]).toEqual({ macAddress: 'dc:9f:db:1c:1d:76' });
    expect(device.reply(binary(hex))).toBeUndefined();
  });
});

describe('GT06 cell and access point lists', () => {
  const device = protocolTest(gt06Codec);
  const towers = (hex: string, deviceTime: string): DecodedPosition => {
    const position = device.position(binary(hex), { outdated: true, deviceTime });
    expect(position.attributes).toEqual({});
    return position;
  };

  it('0x28: seven cell slots, empty ones (lac 0) left out; acknowledged', () => {
    const hex = '78783b2810010d02020201cc00287d001f713e287d001f7231287d001e232d287d001f4018000000000000000000000000000000000000ff00020005b14b0d0a';
    const position = towers(hex, '2016-01-13T02:02:02.000Z');
    expect(position.network?.cellTowers).toEqual([cell(460, 0, 10365, 8049, -62), cell(460, 0, 10365, 8050, -49), cell(460, 0, 10365, 7715, -45), cell(460, 0, 10365, 8000, -24)]);
    expect(device.reply(binary(hex))?.toString('hex')).toBe('78780528000500dd0d0a');
  });

  it('0x2C: cells, then access points', () => {
    const hex =
      '7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a';
    const position = towers(hex, '2017-03-11T01:28:31.000Z');
    expect(position.network?.cellTowers).toHaveLength(7);
    expect(listed(position, 'cellTowers')[0]).toEqual(cell(310, 4, 52106, 45431, -84));
    expect(position.network?.wifiAccessPoints).toEqual([wifi('00:18:01:eb:40:39', -56)]);
  });

  it('0xA2: 4G cells (4-byte lac, 8-byte cell id) and access points', () => {
    const hex =
      '787895a2180b0f0f1d2602dc65000069810000000009569e9648000069810000000009569e3255000069810000000009569e0052000069810000000009569ec846000069810000000009569e64' +
      '320000000000000000000000000000000000000000000000000000ff06f27cf64f17e13c909a4a53778c3dc83a350fa1b84522976d5ea4854854af976b9ab04cb04e26d703925102a1ce550d0a';
    const position = towers(hex, '2024-11-15T15:29:38.000Z');
    expect(position.network?.cellTowers).toHaveLength(5);
    expect(listed(position, 'cellTowers')[0]).toEqual(cell(732, 101, 27009, 156671638, -72));
    expect(position.network?.wifiAccessPoints).toHaveLength(6);
    expect(listed(position, 'wifiAccessPoints')[0]).toEqual(wifi('f2:7c:f6:4f:17:e1', -60));
  });

  it('0xA1: 4G cells only; repeated cells count once', () => {
    const hex =
      '78786ca1110b0413093801cc01000025fc000000000618c10201000025fc000000000618c10201000025fc000000000618c10201000025fc000000000618c10201000025fc000000000618c102' +
      '01000025fc000000000618c10201000025fc000000000618c10201ff0002000541d70d0a';
    expect(towers(hex, '2017-11-04T19:09:56.000Z').network?.cellTowers).toEqual([cell(460, 1, 9724, 102285570, -1)]);
  });

  it('0x24 of WANWAY S20 (by its length): timing advance first, then a cell count', () => {
    const hex = '787831241603060c231e000194620213ee00606a3413ee0060692e000000000000000000000000000000000000000000003a0cb70d0a';
    expect(towers(hex, '2022-03-06T12:35:30.000Z').network?.cellTowers).toEqual([cell(404, 98, 5102, 24682, -52), cell(404, 98, 5102, 24681, -46)]);
  });

  it('0xA9: a Wi-Fi alarm, its code completed by the language byte', () => {
    // Time, mcc, mnc, 2G cells, one cell (lac, id, signal), timing advance, no access point, alarm 0x06, language.
    const content = '180b0f0f1d26' + '02dc' + '65' + '00' + '01' + '6981' + '09569e' + '48' + '00' + '00' + '06' + '00';
    const position = device.position(gt06Frame(0xa9, content), { outdated: true, attributes: { alarm: 'overspeed' } });
    expect(position.network?.cellTowers).toEqual([cell(732, 101, 27009, 611998, -72)]);
  });
});

describe('GT06 cell-only location messages', () => {
  const device = protocolTest(gt06Codec);

  it('0xA5: an LBS alarm with its 4G cell and status', () => {
    const position = device.position(binary('787819a5012ed0000075df000000000098661502050413000019a12b0d0a'), {
      outdated: true,
      attributes: { type: 0xa5, status: 2, ignition: true, batteryLevel: 83, rssi: 4, alarm: 'tampering' },
    });
    expect(position.network?.cellTowers).toEqual([cell(302, 208, 30175, 9987605)]);
  });

  it('0x19 of SPACE10X devices (by its length) lists cells Traccar does not decode: nothing, unanswered', () => {
    expect(device.none(gt06Frame(0x19, '00'.repeat(0x12)))).toBeUndefined();
  });
});
