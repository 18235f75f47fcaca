import { describe, expect, it } from 'vitest';
import type { User } from '@rastro/api';
import { makeDevice, makePosition } from '../../../testing/fixtures.ts';
import { accumulatorsInput, deviceInput, deviceLimit, emptyForm, formOf, validate } from './deviceForm.ts';

describe('device form', () => {
  const device = makeDevice({
    id: 4, name: 'Van', uniqueId: '123', groupId: 2, phone: '+55', category: 'van',
    attributes: { plate: 'ABC1D23', 'tarkan.color': '#ff0000', startOdometer: 12_345, fuelPrice: 6.5, custom: 'kept' },
  });
  // the accumulators: 12,345 m and 2.5 h on the latest position
  const position = makePosition({ deviceId: 4, attributes: { totalDistance: 12_345, hours: 9_000_000 } });

  it('shows a device, distances in the user unit, odometer and engine hours from the latest position', () => {
    const form = formOf(device, 'km', position);
    expect(form).toMatchObject({ name: 'Van', uniqueId: '123', groupId: '2', phone: '+55', model: '', category: 'van', plate: 'ABC1D23', color1: '#ff0000', startOdometer: '12.35', fuelPrice: '6.5', odometer: '12.35', engineHours: '2.5' });
    expect(formOf(device, 'mi', position).odometer).toBe('7.67');
    expect(formOf(device, 'km')).toMatchObject({ odometer: '', engineHours: '' });
  });

  it('saves columns and attributes, keeping attributes it does not edit, dropping blanks; odometer and engine hours are not attributes', () => {
    const form = { ...formOf(device, 'km', position), plate: '', startOdometer: '20', odometer: '30', engineHours: '4', hue: '90', model: ' GT06 ' };
    const input = deviceInput(form, device, 'km');
    expect(input).toMatchObject({ id: 4, name: 'Van', uniqueId: '123', groupId: 2, model: 'GT06', contact: null, category: 'van' });
    expect(input.attributes).toEqual({ 'tarkan.color': '#ff0000', startOdometer: 20_000, fuelPrice: 6.5, hue: 90, custom: 'kept' });
  });

  it('resets only the accumulators that changed, in metres and milliseconds', () => {
    const before = formOf(device, 'km', position);
    expect(accumulatorsInput(before, before, 4, 'km')).toBeNull();
    expect(accumulatorsInput({ ...before, odometer: '100,5' }, before, 4, 'km')).toEqual({ deviceId: 4, totalDistance: 100_500 });
    expect(accumulatorsInput({ ...before, engineHours: '3.25' }, before, 4, 'km')).toEqual({ deviceId: 4, hours: 11_700_000 });
    expect(accumulatorsInput({ ...before, odometer: '10', engineHours: '0' }, before, 4, 'mi')).toEqual({ deviceId: 4, totalDistance: 16_093, hours: 0 });
    // a field cleared is not a reset to zero
    expect(accumulatorsInput({ ...before, odometer: '' }, before, 4, 'km')).toBeNull();
  });

  it('creates without an id', () => {
    const input = deviceInput({ ...emptyForm(), name: 'New', uniqueId: '999', fuel: '10,5' }, null, 'km');
    expect(input.id).toBeUndefined();
    expect(input.attributes).toEqual({ fuel: 10.5 });
  });

  it('requires a name and a unique identifier, and numbers where numbers go', () => {
    expect(validate(emptyForm())).toEqual({ name: 'devices.editor.nameRequired', uniqueId: 'devices.editor.uniqueIdRequired' });
    expect(validate({ ...emptyForm(), name: 'a', uniqueId: 'b', fuel: 'lots' })).toEqual({ fuel: 'devices.editor.numberInvalid' });
    expect(validate({ ...emptyForm(), name: 'a', uniqueId: 'b', fuel: '1,5' })).toEqual({});
    expect(validate({ ...emptyForm(), name: 'a', uniqueId: 'b', odometer: '-1', engineHours: 'x' })).toEqual({
      odometer: 'devices.editor.accumulatorInvalid', engineHours: 'devices.editor.accumulatorInvalid',
    });
  });
});

describe('deviceLimit', () => {
  const user = { administrator: false, deviceLimit: -1 } as User;

  it('takes the tightest of the user, server and licence limits', () => {
    expect(deviceLimit(user, {}, null)).toBeNull();
    expect(deviceLimit({ ...user, deviceLimit: 5 }, { 'tarkan.deviceLimit': 3 }, 10)).toBe(3);
    expect(deviceLimit({ ...user, deviceLimit: 0 }, {}, null)).toBe(0);
    expect(deviceLimit(user, { 'tarkan.deviceLimit': 0 }, 0)).toBeNull();
    expect(deviceLimit(user, {}, 4)).toBe(4);
  });

  it("binds administrators by the server's and the licence's limits, not by their own", () => {
    expect(deviceLimit({ ...user, administrator: true, deviceLimit: 1 }, {}, null)).toBeNull();
    expect(deviceLimit({ ...user, administrator: true, deviceLimit: 1 }, { 'tarkan.deviceLimit': 3 }, null)).toBe(3);
    expect(deviceLimit({ ...user, administrator: true }, { 'tarkan.deviceLimit': 5 }, 2)).toBe(2);
  });
});
