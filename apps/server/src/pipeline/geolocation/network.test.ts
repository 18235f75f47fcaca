import { describe, expect, it } from 'vitest';
import { networkKey, readNetwork } from './network.ts';

const NO_DEFAULTS = { mcc: null, mnc: null };
const cell = (cellId: number, fields: Record<string, unknown> = {}) => ({ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1234, cellId, ...fields });

describe('reading a position\'s network', () => {
  it('reads the codecs\' shape, considerIp false unless the device says otherwise', () => {
    expect(readNetwork({ radioType: 'gsm', considerIp: false, cellTowers: [cell(1, { signalStrength: -60 })] }, NO_DEFAULTS)).toEqual({
      radioType: 'gsm', considerIp: false, cellTowers: [cell(1, { signalStrength: -60 })], wifiAccessPoints: [],
    });
    expect(readNetwork({ wifiAccessPoints: [{ macAddress: '001A2B3C4D5E' }] }, NO_DEFAULTS)).toEqual({
      considerIp: false, cellTowers: [], wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e' }],
    });
  });

  it('leaves out entries without their identifiers, and is null when nothing is left', () => {
    const network = readNetwork({
      cellTowers: [cell(1), { mobileCountryCode: 724, cellId: 2 }, cell(-3), cell(4, { signalStrength: null }), 'junk'],
      wifiAccessPoints: [{ macAddress: 'not a mac' }, { signalStrength: -40 }],
    }, NO_DEFAULTS);
    expect(network?.cellTowers).toEqual([cell(1), cell(4)]);
    expect(network?.wifiAccessPoints).toEqual([]);
    for (const nothing of [null, undefined, 'text', 42, {}, { cellTowers: [] }, { cellTowers: 'x' }, { wifiAccessPoints: [{ macAddress: 'zz' }] }]) {
      expect(readNetwork(nothing, NO_DEFAULTS), JSON.stringify(nothing)).toBeNull();
    }
  });

  it('gives cells reported without a country (as 0) the configured codes (geolocation.mcc / mnc)', () => {
    const raw = { cellTowers: [cell(1, { mobileCountryCode: 0, mobileNetworkCode: 0 }), cell(2)] };
    expect(readNetwork(raw, { mcc: 724, mnc: 10 })?.cellTowers).toEqual([cell(1, { mobileNetworkCode: 10 }), cell(2)]);
    expect(readNetwork(raw, { mcc: 724, mnc: null })?.cellTowers[0]).toEqual(cell(1, { mobileNetworkCode: 0 }));
    expect(readNetwork(raw, NO_DEFAULTS)?.cellTowers[0]).toEqual(cell(1, { mobileCountryCode: 0, mobileNetworkCode: 0 }));
  });
});

describe('what makes two networks the same place', () => {
  const key = (raw: unknown) => networkKey(readNetwork(raw, NO_DEFAULTS)!);

  it('the cells and access points, in any order, whatever their signal strengths and MAC spelling', () => {
    const one = key({ radioType: 'gsm', cellTowers: [cell(1, { signalStrength: -60 }), cell(2)], wifiAccessPoints: [{ macAddress: '00:1A:2B:3C:4D:5E', signalStrength: -50 }] });
    const same = key({ radioType: 'gsm', cellTowers: [cell(2, { signalStrength: -90 }), cell(1)], wifiAccessPoints: [{ macAddress: '00-1a-2b-3c-4d-5e' }] });
    expect(same).toBe(one);
  });

  it('not another cell, another access point or another radio', () => {
    const base = { radioType: 'gsm', cellTowers: [cell(1)], wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e' }] };
    const one = key(base);
    expect(key({ ...base, cellTowers: [cell(9)] })).not.toBe(one);
    expect(key({ ...base, cellTowers: [cell(1, { locationAreaCode: 9 })] })).not.toBe(one);
    expect(key({ ...base, wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5f' }] })).not.toBe(one);
    expect(key({ ...base, wifiAccessPoints: [] })).not.toBe(one);
    expect(key({ ...base, radioType: 'lte' })).not.toBe(one);
  });
});
