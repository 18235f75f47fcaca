import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import EditLocationAltOutlinedIcon from '@mui/icons-material/EditLocationAltOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { calendarsApi } from '../../api/entities.ts';
import type { Geofence } from '../../api/geofences.ts';
import { useMapInstance } from '../../state/mapInstance.ts';
import { EntityForm } from '../../ui/entity/EntityForm.tsx';
import { validate } from '../../ui/entity/fields.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { Panel } from '../../ui/Panel.tsx';
import { FormActions, FormError, type EditFormProps } from '../../ui/FormDialog.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';
import { CircleEditor } from './CircleEditor.tsx';
import { canDeleteActive, deleteActive, reshaped, startDrawing, startEditing, type Drawing } from './drawing.ts';
import { DrawingBar, formatKm2 } from './DrawingBar.tsx';
import { colorOf, geofenceFields, withShownColor } from './geofenceFields.ts';
import { ShapePreview } from './ShapePreview.tsx';
import { areaKm2, shapeBounds, shapeToWkt, vertices, wktToShape, type Shape, type ShapeKind } from './shapes.ts';

// terra-draw is loaded only once the user starts drawing or editing points
const GeofenceDrawer = lazy(() => import('./GeofenceDrawer.tsx'));
const ShapeEditor = lazy(() => import('./ShapeEditor.tsx'));

const KINDS: { kind: ShapeKind; icon: ReactNode }[] = [
  { kind: 'circle', icon: <CircleOutlinedIcon /> },
  { kind: 'polygon', icon: <PentagonOutlinedIcon /> },
  { kind: 'line', icon: <TimelineIcon /> },
];

interface GeofenceEditorProps extends EditFormProps<Geofence> {
  initial: Geofence;
  readOnly: boolean;
}

/** Form and drawing of one geofence: idle → drawing or editing (kind) → shape done → saved or cancelled. */
export function GeofenceEditor({ initial, readOnly, onSave, onClose }: GeofenceEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const map = useMapInstance();
  const calendars = useQuery({ queryKey: [calendarsApi.key], queryFn: () => calendarsApi.list() }).data ?? [];
  // the colour input shows a colour even for a geofence saved without one: that colour is the one saved and drawn
  const [geofence, setGeofence] = useState(() => withShownColor(initial));
  const [shape, setShape] = useState<Shape | null>(() => wktToShape(initial.area));
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [tried, setTried] = useState(false);
  const save = useSubmit(async (edited: Geofence) => {
    await onSave(edited);
    onClose();
  });
  const fields = geofenceFields(t, calendars.map((c) => ({ value: c.id, label: c.name })));
  const problems = tried ? validate(fields, geofence) : {};
  const color = colorOf(geofence);

  // show the geofence being edited
  useEffect(() => {
    const start = wktToShape(initial.area);
    if (map && start) map.fitBounds(shapeBounds(start), { padding: 80, maxZoom: 17, duration: 0 });
  }, [map, initial.area]);

  // the editing bar covers the top of the map (the bottom on phones), the map's buttons its right edge: keep the handles clear of both
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const fitTo = useRef<Shape | null>(null);
  const editShape = (current: Shape) => {
    fitTo.current = current;
    setDrawing(startEditing(current));
  };
  // after the panel has gone (on phones it took the lower half of the map), so that the map has its final size
  useEffect(() => {
    const target = fitTo.current;
    if (!map || drawing?.mode !== 'edit' || !target) return;
    fitTo.current = null;
    map.resize();
    const padding = phone ? { top: 40, bottom: 260, left: 70, right: 70 } : { top: 220, bottom: 60, left: 80, right: 80 };
    map.fitBounds(shapeBounds(target), { padding, maxZoom: 17, duration: 0 });
  }, [map, drawing?.mode, phone]);

  const submit = () => {
    setTried(true);
    if (Object.keys(validate(fields, geofence)).length) save.fail(t('geofences.nameRequired'));
    else if (!shape) save.fail(t('geofences.shapeRequired'));
    else save.run({ ...geofence, area: shapeToWkt(shape) });
  };

  if (drawing) {
    const update = (next: Shape | null) => setDrawing((d) => d && reshaped(d, next));
    return (
      <>
        <DrawingBar
          drawing={drawing}
          onDeleteVertex={canDeleteActive(drawing) ? () => setDrawing((d) => d && deleteActive(d)) : undefined}
          // the form's shape is untouched until 'Concluir': cancelling restores it
          onCancel={() => setDrawing(null)}
          onDone={() => {
            setShape(drawing.shape);
            setDrawing(null);
          }}
        />
        {map && drawing.mode === 'draw' && (
          <Suspense fallback={null}>
            <GeofenceDrawer map={map} kind={drawing.kind} color={color} onClick={() => setDrawing((d) => d && { ...d, clicks: d.clicks + 1 })} onShape={update} />
          </Suspense>
        )}
        {map && drawing.mode === 'edit' && drawing.shape?.kind === 'circle' && <CircleEditor map={map} shape={drawing.shape} color={color} onShape={update} />}
        {map && drawing.mode === 'edit' && drawing.shape && drawing.shape.kind !== 'circle' && (
          <Suspense fallback={null}>
            <ShapeEditor
              map={map}
              shape={drawing.shape}
              color={color}
              active={drawing.active}
              onShape={update}
              onPick={(index) => setDrawing((d) => d && { ...d, active: index })}
            />
          </Suspense>
        )}
      </>
    );
  }

  const summary = !shape
    ? t('geofences.noShape')
    : shape.kind === 'circle'
      ? t('geofences.circleMeasure', { radius: Math.round(shape.radius), area: formatKm2(areaKm2(shape), i18n.language) })
      : shape.kind === 'polygon'
        ? t('geofences.polygonMeasure', { count: vertices(shape).length, area: formatKm2(areaKm2(shape), i18n.language) })
        : t('geofences.lineSummary', { count: vertices(shape).length });

  return (
    <Panel title={initial.id > 0 ? t('geofences.edit') : t('geofences.new')} onBack={onClose} onClose={() => navigate(HOME_PATH)}>
      {map && shape && <ShapePreview map={map} shape={shape} color={color} />}
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }} data-testid="geofence-editor">
        <FormError message={save.message} testId="entity-error" />
        <EntityForm fields={fields} item={geofence} onChange={setGeofence} problems={problems} disabled={save.busy || readOnly} />
        <Typography variant="overline" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('geofences.area')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="shape-summary">
          {summary}
        </Typography>
        {!readOnly && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {shape && (
              <Button size="small" variant="contained" startIcon={<EditLocationAltOutlinedIcon />} onClick={() => editShape(shape)} disabled={!map} data-testid="edit-shape">
                {t('geofences.editShape')}
              </Button>
            )}
            {KINDS.map(({ kind, icon }) => (
              <Button key={kind} size="small" variant="outlined" startIcon={icon} onClick={() => setDrawing(startDrawing(kind))} disabled={!map} data-testid={`draw-${kind}`}>
                {t(`geofences.kinds.${kind}`)}
              </Button>
            ))}
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <FormActions busy={save.busy} onCancel={onClose} submitLabel={t('entity.save')} onSubmit={submit} submitTestId="entity-save" readOnly={readOnly} />
      </Stack>
    </Panel>
  );
}
