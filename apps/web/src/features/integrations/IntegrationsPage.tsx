import TextField from '@mui/material/TextField';
import type { Attributes } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PAYMENT_WEBHOOK_PATH } from '../../api/billing.ts';
import { testNotificator } from '../../api/management.ts';
import { getIntegrations, saveIntegration, type IntegrationKey } from '../../api/tarkan.ts';
import { FormDialogPage } from '../../ui/entity/FormDialogPage.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { TestSendButton } from '../../ui/TestSendButton.tsx';

type Values = { list: Attributes };

/** Spec §3 Integrations. Secrets come back masked; sending the mask back keeps the stored one. */
const FIELDS: Record<IntegrationKey, [key: string, kind: FieldSpec['kind']][]> = {
  // token = the provider's API key; webhookToken = what the provider sends back on /tarkan/billing/webhook
  payment: [['provider', 'text'], ['email', 'text'], ['token', 'password'], ['webhookToken', 'password'], ['sandbox', 'boolean']],
  email: [['username', 'text'], ['password', 'password'], ['senderEmail', 'text'], ['senderName', 'text'], ['smtpHost', 'text'], ['smtpPort', 'number']],
};

export default function IntegrationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key: IntegrationKey = useParams().key === 'email' ? 'email' : 'payment';
  const integrations = useQuery({ queryKey: ['integrations'], queryFn: getIntegrations });
  const current = integrations.data && { list: integrations.data.find((i) => i.key === key)?.list ?? {} };
  const fields: FieldSpec<Values>[] = FIELDS[key].map(([name, kind]) => ({
    path: `list.${name}`,
    label: t(`integrations.${key}.${name}`),
    kind,
    required: kind !== 'boolean',
  }));
  if (key === 'payment') {
    // where the provider must send its payment events (read-only, to copy)
    const url = `${window.location.origin}${PAYMENT_WEBHOOK_PATH}`;
    fields.push({
      path: 'list.webhookUrl', label: t('integrations.payment.webhookUrl'), kind: 'custom',
      render: () => <TextField label={t('integrations.payment.webhookUrl')} value={url} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-url' } }} />,
    });
  }
  if (key === 'email' && current) {
    // the mail channel's test message, to the administrator's own address, through the saved server
    const saved = JSON.stringify(current.list);
    fields.push({
      path: 'list.test', label: t('integrations.test.send'), kind: 'custom',
      render: (form) => (
        <TestSendButton
          label={t('integrations.test.send')}
          send={() => testNotificator('mail')}
          blocked={JSON.stringify(form.list) !== saved ? t('integrations.test.saveFirst') : null}
          sentText={t('integrations.test.sent')}
          failedText={(reason) => t('integrations.test.failed', { reason })}
          testId="test-mail"
        />
      ),
    });
  }
  return (
    <FormDialogPage
      key={key}
      title={t(`integrations.${key}.title`)}
      fields={fields}
      value={current}
      onSave={async (value) => {
        await saveIntegration(key, value.list);
        await client.invalidateQueries({ queryKey: ['integrations'] });
      }}
    />
  );
}
