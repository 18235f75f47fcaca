import { useState } from 'react';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../state/formats.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { isSoftDeleted } from '../../api/devices.ts';
import { usersApi } from '../../api/management.ts';
import { useDevices } from '../../api/queries.ts';
import { getLogs } from '../../api/tarkan.ts';
import { ServerLogs } from './ServerLogs.tsx';
import { HOME_PATH } from '../../access/guard.ts';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { StateList, useListState } from '../../ui/StateList.tsx';

const WEEK_MS = 7 * 86_400_000;

/**
 * Advanced logs of one user or device over a period (administrators, plus licence); `?user=` or
 * `?device=` picks it; `?server` shows the server's own recent log entries instead.
 */
export default function LogsPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const server = params.has('server');
  const kind: 'users' | 'devices' = params.has('device') ? 'devices' : 'users';
  const id = Number(params.get(kind === 'users' ? 'user' : 'device')) || null;
  const [from, setFrom] = useState<number | null>(() => Date.now() - WEEK_MS);
  const [to, setTo] = useState<number | null>(() => Date.now() + 60_000);
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const users = useQuery({ queryKey: [usersApi.key], queryFn: () => usersApi.list() }).data ?? [];
  const options = kind === 'users' ? users.map((u) => ({ id: u.id, name: u.name })) : devices.map((d) => ({ id: d.id, name: d.name }));
  const logs = useQuery({
    queryKey: ['logs', kind, id, from, to],
    queryFn: () => getLogs(kind, id!, new Date(from!), new Date(to!)),
    enabled: !server && id !== null && from !== null && to !== null,
  });
  const listState = useListState(logs, logs.data?.length ?? 0, { text: t('logs.empty') });
  const pick = (nextKind: 'users' | 'devices', nextId: number | null) =>
    setParams(nextId === null ? { [nextKind === 'users' ? 'user' : 'device']: '' } : { [nextKind === 'users' ? 'user' : 'device']: String(nextId) }, { replace: true });

  return (
    <Panel title={t('logs.title')} onBack={() => navigate(-1)} onClose={() => navigate(HOME_PATH)}>
      {logs.isFetching && <LoadingBar />}
      <Box sx={{ p: 1.5, pb: 0, flexShrink: 0 }}>
        <ToggleButtonGroup size="small" exclusive fullWidth value={server ? 'server' : kind}
          onChange={(_e, next: 'users' | 'devices' | 'server' | null) => {
            if (next === 'server') setParams({ server: '' }, { replace: true });
            else if (next) pick(next, null);
          }}>
          <ToggleButton value="users">{t('logs.users')}</ToggleButton>
          <ToggleButton value="devices">{t('logs.devices')}</ToggleButton>
          <ToggleButton value="server">{t('logs.server')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {server ? (
        <ServerLogs />
      ) : (
        <>
          <Stack spacing={1.5} sx={{ p: 1.5, flexShrink: 0 }}>
            <TextField select size="small" label={kind === 'users' ? t('logs.user') : t('logs.device')} value={id ?? ''} onChange={(event) => pick(kind, Number(event.target.value))}>
              {options.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack spacing={1.5}>
              <DateTimeField size="small" fullWidth label={t('logs.from')} value={from} onChange={setFrom} />
              <DateTimeField size="small" fullWidth label={t('logs.to')} value={to} onChange={setTo} />
            </Stack>
          </Stack>
          <StateList {...listState} listTestId="logs-list">
            {logs.data?.map((entry) => (
              <ListItem key={entry.id} divider>
                <ListItemText
                  primary={`${formats.dateTime(entry.time)} · ${entry.action}${entry.objectType ? ` ${entry.objectType}${entry.objectId ? ` #${entry.objectId}` : ''}` : ''}`}
                  secondary={entry.data === null ? undefined : JSON.stringify(entry.data)}
                  slotProps={{ secondary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
                />
              </ListItem>
            ))}
          </StateList>
        </>
      )}
    </Panel>
  );
}
