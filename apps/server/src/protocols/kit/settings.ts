import type { ConnectionState } from '../codec.ts';

/**
 * A decoder's view of the device's settings (`state.settings`: model and Traccar's keys, looked up
 * device → group → server). Values arrive as stored: text from an attribute form, or typed.
 */
function settingOf(state: ConnectionState, key: string): unknown {
  return state.settings?.(key);
}

/** The device's model (Traccar's `model` field, or a test's model override), upper-cased. */
export function modelOf(state: ConnectionState): string {
  const model = settingOf(state, 'model');
  return typeof model === 'string' ? model.trim().toUpperCase() : '';
}

export function textSetting(state: ConnectionState, key: string): string | undefined {
  const value = settingOf(state, key);
  return typeof value === 'string' ? (value === '' ? undefined : value) : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

export function numberSetting(state: ConnectionState, key: string): number | undefined {
  const value = settingOf(state, key);
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}

export function booleanSetting(state: ConnectionState, key: string): boolean | undefined {
  const value = settingOf(state, key);
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}
