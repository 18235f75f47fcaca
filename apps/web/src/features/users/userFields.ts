import type { TFunction } from 'i18next';
import type { User } from '@rastro/api';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { LANGUAGE_OPTIONS } from '../../i18n/locale.ts';
import { mapKeyFields, mapLayerOptions } from '../../ui/mapLayerOptions.ts';

/** A user in the form: the wire user plus the confirmation, which never leaves the browser. */
export type UserForm = Omit<User, 'password'> & { password?: string | null; passwordConfirm?: string };

export interface UserFieldScope {
  /** The signed-in user is an administrator: may grant administrator and see billing and reseller fields. */
  admin: boolean;
  advancedPermissions: boolean;
  /**
   * A reseller edits the billing fields of the users he manages, and the reseller fields as a
   * sub-reseller (spec §6); never on himself (`selfId`), which the server enforces too.
   */
  billing?: boolean;
  resellers?: boolean;
  selfId?: number;
}

const COORDINATE_FORMATS = ['dd', 'ddm', 'dms'] as const;
const MODES = ['fixed', 'percent'] as const;

/** Spec §3 User and §5's validations; billing and reseller fields live in attributes. */
export function userFields(t: TFunction, scope: UserFieldScope): FieldSpec<UserForm>[] {
  const main = t('users.sections.main');
  const rights = t('users.sections.rights');
  const prefs = t('users.sections.preferences');
  const billing = t('users.sections.billing');
  const reseller = t('users.sections.reseller');
  const billingOn = (user: UserForm) => user.attributes.billingEnable === true;
  const fields: FieldSpec<UserForm>[] = [
    { path: 'name', label: t('users.name'), kind: 'text', required: true, minLength: 3, requiredMessage: t('validation.nameRequired'), minLengthMessage: t('validation.nameRequired'), section: main },
    { path: 'email', label: t('users.email'), kind: 'text', required: true, minLength: 4, requiredMessage: t('validation.minFour'), minLengthMessage: t('validation.minFour'), section: main },
    { path: 'phone', label: t('users.phone'), kind: 'text', section: main },
    // Traccar's user attribute: where the telegram channel sends (else the server's chat)
    { path: 'attributes.telegramChatId', label: t('users.telegramChatId'), kind: 'text', helper: t('users.telegramChatIdHelp'), section: main },
    // a new user must get a password (checkUser); an existing one keeps his unless a new one is typed
    { path: 'password', label: t('users.password'), kind: 'password', required: true, requiredMessage: t('validation.minFour'), minLength: 4, minLengthMessage: t('validation.minFour'), section: main, visible: (u) => u.id === 0 },
    { path: 'password', label: t('users.newPassword'), kind: 'password', minLength: 4, minLengthMessage: t('validation.minFour'), section: main, helper: t('users.passwordHelp'), visible: (u) => u.id !== 0 },
    { path: 'passwordConfirm', label: t('users.passwordConfirm'), kind: 'password', section: main },
    { path: 'disabled', label: t('users.disabled'), kind: 'boolean', section: rights },
    { path: 'readonly', label: t('users.readonly'), kind: 'boolean', section: rights },
    { path: 'deviceReadonly', label: t('users.deviceReadonly'), kind: 'boolean', section: rights },
    { path: 'limitCommands', label: t('users.limitCommands'), kind: 'boolean', section: rights },
    { path: 'deviceLimit', label: t('users.deviceLimit'), kind: 'number', helper: t('users.unlimitedHelp'), section: rights },
    { path: 'userLimit', label: t('users.userLimit'), kind: 'number', helper: t('users.unlimitedHelp'), section: rights },
    { path: 'expirationTime', label: t('users.expirationTime'), kind: 'datetime', section: rights },
    { path: 'map', label: t('users.map'), kind: 'select', options: mapLayerOptions(t), keepOther: true, section: prefs },
    // the user's own provider keys (masked when read), used by the server's tile proxy before the server's
    ...mapKeyFields<UserForm>(t, 'users', prefs),
    { path: 'latitude', label: t('users.latitude'), kind: 'number', section: prefs },
    { path: 'longitude', label: t('users.longitude'), kind: 'number', section: prefs },
    { path: 'zoom', label: t('users.zoom'), kind: 'number', section: prefs },
    { path: 'attributes.twelveHourFormat', label: t('users.twelveHourFormat'), kind: 'boolean', section: prefs },
    { path: 'coordinateFormat', label: t('users.coordinateFormat'), kind: 'select', section: prefs, options: COORDINATE_FORMATS.map((f) => ({ value: f, label: t(`users.coordinateFormats.${f}`) })) },
    { path: 'attributes.tarkan.lang', label: t('users.language'), kind: 'select', section: prefs, options: LANGUAGE_OPTIONS },
    { path: 'attributes.tarkan.deviceAttributes', label: t('users.deviceAttributes'), kind: 'text', helper: t('users.deviceAttributesHelp'), section: prefs },
  ];
  if (scope.admin) fields.splice(6, 0, { path: 'administrator', label: t('users.administrator'), kind: 'boolean', section: rights });
  const other = (user: UserForm) => scope.admin || user.id !== scope.selfId;
  if (scope.admin || scope.billing) {
    fields.push(
      { path: 'attributes.billingEnable', label: t('users.billing.enable'), kind: 'boolean', section: billing, visible: other },
      ...(
        [
          ['billingCpfCnpj', 'text'], ['billingDescription', 'text'], ['billingDate', 'number'], ['billingPrice', 'number'],
          ['billingFine', 'number'], ['billingFineMode', 'mode'], ['billingInterest', 'number'], ['billingDisccount', 'number'],
          ['billingDisccountMode', 'mode'], ['billingDisccountDays', 'number'], ['billingTrustUnlock', 'boolean'],
          ['billingTrustUnlockDays', 'number'], ['billingSuspension', 'boolean'], ['billingSuspensionDays', 'number'],
        ] as const
      ).map(([key, kind]): FieldSpec<UserForm> => ({
        path: `attributes.${key}`,
        label: t(`users.billing.${key}`),
        kind: kind === 'mode' ? 'select' : kind,
        options: kind === 'mode' ? MODES.map((mode) => ({ value: mode, label: t(`users.billing.modes.${mode}`) })) : undefined,
        section: billing,
        visible: (u) => billingOn(u) && other(u),
      })),
    );
  }
  if (scope.admin || scope.resellers) {
    const isReseller = (u: UserForm) => u.attributes.reseller === true && other(u);
    fields.push(
      { path: 'attributes.reseller', label: t('users.resellerFields.reseller'), kind: 'boolean', section: reseller, visible: other },
      { path: 'attributes.subReseller', label: t('users.resellerFields.subReseller'), kind: 'boolean', section: reseller, visible: isReseller },
      { path: 'attributes.resellerDomain', label: t('users.resellerFields.domain'), kind: 'text', section: reseller, visible: isReseller },
      { path: 'attributes.resaleLimit', label: t('users.resellerFields.limit'), kind: 'number', section: reseller, visible: isReseller },
    );
  }
  return fields;
}

/** Checks beyond single fields: a new user's password, and the confirmation matching it. */
export function checkUser(t: TFunction, user: UserForm): string | null {
  if (user.id === 0 && !user.password) return t('users.passwordRequired');
  if ((user.password ?? '') !== (user.passwordConfirm ?? '')) return t('users.passwordMismatch');
  return null;
}

/** The wire body: no confirmation, and no password unless one was typed. */
export function toWire(user: UserForm): Omit<UserForm, 'passwordConfirm'> {
  const { passwordConfirm: _confirm, ...rest } = user;
  if (!rest.password) delete rest.password;
  return rest;
}
