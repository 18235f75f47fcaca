import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Shape, ShapeKind } from './shapes.ts';

/**
 * Spec §2/§4: while a geofence is drawn the panel gives way to 'Concluir' and Cancel. The hint
 * follows the drawing states: circle started → centre set → completed; polygons and lines count points.
 */
export function DrawingBar({ kind, clicks, shape, onDone, onCancel }: { kind: ShapeKind; clicks: number; shape: Shape | null; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const hint = shape
    ? t('geofences.drawn')
    : kind === 'circle'
      ? t(clicks === 0 ? 'geofences.hintCentre' : 'geofences.hintRadius')
      : t(kind === 'polygon' ? 'geofences.hintPolygon' : 'geofences.hintLine', { count: clicks });
  return (
    <Paper elevation={6} data-testid="drawing-bar" sx={{ position: 'absolute', zIndex: 3, top: 12, left: '50%', transform: 'translateX(-50%)', p: 1.5, width: 'min(460px, calc(100% - 24px))' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1 }} data-testid="drawing-hint">
          {hint}
        </Typography>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={onDone} disabled={!shape} data-testid="drawing-done">
            {t('geofences.done')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
