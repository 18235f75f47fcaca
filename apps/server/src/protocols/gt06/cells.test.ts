import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { gt06Codec } from './codec.ts';
import { gt06Frame } from './test-frames.ts';
import { protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

/** Messages listing the cells and access points around the device, for the server to locate it (Traccar's test frames). */

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

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
  const decode = (frame: Buffer) => gt06Codec.decode(frame, state, new Date());

  it('reads access points and cells, and echoes the scan time back', () => {
    const result = decode(gt06(357));
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
    const result = decode(gt06(288));
    expect(result.reply?.toString('hex')).toBe('787800691901210509030d0a');
    expect(result.positions?.[0].network?.cellTowers).toEqual([cell(655, 1, 117, 18912, -90), cell(655, 1, 188, 40028, -90), cell(655, 1, 122, 36122, -90)]);
  });

  it('0xF3: access points without signal, no cells, no echo', () => {
    const device = protocolTest(gt06Codec);
    const { position, reply } = device.answered(gt06(231), { outdated: true, deviceTime: '2014-12-11T10:26:30.000Z' });
    expect(position.network?.wifiAccessPoints).toHaveLength(7);
    expect(listed(position, 'wifiAccessPoints')[0]).toEqual({ macAddress: 'dc:9f:db:1c:1d:76' });
    expect(reply).toBeUndefined();
  });
});

describe('GT06 cell and access point lists', () => {
  const device = protocolTest(gt06Codec);
  const towers = (frame: Buffer, deviceTime: string) => {
    const answered = device.answered(frame, { outdated: true, deviceTime });
    expect(answered.position.attributes).toEqual({});
    return answered;
  };

  it('0x28: seven cell slots, empty ones (lac 0) left out; acknowledged', () => {
    const { position, reply } = towers(gt06(191), '2016-01-13T02:02:02.000Z');
    expect(position.network?.cellTowers).toEqual([cell(460, 0, 10365, 8049, -62), cell(460, 0, 10365, 8050, -49), cell(460, 0, 10365, 7715, -45), cell(460, 0, 10365, 8000, -24)]);
    expect(reply?.toString('hex')).toBe('78780528000500dd0d0a');
  });

  it('0x2C: cells, then access points', () => {
    const { position } = towers(gt06(387), '2017-03-11T01:28:31.000Z');
    expect(position.network?.cellTowers).toHaveLength(7);
    expect(listed(position, 'cellTowers')[0]).toEqual(cell(310, 4, 52106, 45431, -84));
    expect(position.network?.wifiAccessPoints).toEqual([wifi('00:18:01:eb:40:39', -56)]);
  });

  it('0xA2: 4G cells (4-byte lac, 8-byte cell id) and access points', () => {
    const { position } = towers(gt06(61), '2024-11-15T15:29:38.000Z');
    expect(position.network?.cellTowers).toHaveLength(5);
    expect(listed(position, 'cellTowers')[0]).toEqual(cell(732, 101, 27009, 156671638, -72));
    expect(position.network?.wifiAccessPoints).toHaveLength(6);
    expect(listed(position, 'wifiAccessPoints')[0]).toEqual(wifi('f2:7c:f6:4f:17:e1', -60));
  });

  it('0xA1: 4G cells only; repeated cells count once', () => {
    expect(towers(gt06(348), '2017-11-04T19:09:56.000Z').position.network?.cellTowers).toEqual([cell(460, 1, 9724, 102285570, -1)]);
  });

  it('0x24 of WANWAY S20 (by its length): timing advance first, then a cell count', () => {
    expect(towers(gt06(188), '2022-03-06T12:35:30.000Z').position.network?.cellTowers).toEqual([cell(404, 98, 5102, 24682, -52), cell(404, 98, 5102, 24681, -46)]);
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
    const position = device.position(gt06(157), {
      outdated: true,
      attributes: { type: 0xa5, status: 2, ignition: true, batteryLevel: 83, rssi: 4, alarm: 'tampering' },
    });
    expect(position.network?.cellTowers).toEqual([cell(302, 208, 30175, 9987605)]);
  });

  it('0x19 of SPACE10X devices (by its length) lists cells Traccar does not decode: nothing, unanswered', () => {
    expect(device.none(gt06Frame(0x19, '00'.repeat(0x12)))).toBeUndefined();
  });
});
