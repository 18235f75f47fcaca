import { useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DELIVERY_STATUSES, NOTIFICATORS, type DeliveryStatus, type Notificator, type NotificationDelivery } from '@rastro/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../state/formats.ts';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../access/guard.ts';
import { getDeliveries } from '../../api/deliveries.ts';
import { usersApi } from '../../api/management.ts';
import { nameOf } from '../../i18n/names.ts';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';

const WEEK_MS = 7 * 86_400_000;
const PAGE_SIZES = [25, 50, 100];

const STATUS_COLOR: Record<DeliveryStatus, 'success' | 'error' | 'warning'> = { sent: 'success', failed: 'error', pending: 'warning' };

/**
 * The notification delivery log (administrators): every message sent on every channel, newest
 * first, with its status, the reason of a failure and the attempts made; filtered by period,
 * user, channel and status, a page at a time.
 */
export default function DeliveriesPage() {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [from, setFrom] = useState<number | null>(() => Date.now() - WEEK_MS);
  const [to, setTo] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | ''>('');
  const [channel, setChannel] = useState<Notificator | ''>('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const users = useQuery({ queryKey: [usersApi.key], queryFn: () => usersApi.list() }).data ?? [];
  const filters = {
    from: from !== null ? new Date(from) : undefined,
    to: to !== null ? new Date(to) : undefined,
    userId: userId === '' ? undefined : userId,
    channel: channel || undefined,
    status: status || undefined,
    offset: page * pageSize,
    limit: pageSize,
  };
  const log = useQuery({
    queryKey: ['deliveries', from, to, userId, channel, status, page, pageSize],
    queryFn: () => getDeliveries(filters),
    placeholderData: keepPreviousData,
  });
  /** A filter changed: back to the first page. */
  const filter = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(0);
  };
  const eventName = (delivery: NotificationDelivery) =>
    delivery.eventType === 'test' ? t('deliveries.testEvent') : nameOf(i18n, 'eventType', delivery.eventType);

  return (
    <Panel
      title={t('deliveries.title')}
      onBack={() => navigate(-1)}
      onClose={() => navigate(HOME_PATH)}
      actions={
        <Tooltip title={t('deliveries.refresh')}>
          <IconButton onClick={() => void log.refetch()} aria-label={t('deliveries.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      }
    >
      {log.isFetching && <LoadingBar />}
      <Stack spacing={1.5} sx={{ p: 1.5, flexShrink: 0 }}>
        <Stack direction="row" spacing={1}>
          <DateTimeField size="small" fullWidth label={t('deliveries.from')} value={from} onChange={filter(setFrom)} />
          <DateTimeField size="small" fullWidth label={t('deliveries.to')} value={to} onChange={filter(setTo)} />
        </Stack>
        <TextField select size="small" label={t('deliveries.user')} value={userId} onChange={(e) => filter(setUserId)(e.target.value === '' ? '' : Number(e.target.value))}>
          <MenuItem value="">{t('deliveries.any')}</MenuItem>
          {users.map((user) => (
            <MenuItem key={user.id} value={user.id}>{user.name}</MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <TextField select size="small" fullWidth label={t('deliveries.channel')} value={channel} onChange={(e) => filter(setChannel)(e.target.value as Notificator | '')}>
            <MenuItem value="">{t('deliveries.any')}</MenuItem>
            {NOTIFICATORS.map((name) => (
              <MenuItem key={name} value={name}>{t(`deliveries.channels.${name}`)}</MenuItem>
            ))}
          </TextField>
          <TextField select size="small" fullWidth label={t('deliveries.status')} value={status} onChange={(e) => filter(setStatus)(e.target.value as DeliveryStatus | '')}>
            <MenuItem value="">{t('deliveries.any')}</MenuItem>
            {DELIVERY_STATUSES.map((name) => (
              <MenuItem key={name} value={name}>{t(`deliveries.statuses.${name}`)}</MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {log.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(log.error)}</Typography>}
        {log.isSuccess && log.data.items.length === 0 && <Typography color="text.secondary" sx={{ p: 2 }}>{t('deliveries.empty')}</Typography>}
        {log.data && log.data.items.length > 0 && (
          <Table size="small" stickyHeader data-testid="deliveries-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('deliveries.time')}</TableCell>
                <TableCell>{t('deliveries.user')}</TableCell>
                <TableCell>{t('deliveries.channel')}</TableCell>
                <TableCell>{t('deliveries.event')}</TableCell>
                <TableCell>{t('deliveries.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.items.map((delivery) => (
                <TableRow key={delivery.id} data-testid="delivery-row" sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formats.dateTime(delivery.time)}</TableCell>
                  <TableCell>
                    {delivery.userName ?? `#${delivery.userId}`}
                    {delivery.recipient && <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>{delivery.recipient}</Typography>}
                  </TableCell>
                  <TableCell>{t(`deliveries.channels.${delivery.channel}`)}</TableCell>
                  <TableCell>
                    {eventName(delivery)}
                    {delivery.deviceName && <Typography variant="caption" color="text.secondary" component="div">{delivery.deviceName}</Typography>}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={STATUS_COLOR[delivery.status]} label={t(`deliveries.statuses.${delivery.status}`)} />
                    {delivery.attempts > 1 && (
                      <Typography variant="caption" color="text.secondary" component="div">{t('deliveries.attempts', { count: delivery.attempts })}</Typography>
                    )}
                    {delivery.reason && (
                      <Typography variant="caption" color={delivery.status === 'failed' ? 'error' : 'text.secondary'} component="div" sx={{ wordBreak: 'break-word' }}>
                        {delivery.reason}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      <TablePagination
        component="div"
        count={log.data?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => filter(setPageSize)(Number(event.target.value))}
        labelRowsPerPage={t('deliveries.perPage')}
        labelDisplayedRows={({ from: first, to: last, count }) => t('deliveries.shown', { first, last, count })}
        sx={{ flexShrink: 0, borderTop: 1, borderColor: 'divider' }}
      />
    </Panel>
  );
}
