import { memo } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReportStop } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { AddressText } from '../../../ui/AddressText.tsx';
import type { ReportFormat } from '../format/useReportFormat.ts';

interface StopListProps {
  stops: readonly ReportStop[];
  format: ReportFormat;
  onSelect: (stop: ReportStop) => void;
}

/**
 * The stops of the period with how long each lasted; choosing one moves playback there. Memoised:
 * playback re-renders the page on every step, the list changes only with the report.
 */
export const StopList = memo(function StopList({ stops, format, onSelect }: StopListProps) {
  const { t } = useTranslation();
  if (!stops.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('reports.playback.noStops')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="playback-stops">
      {stops.map((stop) => (
        <ListItemButton key={stop.startTime} onClick={() => onSelect(stop)} sx={{ px: 1 }}>
          <ListItemText
            primary={`${format.dateTime(stop.startTime)} · ${format.duration(stop.duration)}`}
            secondary={<AddressText address={stop.address} latitude={stop.latitude} longitude={stop.longitude} />}
            slotProps={{ secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
});
