import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Device } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../../api/devices.ts';
import { useDevices } from '../../../api/queries.ts';
import { MULTI_SELECT, useAutocompleteTexts } from './useAutocompleteTexts.ts';

interface DeviceFieldProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** One device (route, playback, chart) or several. */
  multiple: boolean;
}

export function useReportDevices(): Device[] {
  const devices = useDevices().data;
  return useMemo(
    () => (devices ?? []).filter((device) => !isSoftDeleted(device)).sort((a, b) => a.name.localeCompare(b.name)),
    [devices],
  );
}

export function DeviceField({ value, onChange, multiple }: DeviceFieldProps) {
  const { t } = useTranslation();
  const devices = useReportDevices();
  const texts = useAutocompleteTexts();
  const selected = devices.filter((device) => value.includes(device.id));
  const common = {
    ...texts,
    options: devices,
    getOptionLabel: (device: Device) => device.name,
    getOptionKey: (device: Device) => device.id,
    isOptionEqualToValue: (a: Device, b: Device) => a.id === b.id,
    size: 'small' as const,
    sx: { flex: '2 1 240px', minWidth: 0 },
    noOptionsText: t('reports.filter.noDevices'),
  };
  const label = multiple ? t('reports.filter.devices') : t('reports.filter.device');

  return multiple ? (
    <Autocomplete
      {...common}
      {...MULTI_SELECT}
      value={selected}
      onChange={(_, devices) => onChange(devices.map((device) => device.id))}
      renderInput={(params) => <TextField {...params} label={label} name="devices" />}
    />
  ) : (
    <Autocomplete
      {...common}
      value={selected[0] ?? null}
      onChange={(_, device) => onChange(device ? [device.id] : [])}
      renderInput={(params) => <TextField {...params} label={label} name="device" />}
    />
  );
}
