import { describe, expect, it } from 'vitest';
import type { Attributes } from '@rastro/api';
import { lookOf, ruleFor } from './notificationLook.ts';
import { SOUNDS, soundNotes } from './sounds.ts';

describe('notification look', () => {
  it('reads the tarkan attributes with spec §9 defaults', () => {
    expect(lookOf({})).toEqual({ sound: 'audio1', soundUrl: undefined, color: null, pin: false, position: 'bottom-right' });
    expect(lookOf({ 'tarkan.color': 'soft-red', 'tarkan.pin': true, 'tarkan.position': 'top-left', 'tarkan.sound': 'audio7' }))
      .toMatchObject({ color: 'soft-red', pin: true, position: 'top-left', sound: 'audio7' });
    expect(lookOf({ 'tarkan.color': 'purple', 'tarkan.position': 'middle' })).toMatchObject({ color: null, position: 'bottom-right' });
  });

  it('matches an event to the web rule of its type and alarm', () => {
    const rules: { id: number; type: string; notificators: string; attributes: Attributes }[] = [
      { id: 1, type: 'alarm', notificators: 'web', attributes: { alarms: 'sos,door' } },
      { id: 2, type: 'alarm', notificators: 'web', attributes: { alarms: 'overspeed' } },
      { id: 3, type: 'ignitionOn', notificators: 'mail', attributes: {} },
    ];
    expect(ruleFor(rules, { type: 'alarm', attributes: { alarm: 'overspeed' } })?.id).toBe(2);
    expect(ruleFor(rules, { type: 'alarm', attributes: { alarm: 'door' } })?.id).toBe(1);
    expect(ruleFor(rules, { type: 'ignitionOn', attributes: {} })).toBeUndefined();
  });

  it('has 24 distinct sounds', () => {
    expect(SOUNDS).toHaveLength(24);
    const signatures = new Set(SOUNDS.map((name) => JSON.stringify(soundNotes(name))));
    expect(signatures.size).toBe(24);
    expect(soundNotes('audio25')).toBeNull();
  });
});
