import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { Event } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { liveStore } from '../../api/liveStore.ts';
import { useNotificationsMuted } from '../../app/mute.ts';
import { playChime } from './chime.ts';
import { eventText } from './eventText.ts';

/** Spec §9: toasts last 7 s. */
const TOAST_DURATION_MS = 7000;
const MAX_TOASTS = 4;

interface Toast {
  key: number;
  title: string | undefined;
  text: string;
  alarm: boolean;
}

/** Live events from the socket as toasts at the bottom right, with a chime unless muted. */
export function EventToasts() {
  const { t, i18n } = useTranslation();
  const muted = useNotificationsMuted();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const show = useEffectEvent((events: Event[]) => {
    const devices = liveStore.getState().devices;
    const added = events.map((event) => ({
      key: next.current++,
      title: devices.get(event.deviceId)?.name,
      text: eventText(event, t, (key) => i18n.exists(key)),
      alarm: event.type === 'alarm',
    }));
    setToasts((shown) => [...shown, ...added].slice(-MAX_TOASTS));
    if (!muted) playChime();
  });

  useEffect(() => liveStore.subscribeEvents(show), []);

  const dismiss = (key: number) => setToasts((shown) => shown.filter((toast) => toast.key !== key));

  return (
    <Stack
      spacing={1}
      aria-live="polite"
      sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, width: 340, maxWidth: 'calc(100% - 32px)' }}
    >
      {toasts.map((toast) => (
        <TimedToast key={toast.key} toast={toast} onClose={() => dismiss(toast.key)} />
      ))}
    </Stack>
  );
}

function TimedToast({ toast, onClose }: { toast: Toast; onClose(): void }) {
  const expire = useEffectEvent(onClose);
  useEffect(() => {
    const timer = setTimeout(expire, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert severity={toast.alarm ? 'error' : 'info'} variant="filled" elevation={6} onClose={onClose}>
      {toast.title && <AlertTitle sx={{ mb: 0 }}>{toast.title}</AlertTitle>}
      {toast.text}
    </Alert>
  );
}
