import { describe, expect, it } from 'vitest';
import { applyValue, displayValue, validate, writePath, type FieldSpec } from './fields.ts';

describe('entity fields', () => {
  it('shows and stores scaled numbers, dropping an empty attribute', () => {
    const speed: FieldSpec = { path: 'attributes.speedLimit', label: 'km/h', kind: 'number', scale: 1.852 };
    const item = { id: 1, attributes: { speedLimit: 50 } };
    expect(displayValue(speed, item)).toBe(92.6);
    expect(applyValue(speed, item, '92.6').attributes.speedLimit).toBeCloseTo(50, 6);
    expect(applyValue(speed, item, '')).toEqual({ id: 1, attributes: {} });
  });

  it('keeps a stored select value no option names, and stores nothing else outside the options', () => {
    const map: FieldSpec = { path: 'map', label: '', kind: 'select', options: [{ value: 'osm', label: 'OSM' }], keepOther: true };
    const item = { id: 1, map: 'openTopoMap' };
    expect(displayValue(map, item)).toBe('openTopoMap');
    expect(applyValue(map, item, 'openTopoMap').map).toBe('openTopoMap');
    expect(applyValue(map, item, 'osm').map).toBe('osm');
    expect(applyValue(map, item, 'somethingElse').map).toBeNull();
    expect(applyValue(map, item, '').map).toBeNull();
    // without keepOther, a value outside the options is never stored
    expect(applyValue({ ...map, keepOther: undefined }, item, 'openTopoMap').map).toBeNull();
  });

  it('keeps comma lists for multiselects', () => {
    const channels: FieldSpec = { path: 'notificators', label: '', kind: 'multiselect' };
    expect(displayValue(channels, { notificators: 'web,mail' })).toEqual(['web', 'mail']);
    expect(applyValue(channels, { notificators: 'web' }, ['web', 'sms'])).toEqual({ notificators: 'web,sms' });
    expect(applyValue(channels, { notificators: 'web' }, [])).toEqual({ notificators: null });
  });

  it('stores a boolean attribute only when it differs from what its absence means', () => {
    const optIn: FieldSpec = { path: 'attributes.tarkan.lazyDeletion', label: '', kind: 'boolean' };
    expect(displayValue(optIn, { attributes: {} })).toBe(false);
    expect(applyValue(optIn, { attributes: {} }, true)).toEqual({ attributes: { 'tarkan.lazyDeletion': true } });
    expect(applyValue(optIn, { attributes: { 'tarkan.lazyDeletion': true } }, false)).toEqual({ attributes: {} });

    const onByDefault: FieldSpec = { path: 'attributes.tarkan.enableLockUnlock', label: '', kind: 'boolean', defaultValue: true };
    expect(displayValue(onByDefault, { attributes: {} })).toBe(true);
    expect(displayValue(onByDefault, { attributes: { 'tarkan.enableLockUnlock': false } })).toBe(false);
    expect(applyValue(onByDefault, { attributes: {} }, false)).toEqual({ attributes: { 'tarkan.enableLockUnlock': false } });
    expect(applyValue(onByDefault, { attributes: { 'tarkan.enableLockUnlock': false } }, true)).toEqual({ attributes: {} });
  });

  it('writes nested paths without touching the original', () => {
    const original = { attributes: { a: 1 } };
    expect(writePath(original, 'attributes.b', 2)).toEqual({ attributes: { a: 1, b: 2 } });
    expect(writePath(original, 'attributes.tarkan.lang', 'es')).toEqual({ attributes: { a: 1, 'tarkan.lang': 'es' } });
    expect(displayValue({ path: 'attributes.tarkan.lang', label: '', kind: 'text' }, { attributes: { 'tarkan.lang': 'es' } })).toBe('es');
    expect(original).toEqual({ attributes: { a: 1 } });
  });

  it('reports required and minimum length problems (spec §5)', () => {
    const fields: FieldSpec<{ name: string; email: string }>[] = [
      { path: 'name', label: '', kind: 'text', required: true, minLength: 3 },
      { path: 'email', label: '', kind: 'text', required: true, minLength: 4 },
    ];
    expect(validate(fields, { name: ' ', email: 'abc' })).toEqual({ name: 'required', email: 'minLength' });
    expect(validate(fields, { name: 'Ana', email: 'ana@x' })).toEqual({});
    const optional: FieldSpec<{ password: string }>[] = [{ path: 'password', label: '', kind: 'password', minLength: 4 }];
    expect(validate(optional, { password: '' })).toEqual({});
    expect(validate(optional, { password: 'abc' })).toEqual({ password: 'minLength' });
  });
});
