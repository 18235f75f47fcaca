import { describe, expect, it } from 'vitest';
import { clusterImageId, deviceImageId, directionImageId, labelImageId, parseImageId } from './imageIds.ts';

describe('image ids', () => {
  it('round-trip every kind', () => {
    const style = { category: 'truck', fill: '#1d4e89', glyph: '#ffffff', ring: '#2e7d32' };
    expect(parseImageId(deviceImageId(style))).toEqual({ kind: 'device', style });
    expect(parseImageId(directionImageId('#d32f2f'))).toEqual({ kind: 'direction', color: '#d32f2f' });
    expect(parseImageId(labelImageId('Van: 12 · ABC-1234'))).toEqual({ kind: 'label', text: 'Van: 12 · ABC-1234' });
    expect(parseImageId(clusterImageId('1.2k'))).toEqual({ kind: 'cluster', count: '1.2k' });
  });

  it('ignore ids of other images', () => {
    expect(parseImageId('heading-arrow')).toBeNull();
    expect(parseImageId('device:car')).toBeNull();
    expect(parseImageId('label:')).toBeNull();
  });
});
