import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVER_LOG_LEVELS, getServerLogs, type ServerLogLevel } from '../../api/server-logs.ts';
import { useFormats } from '../../state/formats.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { StateList, useListState } from '../../ui/StateList.tsx';

const LEVEL_COLOR: Record<string, 'error' | 'warning' | 'text.secondary'> = { error: 'error', fatal: 'error', warn: 'warning' };

/** The server's recent log entries (spec §7 GET /server/logs), newest first, from a chosen level up. */
export function ServerLogs() {
  const { t } = useTranslation();
  const formats = useFormats();
  const [level, setLevel] = useState<ServerLogLevel>('info');
  const logs = useQuery({ queryKey: ['server-logs', level], queryFn: () => getServerLogs(level) });
  const listState = useListState(logs, logs.data?.length ?? 0, { text: t('logs.serverEmpty') });
  return (
    <>
      {logs.isFetching && <LoadingBar />}
      <Stack spacing={1.5} sx={{ p: 1.5, flexShrink: 0 }}>
        <Typography variant="body2" color="text.secondary">{t('logs.serverHint')}</Typography>
        <Stack direction="row" spacing={1}>
          <TextField select size="small" fullWidth label={t('logs.level')} value={level} onChange={(event) => setLevel(event.target.value as ServerLogLevel)}>
            {SERVER_LOG_LEVELS.map((option) => (
              <MenuItem key={option} value={option}>
                {option.toUpperCase()}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={() => void logs.refetch()}>{t('logs.refresh')}</Button>
        </Stack>
      </Stack>
      <StateList {...listState} listTestId="server-logs-list">
        {logs.data?.map((entry, index) => (
          <ListItem key={`${entry.time}-${index}`} divider>
            <ListItemText
              primary={`${entry.time ? formats.dateTime(entry.time) : ''} · ${entry.level.toUpperCase()}`}
              secondary={entry.message}
              slotProps={{
                primary: { sx: { color: LEVEL_COLOR[entry.level] ?? 'text.primary' } },
                secondary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              }}
            />
          </ListItem>
        ))}
      </StateList>
    </>
  );
}
