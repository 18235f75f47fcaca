import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { useLiveDevices, useLivePositions } from '../../api/liveStore.ts';
import { selectDevice, useSelection } from '../../state/selection.ts';
import { useFormats } from '../../state/formats.ts';
import { useSpeedUnit } from '../../state/preferences.ts';
import { StatusChip, deviceStatus } from '../devices/index.ts';
import { AddressText } from '../../ui/AddressText.tsx';
import { formatSpeed } from '../../ui/units.ts';

/** Name, status, speed, last update and address of the device picked on the map, with a way to its details. */
export function SelectedDeviceCard() {
  const { t, i18n } = useTranslation();
  const { deviceId } = useSelection();
  const devices = useLiveDevices();
  const positions = useLivePositions();
  const speedUnit = useSpeedUnit();
  const formats = useFormats();
  // the details page shows all of this and more
  const onDetails = useMatch('/devices/:deviceId') !== null;
  const device = deviceId === null ? undefined : devices.get(deviceId);
  if (!device || onDetails) return null;
  const position = positions.get(device.id);
  const lastUpdate = device.lastUpdate ?? position?.fixTime;

  return (
    <Card
      data-testid="selected-device"
      elevation={6}
      sx={{ position: 'absolute', zIndex: 3, right: 16, bottom: 32, width: { xs: 'calc(100% - 32px)', sm: 320 } }}
    >
      <CardContent sx={{ pb: 1 }}>
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
            {lastUpdate ? formats.dateTime(lastUpdate) : t('common.never')}
          </Typography>
          {position && (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">{t('device.address')}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                <AddressText key={device.id} live latitude={position.latitude} longitude={position.longitude} address={position.address} />
              </Typography>
            </>
          )}
        </dl>
      </CardContent>
      <CardActions sx={{ pt: 0, px: 2, pb: 1.5 }}>
        <Button size="small" startIcon={<InfoOutlinedIcon />} component={Link} to={`/devices/${device.id}`} data-testid="open-details">
          {t('map.details')}
        </Button>
      </CardActions>
    </Card>
  );
}
