import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { validate } from '../../ui/entity/fields.ts';
import { checkUser, toWire, userFields, type UserForm } from './userFields.ts';

const t = ((key: string) => key) as unknown as TFunction;
const blank: UserForm = {
  id: 0, name: '', login: null, email: '', phone: null, readonly: false, administrator: false, map: null, latitude: 0, longitude: 0,
  zoom: 0, coordinateFormat: null, disabled: false, expirationTime: null, deviceLimit: -1, userLimit: 0, deviceReadonly: false,
  limitCommands: false, disableReports: false, fixedEmail: false, poiLayer: null, totpKey: null, temporary: false, attributes: {},
};

describe('user form (spec §5)', () => {
  it('needs a name of 3 and an e-mail of 4 characters, with the spec messages', () => {
    const fields = userFields(t, { admin: true, advancedPermissions: false });
    expect(validate(fields, { ...blank, name: 'Al', email: 'abc' })).toEqual({ name: 'minLength', email: 'minLength', password: 'required' });
    expect(validate(fields, { ...blank, id: 4, name: 'Ana', email: 'ana@x' })).toEqual({});
    const name = fields.find((f) => f.path === 'name')!;
    expect(name.minLengthMessage).toBe('validation.nameRequired');
    expect(validate(fields, { ...blank, name: 'Ana', email: 'ana@x', password: 'abc' })).toEqual({ password: 'minLength' });
  });

  it('asks a new user for a password and a matching confirmation', () => {
    expect(checkUser(t, { ...blank })).toBe('users.passwordRequired');
    expect(checkUser(t, { ...blank, password: 'abcd', passwordConfirm: 'abce' })).toBe('users.passwordMismatch');
    expect(checkUser(t, { ...blank, id: 3 })).toBeNull();
  });

  it('sends no confirmation and no empty password', () => {
    expect(toWire({ ...blank, id: 3, password: '', passwordConfirm: '' })).not.toHaveProperty('password');
    expect(toWire({ ...blank, password: 'abcd', passwordConfirm: 'abcd' })).toMatchObject({ password: 'abcd' });
  });

  it("offers the user's Telegram chat (the telegram channel's address) beside his phone", () => {
    const paths = userFields(t, { admin: true, advancedPermissions: false }).filter((f) => f.section === 'users.sections.main').map((f) => f.path);
    expect(paths.slice(0, 4)).toEqual(['name', 'email', 'phone', 'attributes.telegramChatId']);
    const rights = userFields(t, { admin: true, advancedPermissions: false }).filter((f) => f.section === 'users.sections.rights').map((f) => f.path);
    expect(rights.slice(0, 2)).toEqual(['administrator', 'disabled']);
  });

  it('offers administrator and billing only to administrators', () => {
    const paths = (admin: boolean) => userFields(t, { admin, advancedPermissions: false }).map((f) => f.path);
    expect(paths(true)).toContain('administrator');
    expect(paths(false)).not.toContain('administrator');
    expect(paths(false)).not.toContain('attributes.billingEnable');
  });

  it('offers a reseller the billing of his users, and reseller fields only as a sub-reseller, never on himself', () => {
    const fields = (resellers: boolean) => userFields(t, { admin: false, advancedPermissions: false, billing: true, resellers, selfId: 7 });
    const shown = (list: ReturnType<typeof fields>, user: UserForm) => list.filter((f) => f.visible?.(user) ?? true).map((f) => f.path);
    const customer = { ...blank, id: 9, attributes: { billingEnable: true } };
    expect(shown(fields(false), customer)).toContain('attributes.billingPrice');
    expect(shown(fields(false), customer)).not.toContain('attributes.reseller');
    expect(shown(fields(true), customer)).toContain('attributes.reseller');
    expect(shown(fields(true), { ...customer, id: 7 })).not.toContain('attributes.billingEnable');
  });
});
