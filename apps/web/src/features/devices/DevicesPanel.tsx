import { useCallback, useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLiveDevices, useLivePositions } from '../../api/liveStore.ts';
import { useDevices } from '../../api/queries.ts';
import { HOME_PATH } from '../../app/guard.ts';
import { useSpeedUnit } from '../../app/preferences.ts';
import { selectDevice, useSelection } from '../../app/selection.ts';
import { deviceStatus } from '../../ui/deviceStatus.ts';
import { Panel } from '../../ui/Panel.tsx';
import { useNow } from '../../ui/useNow.ts';
import { useStoredState } from '../../ui/useStoredState.ts';
import { DeviceRow } from './DeviceRow.tsx';
import { byName, countByStatus, matchesQuery, matchesStatus, visibleDevices, type StatusFilter } from './deviceFilter.ts';
import { StatusFilterBar } from './StatusFilterBar.tsx';

const QUERY_KEY = 'rastro.devices.query';

/** /devices: searchable list of the visible devices with live status. */
export default function DevicesPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const loading = useDevices().isPending;
  const devices = useLiveDevices();
  const positions = useLivePositions();
  const { deviceId: selectedId } = useSelection();
  const speedUnit = useSpeedUnit();
  const now = useNow(30_000);
  const [query, setQuery] = useStoredState(QUERY_KEY, '');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');

  const visible = useMemo(() => visibleDevices(devices.values()), [devices]);
  const counts = useMemo(() => countByStatus(visible, positions), [visible, positions]);
  const rows = useMemo(
    () =>
      visible
        .filter((device) => matchesStatus(device, statusFilter, positions.get(device.id)))
        .filter((device) => matchesQuery(device, query, t(`status.${deviceStatus(device)}`)))
        .sort(byName),
    [visible, positions, statusFilter, query, t],
  );

  const onSelect = useCallback(
    (deviceId: number) => {
      selectDevice(deviceId, { focus: true });
      // the list covers the whole screen on a phone: show the map with the device
      if (phone) navigate(HOME_PATH);
    },
    [phone, navigate],
  );

  // back returns to the previous page of this visit, or to the map when /devices was the first one
  const back = () => (location.key === 'default' ? navigate(HOME_PATH) : navigate(-1));

  return (
    <Panel title={t('devices.title')} onBack={back} onClose={() => navigate(HOME_PATH)}>
      <TextField
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('devices.search')}
        size="small"
        type="search"
        sx={{ m: 1.5 }}
        slotProps={{
          htmlInput: { 'aria-label': t('devices.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <StatusFilterBar counts={counts} value={statusFilter} onChange={setStatusFilter} />
      <List dense disablePadding sx={{ flex: 1, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {rows.map((device) => (
          <DeviceRow
            key={device.id}
            device={device}
            position={positions.get(device.id)}
            selected={device.id === selectedId}
            now={now}
            speedUnit={speedUnit}
            onSelect={onSelect}
          />
        ))}
        {!loading && rows.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {visible.length === 0 ? t('devices.empty') : t('devices.noMatch')}
          </Typography>
        )}
      </List>
    </Panel>
  );
}
