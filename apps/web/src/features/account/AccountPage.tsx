import { useState } from 'react';
import Button from '@mui/material/Button';
import type { User } from '@rastro/api';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountRestriction, areaAllowed, useAccessContext } from '../../access/permissions.ts';
import { usersApi } from '../../api/management.ts';
import { useServerInfo } from '../../api/queries.ts';
import { tileSourcesQuery } from '../../api/tiles.ts';
import { sessionUser, useSessionUser } from '../../state/session.ts';
import { FormDialogPage } from '../../ui/entity/FormDialogPage.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { ApiTokenSection } from './ApiTokenSection.tsx';
import { TwoStepDialog } from './TwoStepDialog.tsx';
import { LANGUAGE_OPTIONS } from '../../i18n/locale.ts';
import { mapKeyFields, mapLayerOptions, withMapLayer } from '../../ui/mapLayerOptions.ts';

type AccountForm = Omit<User, 'password'> & { password?: string; passwordConfirm?: string };


/** My account: the signed-in user's own details and preferences. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const access = useAccessContext();
  // the server refuses a read-only account's every write, and under advanced permissions a user
  // without the users area's self-edit bit his own (spec §6)
  const readOnly = access !== null && (accountRestriction(access) === 'ACCOUNT_IS_READONLY' || !areaAllowed('users', access, 'selfEdit'));
  const [twoStep, setTwoStep] = useState(false);
  const client = useQueryClient();
  // offered where the server allows it (Traccar's server attribute `totpEnable`); a key already
  // set can always be turned off
  const attributes = useServerInfo().data?.server.attributes;
  const twoStepOffered = !!user?.totpKey || attributes?.totpEnable === true || attributes?.totpEnable === 'true';
  const fields: FieldSpec<AccountForm>[] = [
    { path: 'name', label: t('account.name'), kind: 'text', required: true, minLength: 3, requiredMessage: t('validation.nameRequired'), minLengthMessage: t('validation.nameRequired') },
    { path: 'email', label: t('account.email'), kind: 'text', required: true, minLength: 4, requiredMessage: t('validation.minFour'), minLengthMessage: t('validation.minFour') },
    { path: 'phone', label: t('account.phone'), kind: 'text' },
    // where the telegram notification channel reaches him (Traccar's user attribute)
    { path: 'attributes.telegramChatId', label: t('account.telegramChatId'), kind: 'text', helper: t('account.telegramChatIdHelp') },
    { path: 'password', label: t('account.password'), kind: 'password', minLength: 4, minLengthMessage: t('validation.minFour'), helper: t('account.passwordHelp') },
    { path: 'passwordConfirm', label: t('account.passwordConfirm'), kind: 'password' },
    { path: 'map', label: t('account.map'), kind: 'select', options: mapLayerOptions(t), keepOther: true, section: t('account.preferences') },
    // his own provider keys (masked when read), used by the server's tile proxy before the server's
    ...mapKeyFields<AccountForm>(t, 'account', t('account.preferences')),
    { path: 'latitude', label: t('account.latitude'), kind: 'number', section: t('account.preferences') },
    { path: 'longitude', label: t('account.longitude'), kind: 'number', section: t('account.preferences') },
    { path: 'zoom', label: t('account.zoom'), kind: 'number', section: t('account.preferences') },
    { path: 'attributes.twelveHourFormat', label: t('account.twelveHourFormat'), kind: 'boolean', section: t('account.preferences') },
    { path: 'coordinateFormat', label: t('account.coordinateFormat'), kind: 'select', section: t('account.preferences'), options: ['dd', 'ddm', 'dms'].map((f) => ({ value: f, label: f.toUpperCase() })) },
    { path: 'attributes.tarkan.lang', label: t('account.language'), kind: 'select', section: t('account.preferences'), options: LANGUAGE_OPTIONS },
    // spec §3 User `token`: minted and revoked at once by the server, never part of the saved form
    { path: 'token', label: t('account.token.title'), kind: 'custom', section: t('account.token.title'), render: () => <ApiTokenSection /> },
  ];
  const value: AccountForm | null = user && withMapLayer({ ...user, password: '', passwordConfirm: '' });

  return (
    <>
      <FormDialogPage
        title={t('account.title')}
        fields={fields}
        value={value}
        check={(form) => ((form.password ?? '') !== (form.passwordConfirm ?? '') ? t('account.passwordMismatch') : null)}
        onSave={async ({ passwordConfirm: _confirm, password, ...rest }) => {
          // the two-step key is changed by its own dialog while this form is open: keep the current one
          const current = { ...rest, totpKey: sessionUser.get()?.totpKey ?? null };
          const saved = await usersApi.save(password ? { ...current, password } : current);
          sessionUser.set(saved);
          // a key of his own set or cleared changes the layers the map offers him
          await client.invalidateQueries({ queryKey: tileSourcesQuery.queryKey });
        }}
        readOnly={readOnly}
        extraActions={() => twoStepOffered && !readOnly && (
          <Button onClick={() => setTwoStep(true)} sx={{ mr: 'auto' }} data-testid="two-step-open">
            {user?.totpKey ? t('account.twoStep.title') : t('account.twoStep.enableTitle')}
          </Button>
        )}
      />
      {twoStep && user && <TwoStepDialog user={user} onClose={() => setTwoStep(false)} />}
    </>
  );
}
