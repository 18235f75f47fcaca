import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NOTIFICATORS } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { calendarsApi, notificationsApi, type NotificationRule } from '../../api/entities.ts';
import { getNotificationTypes, getNotificators, testNotification } from '../../api/management.ts';
import { nameOf } from '../../i18n/names.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { ALARM_KINDS } from './notificationLook.ts';
import { useNoticedTask } from '../../ui/useSubmit.ts';
import { LookEditor } from './LookEditor.tsx';

export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const types = useQuery({ queryKey: ['notification-types'], queryFn: getNotificationTypes, staleTime: Infinity }).data ?? [];
  const configured = useQuery({ queryKey: ['notificators'], queryFn: getNotificators, staleTime: Infinity }).data;
  const calendars = useQuery({ queryKey: [calendarsApi.key], queryFn: () => calendarsApi.list() }).data ?? [];
  const typeName = (type: string) => nameOf(i18n, 'eventType', type);

  const test = useNoticedTask(async () => {
    await testNotification();
    return t('notifications.testSent');
  });

  const description: EntityDescription<NotificationRule> = {
    area: 'notifications',
    title: t('notifications.title'),
    newTitle: t('notifications.new'),
    editTitle: t('notifications.edit'),
    api: notificationsApi,
    blank: () => ({ id: 0, type: 'alarm', description: '', always: false, calendarId: null, commandId: null, notificators: 'web', attributes: {} }),
    primary: (rule) => rule.description || typeName(rule.type),
    secondary: (rule) =>
      [typeName(rule.type), (rule.notificators ?? '').split(',').filter(Boolean).map((n) => t(`notifications.channels.${n}`)).join(', ')].filter(Boolean).join(' · '),
    check: (rule) => (rule.notificators ? null : t('notifications.channelRequired')),
    fields: [
      { path: 'type', label: t('notifications.type'), kind: 'select', required: true, options: types.map(({ type }) => ({ value: type, label: typeName(type) })) },
      { path: 'description', label: t('notifications.description'), kind: 'text' },
      {
        path: 'attributes.alarms', label: t('notifications.alarms'), kind: 'multiselect', visible: (rule) => rule.type === 'alarm',
        options: ALARM_KINDS.map((kind) => ({ value: kind, label: nameOf(i18n, 'alarm', kind) })),
      },
      {
        path: 'notificators', label: t('notifications.channelsLabel'), kind: 'multiselect', required: true,
        // spec §9 channels; those the server does not deliver yet are shown as not configured
        options: NOTIFICATORS.map((channel) => ({
          value: channel,
          label: t(`notifications.channels.${channel}`),
          note: configured && !configured.some((c) => c.type === channel) ? t('notifications.notConfigured') : undefined,
        })),
      },
      { path: 'always', label: t('notifications.always'), kind: 'boolean' },
      { path: 'attributes.autoAdd', label: t('notifications.autoAdd'), kind: 'boolean' },
      { path: 'calendarId', label: t('notifications.calendar'), kind: 'select', options: calendars.map((c) => ({ value: c.id, label: c.name })) },
      {
        path: 'attributes', label: t('notifications.look'), kind: 'custom', section: t('notifications.look'),
        visible: (rule) => (rule.notificators ?? '').split(',').includes('web'),
        render: (rule, change) => <LookEditor attributes={rule.attributes} onChange={(attributes) => change({ ...rule, attributes })} />,
      },
    ],
  };
  return (
    <EntityListPage description={description}>
      <Box sx={{ px: 1, pb: 1 }}>
        <Button size="small" variant="outlined" onClick={() => test.run()} disabled={test.busy} data-testid="notification-test">
          {t('notifications.test')}
        </Button>
      </Box>
    </EntityListPage>
  );
}
