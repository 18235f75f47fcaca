import { useEffect, useState } from 'react';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { getPushInfo } from '../../api/push.ts';
import { useWebConfig } from '../../api/queries.ts';
import { notify } from '../../state/notice.ts';
import { isQrDriver, isSharedUser, qrDeviceIdOf } from '../../state/session.ts';
import { useNoticedTask } from '../../ui/useSubmit.ts';
import { readPushState, turnPushOff, turnPushOn, type PushState } from './pushSubscription.ts';

/**
 * The top bar's push button (spec §2): a bell showing whether this browser receives the user's
 * notifications when the app is closed. Absent when config.json or the server turns push off,
 * and for share-link users and QR drivers.
 */
export function PushToggle({ user }: { user: User }) {
  const config = useWebConfig().data;
  // a QR device login writes nothing, a push subscription included (the server refuses it)
  const hidden = isSharedUser(user) || isQrDriver(user) || qrDeviceIdOf(user) !== null || config?.push?.enabled === false;
  const info = useQuery({ queryKey: ['push-info'], queryFn: getPushInfo, staleTime: Infinity, enabled: !hidden }).data;
  if (hidden || !info?.enabled || !info.publicKey) return null;
  return <PushButton userId={user.id} publicKey={info.publicKey} />;
}

function PushButton({ userId, publicKey }: { userId: number; publicKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);

  useEffect(() => {
    let current = true;
    const read = () => {
      void readPushState(userId, publicKey).then(
        (next) => current && setState(next),
        () => current && setState('off'),
      );
    };
    read();
    // the user may allow or block notifications in the browser's site settings meanwhile
    let status: PermissionStatus | null = null;
    void navigator.permissions?.query({ name: 'notifications' }).then((s) => {
      status = s;
      s.addEventListener('change', read);
    }, () => undefined);
    return () => {
      current = false;
      status?.removeEventListener('change', read);
    };
  }, [userId, publicKey]);

  const turn = useNoticedTask(
    async (from: PushState | null) => {
      const next = from === 'on' ? await turnPushOff(userId) : await turnPushOn(userId, publicKey);
      setState(next);
      if (next === 'on') notify(t('push.turnedOn'), 'success');
      else if (from === 'on') notify(t('push.turnedOff'), 'info');
      else if (next === 'blocked') notify(t('push.blockedHelp'), 'warning');
      return undefined;
    },
    // the browser's own refusals (no push service, no permission) are DOMExceptions; the server's are ApiErrors
    { failed: (text, error) => t('push.failed', { message: error instanceof DOMException ? t('push.serviceRefused') : text }) },
  );
  const toggle = () => {
    if (state === 'blocked') notify(t('push.blockedHelp'), 'info');
    else turn.run(state);
  };

  const look = {
    unsupported: { label: t('push.unsupported'), icon: <NotificationsOffIcon /> },
    blocked: { label: t('push.blocked'), icon: <NotificationsOffIcon /> },
    off: { label: t('push.off'), icon: <NotificationsNoneIcon /> },
    on: { label: t('push.on'), icon: <NotificationsActiveIcon /> },
  }[state ?? 'off'];
  const label = state === null ? t('push.checking') : look.label;
  const disabled = state === null || state === 'unsupported' || turn.busy;

  return (
    <Tooltip title={label}>
      {/* a disabled button fires no events: the span keeps the tooltip */}
      <span data-push-state={state ?? 'checking'}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-pressed={state === 'on' || state === 'off' ? state === 'on' : undefined}
          disabled={disabled}
          onClick={toggle}
          sx={{ opacity: state === 'blocked' || state === 'unsupported' ? 0.7 : 1, '&.Mui-disabled': { color: 'inherit' } }}
        >
          {look.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
