import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { Event } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationsApi } from '../../api/entities.ts';
import { liveStore } from '../../api/liveStore.ts';
import { useNotificationsMuted } from '../../state/mute.ts';
import { TOAST_COLORS, TOAST_POSITIONS, lookOf, playSound, ruleFor, type NotificationLook, type ToastPosition } from '../notifications/index.ts';
import { eventText } from './eventText.ts';

/** Spec §9: toasts last 7 s. */
const TOAST_DURATION_MS = 7000;
const MAX_TOASTS = 4;

interface Toast {
  key: number;
  title: string | undefined;
  text: string;
  alarm: boolean;
  /** The look of the rule the event matched (spec §9: colour, corner, pin, sound). */
  look: NotificationLook;
}

/** Live events from the socket as toasts, looking and sounding as their notification rule says, unless muted. */
export function EventToasts() {
  const { t, i18n } = useTranslation();
  const muted = useNotificationsMuted();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  // the rules decide each toast's look; fetched once, refreshed when edited on the notifications page
  const rules = useQuery({ queryKey: [notificationsApi.key], queryFn: () => notificationsApi.list() }).data ?? [];
  const show = useEffectEvent((events: Event[]) => {
    const devices = liveStore.getState().devices;
    const added = events.map((event) => ({
      key: next.current++,
      title: devices.get(event.deviceId)?.name,
      text: eventText(event, t, (key) => i18n.exists(key)),
      alarm: event.type === 'alarm',
      look: lookOf(ruleFor(rules, event)?.attributes),
    }));
    setToasts((shown) => [...shown, ...added].slice(-MAX_TOASTS));
    if (!muted && added.length) playSound(added[0].look.sound, added[0].look.soundUrl);
  });

  useEffect(() => liveStore.subscribeEvents(show), []);

  const dismiss = (key: number) => setToasts((shown) => shown.filter((toast) => toast.key !== key));

  return TOAST_POSITIONS.map((position) => {
    const here = toasts.filter((toast) => toast.look.position === position);
    return here.length ? (
      <Stack key={position} spacing={1} aria-live="polite" data-testid={`toasts-${position}`} sx={{ ...corner(position), position: 'fixed', zIndex: (theme) => theme.zIndex.snackbar, width: 340, maxWidth: 'calc(100% - 32px)' }}>
        {here.map((toast) => (
          <TimedToast key={toast.key} toast={toast} onClose={() => dismiss(toast.key)} />
        ))}
      </Stack>
    ) : null;
  });
}

function corner(position: ToastPosition) {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  // below the top bar at the top
  return { [vertical]: vertical === 'top' ? 64 : 16, [horizontal]: 16 };
}

function TimedToast({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const expire = useEffectEvent(onClose);
  const { pin, color } = toast.look;
  useEffect(() => {
    // spec §9: a pinned toast stays until closed
    if (pin) return;
    const timer = setTimeout(expire, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [pin]);
  const colors = color ? { bgcolor: TOAST_COLORS[color][0], color: TOAST_COLORS[color][1], '& .MuiAlert-icon, & .MuiAlert-action': { color: 'inherit' } } : undefined;
  return (
    <Alert severity={toast.alarm ? 'error' : 'info'} variant="filled" elevation={6} onClose={onClose} sx={colors} data-testid="event-toast">
      {toast.title && <AlertTitle sx={{ mb: 0 }}>{toast.title}</AlertTitle>}
      {toast.text}
    </Alert>
  );
}
