import type { MouseEvent, ReactNode } from 'react';
import AnchorIcon from '@mui/icons-material/Anchor';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FilterCenterFocusIcon from '@mui/icons-material/FilterCenterFocus';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MapIcon from '@mui/icons-material/Map';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import RouteIcon from '@mui/icons-material/Route';
import ShareIcon from '@mui/icons-material/Share';
import StreetviewIcon from '@mui/icons-material/Streetview';
import TerminalIcon from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Device, Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { updateDeviceFilters, useDeviceFilters } from '../../../state/deviceFilters.ts';
import { setFollowed, setTrail, useMapModes } from '../../../state/mapModes.ts';
import { mapsUrl, streetViewUrl } from '../../../ui/externalMaps.ts';
import type { DeviceRights } from '../permissions.ts';
import type { ConfirmedAction } from './useConfirmedActions.ts';

interface DeviceActionsProps {
  device: Device;
  position: Position | undefined;
  anchored: boolean;
  rights: DeviceRights;
  ask: (action: ConfirmedAction) => void;
  onEdit: () => void;
  onShare: () => void;
  /** Opens the command menu under its button; absent when the user may send no command. */
  onCommands?: (anchor: HTMLElement) => void;
  /** The QR code drivers scan to check in; absent when the user may not print it. */
  onQrCode?: () => void;
  /** The vehicle's access code (a QR device login); absent when the user may not issue it. */
  onQrAccess?: () => void;
}

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  /** Pressed state of a toggle. */
  pressed?: boolean;
  href?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  color?: 'error';
  /** A button that opens a menu says so. */
  menu?: boolean;
}

/** The device's actions as labelled buttons: map modes, links out, commands, anchor, share, edit, delete. */
export function DeviceActions({ device, position, anchored, rights, ask, onEdit, onShare, onCommands, onQrCode, onQrAccess }: DeviceActionsProps) {
  const { t } = useTranslation();
  const { followed, trails } = useMapModes();
  const { onlyDeviceId } = useDeviceFilters();
  const following = followed === device.id;
  const trailing = trails.has(device.id);
  const only = onlyDeviceId === device.id;

  const actions: (Action | false)[] = [
    { key: 'follow', label: t('devices.actions.follow'), icon: <GpsFixedIcon />, pressed: following, onClick: () => setFollowed(following ? null : device.id) },
    { key: 'trail', label: t('devices.actions.trail'), icon: <RouteIcon />, pressed: trailing, onClick: () => setTrail(device.id, !trailing) },
    { key: 'only', label: t('devices.actions.only'), icon: <FilterCenterFocusIcon />, pressed: only, onClick: () => updateDeviceFilters({ onlyDeviceId: only ? null : device.id }) },
    !!position && { key: 'maps', label: t('devices.actions.maps'), icon: <MapIcon />, href: mapsUrl(position.latitude, position.longitude) },
    !!position && { key: 'streetView', label: t('devices.actions.streetView'), icon: <StreetviewIcon />, href: streetViewUrl(position.latitude, position.longitude, position.course) },
    rights.lock && { key: 'lock', label: t('devices.lock.action'), icon: <LockIcon />, onClick: () => ask('lock'), color: 'error' },
    rights.unlock && { key: 'unlock', label: t('devices.unlock.action'), icon: <LockOpenIcon />, onClick: () => ask('unlock') },
    !!onCommands && { key: 'commands', label: t('devices.commands.action'), icon: <TerminalIcon />, onClick: (event) => onCommands(event.currentTarget), menu: true },
    rights.anchor && { key: 'anchor', label: t('devices.actions.anchor'), icon: <AnchorIcon />, pressed: anchored, onClick: () => ask(anchored ? 'anchorOff' : 'anchorOn') },
    rights.share && { key: 'share', label: t('devices.actions.share'), icon: <ShareIcon />, onClick: onShare },
    !!onQrCode && { key: 'qrCode', label: t('qrDriver.printDialog.action'), icon: <QrCode2Icon />, onClick: onQrCode },
    !!onQrAccess && { key: 'qrAccess', label: t('devices.qrAccess.action'), icon: <QrCodeScannerIcon />, onClick: onQrAccess },
    rights.edit && { key: 'edit', label: t('devices.actions.edit'), icon: <EditIcon />, onClick: onEdit },
    rights.delete && { key: 'delete', label: t('devices.delete.action'), icon: <DeleteIcon />, onClick: () => ask('delete'), color: 'error' },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 0.75 }}>
      {actions.filter((action): action is Action => action !== false).map((action) => (
        <Button
          key={action.key}
          data-testid={`action-${action.key}`}
          size="small"
          variant={action.pressed ? 'contained' : 'outlined'}
          color={action.color ?? 'primary'}
          aria-pressed={action.pressed}
          aria-haspopup={action.menu ? 'menu' : undefined}
          startIcon={action.icon}
          onClick={action.onClick}
          {...(action.href ? { href: action.href, target: '_blank', rel: 'noopener noreferrer' } : {})}
          sx={{ justifyContent: 'flex-start', textAlign: 'left', lineHeight: 1.2, minHeight: 36 }}
        >
          {action.label}
        </Button>
      ))}
    </Box>
  );
}
