import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { Server } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { restartServer, saveServer } from '../../api/management.ts';
import { serverInfoQuery } from '../../api/queries.ts';
import { tileSourcesQuery } from '../../api/tiles.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { mapKeyFields, mapLayerOptions, withMapLayer } from '../../ui/mapLayerOptions.ts';
import { FormDialogPage } from '../../ui/entity/FormDialogPage.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';
import { useNoticedTask } from '../../ui/useSubmit.ts';
import { LANGUAGE_OPTIONS } from '../../i18n/locale.ts';
import { channelFields } from './channelFields.tsx';


/** Spec §3 "Server settings": Traccar's columns plus the product's attributes (administrators). */
function serverFields(t: (key: string) => string, saved: Server | null | undefined): FieldSpec<Server>[] {
  const map = t('server.sections.map');
  const rules = t('server.sections.rules');
  const product = t('server.sections.product');
  return [
    { path: 'map', label: t('server.map'), kind: 'select', options: mapLayerOptions(t), keepOther: true, helper: t('server.mapHelp'), section: map },
    { path: 'mapUrl', label: t('server.mapUrl'), kind: 'text', helper: t('server.mapUrlHelp'), section: map, visible: (server) => server.map === 'custom' || !!server.mapUrl },
    { path: 'latitude', label: t('server.latitude'), kind: 'number', section: map },
    { path: 'longitude', label: t('server.longitude'), kind: 'number', section: map },
    { path: 'zoom', label: t('server.zoom'), kind: 'number', section: map },
    // the providers the map draws through the server's tile proxy, which keeps their keys (masked when read)
    ...mapKeyFields<Server>(t, 'server', map),
    { path: 'attributes.web.selectZoom', label: t('server.selectZoom'), kind: 'number', section: map },
    { path: 'attributes.twelveHourFormat', label: t('server.twelveHourFormat'), kind: 'boolean', section: map },
    { path: 'coordinateFormat', label: t('server.coordinateFormat'), kind: 'select', section: map, options: ['dd', 'ddm', 'dms'].map((f) => ({ value: f, label: f.toUpperCase() })) },
    { path: 'registration', label: t('server.registration'), kind: 'boolean', section: rules },
    { path: 'readonly', label: t('server.readonly'), kind: 'boolean', section: rules },
    { path: 'deviceReadonly', label: t('server.deviceReadonly'), kind: 'boolean', section: rules },
    { path: 'limitCommands', label: t('server.limitCommands'), kind: 'boolean', section: rules },
    { path: 'attributes.tarkan.deviceLimit', label: t('server.deviceLimit'), kind: 'number', helper: t('server.deviceLimitHelp'), section: rules },
    { path: 'attributes.tarkan.lazyDeletion', label: t('server.lazyDeletion'), kind: 'boolean', section: product },
    { path: 'attributes.tarkan.enableQrDriverId', label: t('server.enableQrDriverId'), kind: 'boolean', section: product },
    { path: 'attributes.tarkan.enableAdvancedPerms', label: t('server.enableAdvancedPerms'), kind: 'boolean', section: product },
    // on unless turned off (spec §3 gives no default; lock and unlock are the product's commands)
    { path: 'attributes.tarkan.enableLockUnlock', label: t('server.enableLockUnlock'), kind: 'boolean', defaultValue: true, section: product },
    { path: 'attributes.tarkan.lang', label: t('server.language'), kind: 'select', section: product, options: LANGUAGE_OPTIONS },
    { path: 'attributes.tarkan.deviceAttributes', label: t('server.deviceAttributes'), kind: 'text', helper: t('server.deviceAttributesHelp'), section: product },
    { path: 'attributes.tarkan.logoWidth', label: t('server.logoWidth'), kind: 'text', section: product },
    // the SMS gateway, Telegram and WhatsApp, each with its test button
    ...channelFields(t, saved),
  ];
}

export default function ServerPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [restarting, setRestarting] = useState(false);
  // read again as the administrator: the copy loaded before sign-in has the SMS gateway masked
  const info = useQuery({ ...serverInfoQuery, staleTime: 0, refetchOnMount: 'always' });
  const fetched = info.isFetchedAfterMount ? info.data?.server : null;
  const server = useMemo(() => fetched && withMapLayer(fetched), [fetched]);
  const restart = useNoticedTask(
    async () => {
      await restartServer();
      return t('server.restarted');
    },
    { onSettled: () => setRestarting(false) },
  );

  return (
    <>
      <FormDialogPage
        title={t('server.title')}
        fields={serverFields(t, server)}
        value={server}
        onSave={async (value) => {
          await saveServer(value);
          await client.invalidateQueries({ queryKey: serverInfoQuery.queryKey });
          // a provider key set or cleared changes the layers the map offers
          await client.invalidateQueries({ queryKey: tileSourcesQuery.queryKey });
        }}
        extraActions={() => (
          <Button color="error" onClick={() => setRestarting(true)} data-testid="server-restart" sx={{ mr: 'auto' }}>
            {t('server.restart')}
          </Button>
        )}
      />
      <ConfirmDialog
        open={restarting}
        title={t('server.restart')}
        message={t('server.restartMessage')}
        confirmLabel={t('server.restart')}
        danger
        busy={restart.busy}
        onConfirm={() => restart.run()}
        onCancel={() => setRestarting(false)}
      />
    </>
  );
}
