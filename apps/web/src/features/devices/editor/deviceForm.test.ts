import { describe, expect, it } from 'vitest';
import type { User } from '@rastro/api';
import { makeDevice } from '../../../testing/fixtures.ts';
import { deviceInput, deviceLimit, emptyForm, formOf, validate } from './deviceForm.ts';

describe('device form', () => {
  const device = makeDevice({
    id: 4, name: 'Van', uniqueId: '123', groupId: 2, phone: '+55', category: 'van',
    attributes: { plate: 'ABC1D23', 'tarkan.color': '#ff0000', odometer: 12_345, fuelPrice: 6.5, custom: 'kept' },
  });

  it('shows a device, distances in the user unit', () => {
    const form = formOf(device, 'km');
    expect(form).toMatchObject({ name: 'Van', uniqueId: '123', groupId: '2', phone: '+55', model: '', category: 'van', plate: 'ABC1D23', color1: '#ff0000', odometer: '12.35', fuelPrice: '6.5' });
    expect(formOf(device, 'mi').odometer).toBe('7.67');
  });

  it('saves columns and attributes, keeping attributes it does not edit, dropping blanks', () => {
    const form = { ...formOf(device, 'km'), plate: '', odometer: '20', hue: '90', model: ' GT06 ' };
    const input = deviceInput(form, device, 'km');
    expect(input).toMatchObject({ id: 4, name: 'Van', uniqueId: '123', groupId: 2, model: 'GT06', contact: null, category: 'van' });
    expect(input.attributes).toEqual({ 'tarkan.color': '#ff0000', odometer: 20_000, fuelPrice: 6.5, hue: 90, custom: 'kept' });
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
