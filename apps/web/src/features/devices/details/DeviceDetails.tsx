import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Device } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useLivePositions } from '../../../api/liveStore.ts';
import { useGeofences, useServerInfo } from '../../../api/queries.ts';
import { AccountNotice } from '../../../ui/AccountNotice.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { anchorOf } from '../anchor.ts';
import { DeviceEditor } from '../editor/DeviceEditor.tsx';
import { hasCommandMenu, useDeviceRights } from '../permissions.ts';
import { AttributeChart } from './AttributeChart.tsx';
import { DeviceActions } from './DeviceActions.tsx';
import { DeviceCommandMenu } from './DeviceCommandMenu.tsx';
import { DeviceMedia, hasMedia } from './DeviceMedia.tsx';
import { DeviceReadings } from './DeviceReadings.tsx';
import { DeviceSummary } from './DeviceSummary.tsx';
import { QrAccessDialog } from './QrAccessDialog.tsx';
import { QrDeviceDialog } from './QrDeviceDialog.tsx';
import { RoutePeriods } from './RoutePeriods.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { useConfirmedActions } from './useConfirmedActions.ts';

/** Spec §2 device details: summary, actions, readings, routes and the graphic. */
export function DeviceDetails({ device }: { device: Device }) {
  const { t } = useTranslation();
  const position = useLivePositions().get(device.id);
  const anchor = anchorOf(useGeofences().data ?? [], device.id);
  const rights = useDeviceRights();
  const actions = useConfirmedActions(device, position, anchor);
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [qrCode, setQrCode] = useState(false);
  const [qrAccess, setQrAccess] = useState(false);
  const [commandsAnchor, setCommandsAnchor] = useState<HTMLElement | null>(null);
  // spec §2 "QR device": for those who manage devices, when the server has the QR driver on
  const qrDrivers = useServerInfo().data?.server.attributes['tarkan.enableQrDriverId'] === true && rights.edit;

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="device-details">
      <DeviceSummary device={device} position={position} />
      <DeviceActions
        device={device}
        position={position}
        anchored={anchor !== undefined}
        rights={rights}
        ask={actions.ask}
        onEdit={() => setEditing(true)}
        onShare={() => setSharing(true)}
        onCommands={hasCommandMenu(rights) ? setCommandsAnchor : undefined}
        onQrCode={qrDrivers ? () => setQrCode(true) : undefined}
        onQrAccess={rights.edit ? () => setQrAccess(true) : undefined}
      />
      <AccountNotice devices />
      <Section title={t('devices.sections.readings')}>
        <DeviceReadings device={device} position={position} />
      </Section>
      {hasMedia(position) && (
        <Section title={t('devices.sections.media')}>
          <DeviceMedia device={device} position={position} />
        </Section>
      )}
      {/* both read the position history, which is report work (spec §6) */}
      {rights.reports && (
        <>
          <Section title={t('devices.sections.routes')}>
            <RoutePeriods deviceId={device.id} />
          </Section>
          <Section title={t('devices.sections.chart')}>
            <AttributeChart deviceId={device.id} />
          </Section>
        </>
      )}
      {actions.confirmation && (
        <ConfirmDialog open {...actions.confirmation} busy={actions.busy} onConfirm={actions.confirm} onCancel={actions.cancel} />
      )}
      {hasCommandMenu(rights) && <DeviceCommandMenu device={device} rights={rights} anchor={commandsAnchor} onClose={() => setCommandsAnchor(null)} />}
      {editing && <DeviceEditor device={device} onClose={() => setEditing(false)} />}
      {sharing && <ShareDialog device={device} onClose={() => setSharing(false)} />}
      {qrCode && <QrDeviceDialog device={device} onClose={() => setQrCode(false)} />}
      {qrAccess && <QrAccessDialog device={device} onClose={() => setQrAccess(false)} />}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
