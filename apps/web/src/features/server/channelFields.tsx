import type { Notificator, Server } from '@rastro/api';
import { testNotificator } from '../../api/management.ts';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { TestSendButton } from '../../ui/TestSendButton.tsx';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The server attributes of each channel with a test button (docs/configuration.md). */
const CHANNEL_KEYS: Record<'sms' | 'telegram' | 'whatsapp', string> = {
  sms: 'sms.http.',
  telegram: 'notificator.telegram.',
  whatsapp: 'whatsapp.http.',
};

/** Whether the form holds settings of the channel other than the saved ones: the test uses the saved. */
export function channelChanged(channel: keyof typeof CHANNEL_KEYS, form: Server, saved: Server | null | undefined): boolean {
  const prefix = CHANNEL_KEYS[channel];
  const keys = new Set([...Object.keys(form.attributes), ...Object.keys(saved?.attributes ?? {})].filter((key) => key.startsWith(prefix)));
  return [...keys].some((key) => form.attributes[key] !== saved?.attributes[key]);
}

/** A channel's test button: a message to the administrator himself, through the saved settings. */
function testField(t: T, channel: keyof typeof CHANNEL_KEYS & Notificator, section: string, saved: Server | null | undefined): FieldSpec<Server> {
  return {
    path: `test.${channel}`,
    label: t('server.test.send'),
    kind: 'custom',
    section,
    render: (form) => (
      <TestSendButton
        label={t('server.test.send')}
        send={() => testNotificator(channel)}
        blocked={channelChanged(channel, form, saved) ? t('server.test.saveFirst') : null}
        sentText={t('server.test.sent')}
        failedText={(reason) => t('server.test.failed', { reason })}
        testId={`test-${channel}`}
      />
    ),
  };
}

/**
 * An HTTP gateway's settings (Traccar's sms.http.* and whatsapp.http.*: the same keys and the same
 * request template), labelled from server.<channel>.*.
 */
function gatewayFields(t: T, channel: 'sms' | 'whatsapp', section: string): FieldSpec<Server>[] {
  const path = `attributes.${channel}.http`;
  return [
    { path: `${path}.url`, label: t(`server.${channel}.url`), kind: 'text', section },
    { path: `${path}.template`, label: t(`server.${channel}.template`), kind: 'multiline', helper: t('server.smsTemplateHelp'), section },
    { path: `${path}.authorizationHeader`, label: t(`server.${channel}.authorizationHeader`), kind: 'text', helper: t('server.smsAuthorizationHeaderHelp'), section },
    { path: `${path}.authorization`, label: t(`server.${channel}.authorization`), kind: 'password', section },
    { path: `${path}.user`, label: t(`server.${channel}.user`), kind: 'text', section },
    { path: `${path}.password`, label: t(`server.${channel}.password`), kind: 'password', section },
  ];
}

/**
 * The SMS gateway (Traccar's HTTP SMS keys, docs/configuration.md: commands by SMS and the sms
 * notificator) with its test button, and the Telegram bot (Traccar's notificator.telegram.*) and the
 * WhatsApp gateway (whatsapp.http.*, the same template as SMS) with theirs.
 */
export function channelFields(t: T, saved: Server | null | undefined): FieldSpec<Server>[] {
  const sms = t('server.sections.sms');
  const telegram = t('server.sections.telegram');
  const whatsapp = t('server.sections.whatsapp');
  return [
    ...gatewayFields(t, 'sms', sms),
    testField(t, 'sms', sms, saved),
    { path: 'attributes.notificator.telegram.key', label: t('server.telegram.key'), kind: 'password', helper: t('server.telegram.keyHelp'), section: telegram },
    { path: 'attributes.notificator.telegram.chatId', label: t('server.telegram.chatId'), kind: 'text', helper: t('server.telegram.chatIdHelp'), section: telegram },
    { path: 'attributes.notificator.telegram.sendLocation', label: t('server.telegram.sendLocation'), kind: 'boolean', section: telegram },
    { path: 'attributes.notificator.telegram.apiUrl', label: t('server.telegram.apiUrl'), kind: 'text', helper: t('server.telegram.apiUrlHelp'), section: telegram },
    testField(t, 'telegram', telegram, saved),
    ...gatewayFields(t, 'whatsapp', whatsapp),
    testField(t, 'whatsapp', whatsapp, saved),
  ];
}
