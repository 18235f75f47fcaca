import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { drawingState, type Drawing } from './drawing.ts';
import { areaKm2, vertices, type Shape } from './shapes.ts';

/** km² with two decimals (as the anchor circle of spec §9), more digits for areas under 0.01 km². */
export function formatKm2(value: number, language: string): string {
  const options = value > 0 && value < 0.01 ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return new Intl.NumberFormat(language, options).format(value);
}

/** What the edited shape measures: a circle's radius and area, a polygon's points and area, a line's points. */
function useMeasure(shape: Shape | null): string | null {
  const { t, i18n } = useTranslation();
  if (!shape) return null;
  const area = formatKm2(areaKm2(shape), i18n.language);
  if (shape.kind === 'circle') return t('geofences.circleMeasure', { radius: Math.round(shape.radius), area });
  const count = vertices(shape).length;
  return shape.kind === 'polygon' ? t('geofences.polygonMeasure', { count, area }) : t('geofences.lineSummary', { count });
}

interface DrawingBarProps {
  drawing: Drawing;
  /** Deletes the vertex picked on the map; absent when none is picked or the shape has too few points. */
  onDeleteVertex?: () => void;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Spec §2/§4: while a geofence is drawn or edited the panel gives way to 'Concluir' and Cancel. The
 * hint follows the states: started → circle centre set → completed; polygons and lines count points.
 */
export function DrawingBar({ drawing, onDeleteVertex, onDone, onCancel }: DrawingBarProps) {
  const { t } = useTranslation();
  const { kind, mode, clicks, shape } = drawing;
  const measure = useMeasure(shape);
  const longHint = mode === 'edit' && kind !== 'circle';
  const hint =
    mode === 'edit'
      ? t(kind === 'circle' ? 'geofences.editCircleHint' : 'geofences.editPointsHint')
      : shape
        ? t('geofences.drawn')
        : kind === 'circle'
          ? t(clicks === 0 ? 'geofences.hintCentre' : 'geofences.hintRadius')
          : t(kind === 'polygon' ? 'geofences.hintPolygon' : 'geofences.hintLine', { count: clicks });
  return (
    <Paper
      elevation={6}
      data-testid="drawing-bar"
      data-state={drawingState(drawing)}
      // on phones at the bottom, within the thumb's reach and off the map's zoom buttons
      sx={{ position: 'absolute', zIndex: 3, top: { xs: 'auto', sm: 12 }, bottom: { xs: 32, sm: 'auto' }, left: '50%', transform: 'translateX(-50%)', p: 1.5, width: 'min(560px, calc(100% - 24px))' }}
    >
      {/* the long hint of point editing reads better above the buttons than squeezed beside them */}
      <Stack direction={{ xs: 'column', sm: longHint ? 'column' : 'row' }} spacing={1.5} alignItems={{ sm: longHint ? 'stretch' : 'center' }}>
        <Stack sx={{ flex: 1 }} spacing={0.5}>
          <Typography variant="body2" data-testid="drawing-hint">
            {hint}
          </Typography>
          {measure && (
            <Typography variant="body2" fontWeight={600} data-testid="drawing-measure">
              {measure}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ flexShrink: 0 }}>
          {longHint && (
            <Button color="error" onClick={onDeleteVertex} disabled={!onDeleteVertex} data-testid="drawing-delete-vertex">
              {t('geofences.deleteVertex')}
            </Button>
          )}
          <Button onClick={onCancel} data-testid="drawing-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={onDone} disabled={!shape} data-testid="drawing-done">
            {t('geofences.done')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
