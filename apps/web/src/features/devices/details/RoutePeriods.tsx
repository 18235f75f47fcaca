import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '../../../state/formats.ts';
import { withOverlay } from '../../../state/mapOverlay.ts';
import { PERIODS, periodRange } from './periods.ts';

/** Spec §2 "routes": the device's route over a period, drawn on the map by its overlay view. */
export function RoutePeriods({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { timeZone } = useFormats();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {PERIODS.map((period) => (
        <Button
          key={period}
          size="small"
          variant="outlined"
          data-testid={`route-${period}`}
          onClick={() => setParams((current) => withOverlay(current, { mode: 'route', deviceId, ...periodRange(period, Date.now(), timeZone) }))}
        >
          {t(`devices.periods.${period}`)}
        </Button>
      ))}
    </Stack>
  );
}
