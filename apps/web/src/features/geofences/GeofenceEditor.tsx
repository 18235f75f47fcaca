import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { calendarsApi } from '../../api/entities.ts';
import type { Geofence } from '../../api/geofences.ts';
import { useMapInstance } from '../../app/mapInstance.ts';
import { EntityForm } from '../../ui/entity/EntityForm.tsx';
import { validate } from '../../ui/entity/fields.ts';
import { HOME_PATH } from '../../app/guard.ts';
import { Panel } from '../../ui/Panel.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';
import { DrawingBar } from './DrawingBar.tsx';
import { colorOf, geofenceFields } from './geofenceFields.ts';
import { ShapePreview } from './ShapePreview.tsx';
import { shapeBounds, shapeToWkt, wktToShape, type Shape, type ShapeKind } from './shapes.ts';

// terra-draw is loaded only once the user starts drawing
const GeofenceDrawer = lazy(() => import('./GeofenceDrawer.tsx'));

const KINDS: { kind: ShapeKind; icon: ReactNode }[] = [
  { kind: 'circle', icon: <CircleOutlinedIcon /> },
  { kind: 'polygon', icon: <PentagonOutlinedIcon /> },
  { kind: 'line', icon: <TimelineIcon /> },
];

interface GeofenceEditorProps {
  initial: Geofence;
  readOnly: boolean;
  onSave(geofence: Geofence): Promise<unknown>;
  onClose(): void;
}

/** Form and drawing of one geofence: idle → drawing (kind) → shape done → saved or cancelled. */
export function GeofenceEditor({ initial, readOnly, onSave, onClose }: GeofenceEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const map = useMapInstance();
  const errorText = useErrorText();
  const calendars = useQuery({ queryKey: [calendarsApi.key], queryFn: () => calendarsApi.list() }).data ?? [];
  const [geofence, setGeofence] = useState(initial);
  const [shape, setShape] = useState<Shape | null>(() => wktToShape(initial.area));
  const [drawing, setDrawing] = useState<{ kind: ShapeKind; clicks: number; shape: Shape | null } | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = geofenceFields(t, calendars.map((c) => ({ value: c.id, label: c.name })));
  const problems = tried ? validate(fields, geofence) : {};
  const color = colorOf(geofence);

  // show the geofence being edited
  useEffect(() => {
    const start = wktToShape(initial.area);
    if (map && start) map.fitBounds(shapeBounds(start), { padding: 80, maxZoom: 17, duration: 0 });
  }, [map, initial.area]);

  const save = async () => {
    setTried(true);
    if (Object.keys(validate(fields, geofence)).length) return setError(t('geofences.nameRequired'));
    if (!shape) return setError(t('geofences.shapeRequired'));
    setBusy(true);
    setError(null);
    try {
      await onSave({ ...geofence, area: shapeToWkt(shape) });
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  if (drawing) {
    return (
      <>
        <DrawingBar
          kind={drawing.kind}
          clicks={drawing.clicks}
          shape={drawing.shape}
          onCancel={() => setDrawing(null)}
          onDone={() => {
            setShape(drawing.shape);
            setDrawing(null);
          }}
        />
        {map && (
          <Suspense fallback={null}>
            <GeofenceDrawer
              map={map}
              kind={drawing.kind}
              color={color}
              onClick={() => setDrawing((d) => d && { ...d, clicks: d.clicks + 1 })}
              onShape={(drawn) => setDrawing((d) => d && { ...d, shape: drawn })}
            />
          </Suspense>
        )}
      </>
    );
  }

  const summary = !shape
    ? t('geofences.noShape')
    : shape.kind === 'circle'
      ? t('geofences.circleSummary', { radius: Math.round(shape.radius) })
      : t(shape.kind === 'polygon' ? 'geofences.polygonSummary' : 'geofences.lineSummary', { count: shape.kind === 'polygon' ? shape.ring.length - 1 : shape.points.length });

  return (
    <Panel title={initial.id > 0 ? t('geofences.edit') : t('geofences.new')} onBack={onClose} onClose={() => navigate(HOME_PATH)}>
      {map && shape && <ShapePreview map={map} shape={shape} color={color} />}
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }} data-testid="geofence-editor">
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="entity-error">
            {error}
          </Alert>
        )}
        <EntityForm fields={fields} item={geofence} onChange={setGeofence} problems={problems} disabled={busy || readOnly} />
        <Typography variant="overline" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('geofences.area')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="shape-summary">
          {summary}
        </Typography>
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {KINDS.map(({ kind, icon }) => (
              <Button key={kind} size="small" variant="outlined" startIcon={icon} onClick={() => setDrawing({ kind, clicks: 0, shape: null })} disabled={!map} data-testid={`draw-${kind}`}>
                {t(`geofences.kinds.${kind}`)}
              </Button>
            ))}
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="entity-save">
            {t('entity.save')}
          </Button>
        )}
      </Stack>
    </Panel>
  );
}
