import { useState } from 'react';
import type { Device, Position } from '@rastro/api';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendCommand } from '../../../api/commands.ts';
import { deleteDevice } from '../../../api/devices.ts';
import { createGeofence, deleteGeofence, type Geofence } from '../../../api/geofences.ts';
import { linkObjects } from '../../../api/permissions.ts';
import { devicesQuery, geofencesQuery, useServerInfo } from '../../../api/queries.ts';
import { setFollowed, setTrail } from '../../../state/mapModes.ts';
import { notify } from '../../../state/notice.ts';
import { useNoticedTask } from '../../../ui/useSubmit.ts';
import { ANCHOR_AREA_KM2, ANCHOR_RADIUS_M, anchorGeofence } from '../anchor.ts';

/** The device actions that ask before they act. */
export type ConfirmedAction = 'lock' | 'unlock' | 'anchorOn' | 'anchorOff' | 'delete';

export interface Confirmation {
  action: ConfirmedAction;
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
}

/**
 * Engine lock and unlock (`engineStop` / `engineResume`), the anchor toggle (spec §4) and delete,
 * each behind a confirmation. Cancelling says so ('Ação cancelada pelo usuário').
 */
export function useConfirmedActions(device: Device, position: Position | undefined, anchor: Geofence | undefined) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<ConfirmedAction | null>(null);
  const lazyDeletion = useServerInfo().data?.server.attributes['tarkan.lazyDeletion'] === true;

  const area = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(ANCHOR_AREA_KM2);
  const confirmations: Record<ConfirmedAction, Omit<Confirmation, 'action'>> = {
    lock: { title: t('devices.lock.title'), message: t('devices.lock.confirm', { name: device.name }), confirmLabel: t('devices.lock.action'), danger: true },
    unlock: { title: t('devices.unlock.title'), message: t('devices.unlock.confirm', { name: device.name }), confirmLabel: t('devices.unlock.action'), danger: false },
    anchorOn: { title: t('devices.anchor.onTitle'), message: t('devices.anchor.onConfirm', { radius: ANCHOR_RADIUS_M, area }), confirmLabel: t('devices.anchor.on'), danger: false },
    anchorOff: { title: t('devices.anchor.offTitle'), message: t('devices.anchor.offConfirm'), confirmLabel: t('devices.anchor.off'), danger: false },
    // with lazy deletion on (spec §3) the device is only hidden, and an administrator can restore it
    delete: { title: t('devices.delete.title'), message: t(lazyDeletion ? 'devices.delete.confirmLazy' : 'devices.delete.confirm', { name: device.name }), confirmLabel: t('devices.delete.action'), danger: true },
  };

  const run: Record<ConfirmedAction, () => Promise<void>> = {
    lock: async () => notify((await sendCommand(device.id, 'engineStop')) === 'sent' ? t('devices.command.sent') : t('devices.command.queued', { name: device.name })),
    unlock: async () => notify((await sendCommand(device.id, 'engineResume')) === 'sent' ? t('devices.command.sent') : t('devices.command.queued', { name: device.name })),
    anchorOn: async () => {
      if (!position) {
        notify(t('devices.anchor.noPosition'), 'error');
        return;
      }
      const geofence = await createGeofence(anchorGeofence(device, position, t('devices.anchor.name', { name: device.name })));
      await linkObjects({ deviceId: device.id, geofenceId: geofence.id });
      await queryClient.invalidateQueries({ queryKey: geofencesQuery.queryKey });
      notify(t('devices.anchor.activated'));
    },
    anchorOff: async () => {
      if (anchor) await deleteGeofence(anchor.id);
      await queryClient.invalidateQueries({ queryKey: geofencesQuery.queryKey });
      notify(t('devices.anchor.deactivated'));
    },
    delete: async () => {
      await deleteDevice(device.id);
      setFollowed(null);
      setTrail(device.id, false);
      await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
      notify(t('devices.delete.done'));
      void navigate('/devices');
    },
  };

  const act = useNoticedTask(
    async (action: ConfirmedAction) => {
      await run[action]();
      return undefined;
    },
    {
      // spec §8: a failed deletion is reported as an unexpected error, with the server's reason
      failed: (text, _error, action) => (action === 'delete' ? `${t('devices.delete.failed')} ${text}` : text),
      onSettled: () => setPending(null),
    },
  );

  return {
    confirmation: pending ? { action: pending, ...confirmations[pending] } : null,
    busy: act.busy,
    ask: setPending,
    confirm: () => {
      if (pending) act.run(pending);
    },
    cancel: () => {
      setPending(null);
      notify(t('errors.userCancel'), 'info');
    },
  };
}
