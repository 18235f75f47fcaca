import { describe, expect, it } from 'vitest';
import { isSoftDeleted } from './devices.ts';

describe('isSoftDeleted', () => {
  it('recognises three dash-separated parts starting with "deleted"', () => {
    expect(isSoftDeleted({ uniqueId: 'deleted-123456-1700000000' })).toBe(true);
    expect(isSoftDeleted({ uniqueId: '123456' })).toBe(false);
    expect(isSoftDeleted({ uniqueId: 'deleted-123456' })).toBe(false);
    expect(isSoftDeleted({ uniqueId: 'deleted-a-b-c' })).toBe(false);
    expect(isSoftDeleted({ uniqueId: 'truck-12-3' })).toBe(false);
  });
});
