import { useCallback, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DEVICE_STATUSES, type Device, type DeviceStatus, type Group } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLiveDevice, useThrottledLiveState } from '../../api/liveStore.ts';
import { useDevices, useGeofences, useGroups } from '../../api/queries.ts';
import { deviceQuery, updateDeviceFilters, useDeviceFilters, useDeviceQuery } from '../../state/deviceFilters.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { useMapOptions } from '../../state/mapOptions.ts';
import { useFormats } from '../../state/formats.ts';
import { useSpeedUnit } from '../../state/preferences.ts';
import { selectDevice, useSelection } from '../../state/selection.ts';
import { deviceStatus } from './deviceStatus.ts';
import { Panel } from '../../ui/Panel.tsx';
import { useNow } from '../../ui/useNow.ts';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { anchoredDevices } from './anchor.ts';
import { CategoryFilterMenu } from './CategoryFilterMenu.tsx';
import { DEVICE_ROW_HEIGHT, LiveDeviceRow } from './DeviceRow.tsx';
import type { ListRow } from './deviceRows.ts';
import { FleetSummaryIndex } from './fleetSummary.ts';
import { ListOrder } from './listOrder.ts';
import { DeviceEditor } from './editor/DeviceEditor.tsx';
import { useCanCreateDevices } from './permissions.ts';
import { SortMenu } from './SortMenu.tsx';
import { useDeviceSort } from './sortState.ts';
import { StatusFilterBar } from './StatusFilterBar.tsx';

const GROUP_ROW_HEIGHT = 32;
/**
 * The order, the counts and the filters follow the live data at most this often (rows show their
 * device live); each refresh works only on the devices that changed (`ListOrder`, `FleetSummaryIndex`).
 */
const LIST_REFRESH_MS = 500;

/** /devices: the fleet with its status counts, filters, sorting and search; ten thousand rows scroll smoothly. */
export default function DevicesPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loading = useDevices().isPending;
  const snapshot = useThrottledLiveState(LIST_REFRESH_MS);
  const filters = useDeviceFilters();
  const query = useDeviceQuery();
  const { groups: showGroups } = useMapOptions();
  const groups = useGroups().data;
  const geofences = useGeofences().data;
  const { deviceId: selectedId } = useSelection();
  const speedUnit = useSpeedUnit();
  const { dateTime } = useFormats();
  const canCreate = useCanCreateDevices();
  const now = useNow(30_000);
  const [creating, setCreating] = useState(false);

  // instances kept for the panel's life: each refresh updates them with what changed since the last
  const [summaryIndex] = useState(() => new FleetSummaryIndex());
  const [listOrder] = useState(() => new ListOrder());
  const { counts, categories, nameRank } = useMemo(
    () => summaryIndex.update(snapshot.devices, snapshot.positions),
    [summaryIndex, snapshot.devices, snapshot.positions],
  );
  const anchored = useMemo(() => anchoredDevices(geofences ?? []), [geofences]);
  const sort = useDeviceSort();
  const groupMap = useMemo(() => (showGroups && groups ? new Map<number, Group>(groups.map((group) => [group.id, group])) : undefined), [showGroups, groups]);
  // three statuses, three labels: not a translation per device
  const statusLabel = useMemo(() => {
    const labels = Object.fromEntries(DEVICE_STATUSES.map((status) => [status, t(`status.${status}`)])) as Record<DeviceStatus, string>;
    return (device: Device) => labels[deviceStatus(device)];
  }, [t]);
  const rows = useMemo(
    () => listOrder.rowsOf(snapshot.devices, snapshot.positions, { filters, query, statusLabel, sort, anchored, nameRank, groups: groupMap }),
    [listOrder, snapshot.devices, snapshot.positions, filters, query, statusLabel, sort, anchored, nameRank, groupMap],
  );

  const onSelect = useCallback(
    (deviceId: number) => {
      selectDevice(deviceId, { focus: true });
      void navigate(`/devices/${deviceId}${location.search}`);
    },
    [navigate, location.search],
  );

  // back returns to the previous page of this visit, or to the map when /devices was the first one
  const back = () => (location.key === 'default' ? navigate(HOME_PATH) : navigate(-1));
  const only = useLiveDevice(filters.onlyDeviceId);

  const renderRow = (row: ListRow) =>
    row.kind === 'group' ? (
      <ListSubheader component="div" sx={{ lineHeight: `${GROUP_ROW_HEIGHT}px`, bgcolor: 'action.hover' }}>
        {row.name ?? t('devices.noGroup')} · {row.count}
      </ListSubheader>
    ) : (
      <LiveDeviceRow
        device={row.device}
        anchored={anchored.has(row.device.id)}
        selected={row.device.id === selectedId}
        now={now}
        speedUnit={speedUnit}
        formatTime={dateTime}
        onSelect={onSelect}
      />
    );

  return (
    <Panel
      title={t('devices.title')}
      onBack={back}
      onClose={() => navigate(HOME_PATH)}
      actions={
        <>
          <CategoryFilterMenu categories={categories} />
          <SortMenu />
          {canCreate && (
            <Tooltip title={t('devices.add')}>
              <IconButton aria-label={t('devices.add')} data-testid="add-device" onClick={() => setCreating(true)}>
                <AddIcon />
              </IconButton>
            </Tooltip>
          )}
        </>
      }
    >
      <TextField
        value={query}
        onChange={(event) => deviceQuery.set(event.target.value)}
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
      <StatusFilterBar counts={counts} filters={filters} />
      {(only || filters.hiddenCategories.length > 0 || filters.ignitionOnly || filters.alarmOnly) && (
        <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.75} sx={{ px: 1.5, pb: 1 }}>
          {filters.ignitionOnly && (
            <Chip size="small" color="secondary" data-testid="ignition-filter-chip" label={t('devices.activeFilter.ignition')} onDelete={() => updateDeviceFilters({ ignitionOnly: false })} />
          )}
          {filters.alarmOnly && (
            <Chip size="small" color="secondary" data-testid="alarm-filter-chip" label={t('devices.activeFilter.alarm')} onDelete={() => updateDeviceFilters({ alarmOnly: false })} />
          )}
          {only && (
            <Chip size="small" color="secondary" data-testid="only-device-chip" label={t('devices.onlyDevice', { name: only.name })} onDelete={() => updateDeviceFilters({ onlyDeviceId: null })} />
          )}
          {filters.hiddenCategories.length > 0 && (
            <Chip size="small" color="secondary" label={t('devices.categories.hidden', { count: filters.hiddenCategories.length })} onDelete={() => updateDeviceFilters({ hiddenCategories: [] })} />
          )}
        </Stack>
      )}
      <Divider />
      <VirtualList
        aria-label={t('devices.title')}
        items={rows}
        itemHeight={rowHeight}
        itemKey={rowKey}
        renderItem={renderRow}
        empty={
          !loading && (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {counts.all === 0 ? t('devices.empty') : t('devices.noMatch')}
            </Typography>
          )
        }
      />
      {creating && <DeviceEditor device={null} onClose={() => setCreating(false)} />}
    </Panel>
  );
}

const rowHeight = (row: ListRow) => (row.kind === 'group' ? GROUP_ROW_HEIGHT : DEVICE_ROW_HEIGHT);
const rowKey = (row: ListRow) => (row.kind === 'group' ? row.key : row.device.id);
