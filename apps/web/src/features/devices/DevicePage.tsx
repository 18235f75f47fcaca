import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLiveDevices } from '../../api/liveStore.ts';
import { useDevices } from '../../api/queries.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { selectDevice, selection } from '../../state/selection.ts';
import { Panel } from '../../ui/Panel.tsx';
import { DeviceDetails } from './details/DeviceDetails.tsx';

/** /devices/:deviceId: the device's details in the panel (a bottom sheet on a phone); back goes to the list. */
export default function DevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deviceId = Number(useParams().deviceId);
  const device = useLiveDevices().get(deviceId);
  const loading = useDevices().isPending;

  // opened from a link rather than the list: select it, and bring it into view
  useEffect(() => {
    if (selection.get().deviceId !== deviceId) selectDevice(deviceId, { focus: true });
  }, [deviceId]);

  return (
    <Panel title={device?.name ?? t('devices.title')} onBack={() => navigate('/devices')} onClose={() => navigate(HOME_PATH)}>
      {device ? (
        <DeviceDetails key={device.id} device={device} />
      ) : (
        !loading && <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>{t('devices.notFound')}</Typography>
      )}
    </Panel>
  );
}
