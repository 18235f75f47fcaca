import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deletedUniqueId, isDeletedUniqueId, parseDeletedUniqueId } from './deleted-device.ts';

describe('soft-deleted uniqueIds', () => {
  it('is three dash-separated parts starting with deleted', () => {
    expect(deletedUniqueId('864-512-3', 1_700_000_000_123)).toBe('deleted-1700000000123-864%2D512%2D3');
    expect(deletedUniqueId('100%', 5)).toBe('deleted-5-100%25');
  });

  it('gives back any original identifier and the deletion time', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 128 }), fc.nat(), (original, at) => {
      const stored = deletedUniqueId(original, at);
      expect(stored.split('-')).toHaveLength(3);
      expect(isDeletedUniqueId(stored)).toBe(true);
      expect(parseDeletedUniqueId(stored)).toEqual({ original, deletedAt: at });
    }));
  });

  it('reads no ordinary identifier as deleted and refuses malformed ones', () => {
    for (const id of ['864512', 'deleted', 'deleted-1', 'deletedx-1-2', 'DEL-1-2']) expect(isDeletedUniqueId(id)).toBe(false);
    // reserved (the lists would hide them) though not ours to parse
    expect(isDeletedUniqueId('deleted-x-y-z')).toBe(true);
    for (const id of ['deleted-x-1', 'deleted-1-a-b', 'deleted-1-', 'deleted-1-%41', 'deleted-1-%2']) expect(parseDeletedUniqueId(id)).toBeNull();
  });
});
