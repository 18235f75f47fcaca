import { describe, expect, it } from 'vitest';
import { hasPermission } from '@rastro/api';
import { GRID_ROWS, bitSet, toggleBit } from './permissionGrid.ts';

describe('advanced permission grid', () => {
  it('turns a ticked cell into the right hex digit', () => {
    const value = toggleBit(undefined, GRID_ROWS.find((r) => r.row === 'devices')!.cells.view!, true);
    expect(value).toBe('00800000000000000000000000000000');
    expect(hasPermission(value, 'devices', 'view')).toBe(true);
  });

  it('clears a bit and keeps the others', () => {
    let value = toggleBit('', 40, true);
    value = toggleBit(value, 41, true);
    value = toggleBit(value, 40, false);
    expect(value).toHaveLength(32);
    expect(bitSet(value, 40)).toBe(false);
    expect(bitSet(value, 41)).toBe(true);
    expect(hasPermission(value, 'geofences', 'create')).toBe(true);
  });

  it('gives every cell its own bit', () => {
    const bits = GRID_ROWS.flatMap((row) => Object.values(row.cells));
    expect(new Set(bits).size).toBe(bits.length);
  });
});
