import CloseIcon from '@mui/icons-material/Close';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLiveDevices, useLivePositions } from '../../api/liveStore.ts';
import { selectDevice, useSelection } from '../../app/selection.ts';
import { useSpeedUnit } from '../../app/preferences.ts';
import { deviceStatus } from '../../ui/deviceStatus.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { formatDateTime } from '../../ui/time.ts';
import { formatSpeed } from '../../ui/units.ts';

/** Name, status, speed and last update of the selected device, over the map. */
export function SelectedDeviceCard() {
  const { t, i18n } = useTranslation();
  const { deviceId } = useSelection();
  const devices = useLiveDevices();
  const positions = useLivePositions();
  const speedUnit = useSpeedUnit();
  const device = deviceId === null ? undefined : devices.get(deviceId);
  if (!device) return null;
  const position = positions.get(device.id);
  const lastUpdate = device.lastUpdate ?? position?.fixTime;

  return (
    <Card
      data-testid="selected-device"
      elevation={6}
      sx={{ position: 'absolute', zIndex: 3, right: 16, bottom: 32, width: { xs: 'calc(100% - 32px)', sm: 320 } }}
    >
      <CardContent sx={{ pb: '16px !important' }}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }} noWrap>
            {device.name}
          </Typography>
          <StatusChip status={deviceStatus(device)} />
          <IconButton size="small" aria-label={t('common.close')} onClick={() => selectDevice(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        <dl style={{ margin: '8px 0 0', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{t('device.speed')}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {position ? formatSpeed(position.speed, speedUnit, i18n.language) : t('common.none')}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">{t('device.lastUpdate')}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {lastUpdate ? formatDateTime(lastUpdate, i18n.language) : t('common.never')}
          </Typography>
          {position?.address && (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">{t('device.address')}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{position.address}</Typography>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
