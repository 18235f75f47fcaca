import { useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEVICE_CATEGORIES, type Attributes, type Device, type DeviceInput } from '@rastro/api';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveAccumulators, saveDevice } from '../../../api/devices.ts';
import { liveStore, useLivePosition } from '../../../api/liveStore.ts';
import { devicesQuery, useGroups, useServerInfo } from '../../../api/queries.ts';
import { notify } from '../../../state/notice.ts';
import { useDistanceUnit } from '../../../state/preferences.ts';
import { useSessionUser } from '../../../state/session.ts';
import { CategoryIcon } from '../CategoryIcon.tsx';
import { adjustColor, colorAdjustments, parseHexColor, toHex } from '../colorFilter.ts';
import { AttributesEditor, attributesProblem } from '../../../ui/AttributesEditor.tsx';
import { FormError } from '../../../ui/FormDialog.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { FORM_ATTRIBUTES, accumulatorsInput, deviceInput, deviceLimit, emptyForm, formOf, validate, type DeviceForm, type FormErrors, type FormField } from './deviceForm.ts';

interface DeviceEditorProps {
  /** The device to edit; null creates one. */
  device: Device | null;
  onClose: (saved?: Device) => void;
}

const DEFAULT_COLOR = '#1d4e89';

/** Spec §3 device editor: every field, the §5 validations and device limit, server errors shown. */
export function DeviceEditor({ device, onClose }: DeviceEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const unit = useDistanceUnit();
  const user = useSessionUser();
  const info = useServerInfo().data;
  const groups = useGroups().data ?? [];
  const position = useLivePosition(device?.id ?? 0);
  // the form as it opened: the accumulators are reset only when changed from it
  const [initial] = useState<DeviceForm>(() => (device ? formOf(device, unit, position) : emptyForm()));
  const [form, setForm] = useState<DeviceForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  // the free attributes as edited; null until the editor changes them
  const [others, setOthers] = useState<Attributes | null>(null);
  // odometer and engine hours live on the latest position: a device without one has none to reset
  const accumulable = device !== null && position !== undefined;
  const save = useSubmit(async (input: DeviceInput) => {
    const saved = await saveDevice(input);
    await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
    const accumulators = accumulable ? accumulatorsInput(form, initial, saved.id, unit) : null;
    if (accumulators) await saveAccumulators(accumulators);
    onClose(saved);
    // the dialog has gone: the notice says the save went through
    notify(t('entity.saved'), 'success');
  });

  const submit = () => {
    const found = validate(form);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) return;
    const othersProblem = others && attributesProblem(others);
    if (othersProblem) {
      save.fail(othersProblem);
      return;
    }
    if (!device && user && info) {
      const limit = deviceLimit(user, info.server.attributes, info.deviceLimit);
      if (limit !== null && liveStore.getState().devices.size >= limit) {
        save.fail('USER_DEVICE_LIMIT_REACHED');
        return;
      }
    }
    save.run(deviceInput(form, device, unit, others ?? undefined));
  };

  const field = (name: FormField, props: { label?: string; type?: string; required?: boolean; helper?: string; decimal?: boolean; end?: ReactNode; disabled?: boolean } = {}) => (
    <TextField
      key={name}
      name={name}
      label={props.label ?? t(`devices.editor.fields.${name}`)}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      required={props.required}
      disabled={props.disabled}
      type={props.type}
      error={errors[name] !== undefined}
      helperText={errors[name] ? t(errors[name]) : props.helper}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { inputMode: props.decimal ? 'decimal' : undefined }, input: { endAdornment: props.end } }}
    />
  );
  const number = (name: FormField, helper?: string) => field(name, { helper, decimal: true });
  const accumulator = (name: 'odometer' | 'engineHours', unitLabel: string) =>
    accumulable ? number(name, unitLabel) : field(name, { helper: t('devices.editor.accumulatorsLater'), disabled: true });
  // typed as text (blank means "none"), with the browser's colour picker beside it
  const color = (name: 'color1' | 'color2', fallback: string) =>
    field(name, {
      helper: '#rrggbb',
      end: (
        <input
          type="color"
          aria-label={t(`devices.editor.fields.${name}`)}
          value={parseHexColor(form[name]) ? toHex(parseHexColor(form[name])!) : fallback}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
          style={{ width: 32, height: 24, border: 0, padding: 0, background: 'none' }}
        />
      ),
    });

  const adjustments = colorAdjustments({ hue: form.hue, saturate: form.saturate, brightness: form.brightness });
  const preview = (color: string, fallback: string) => toHex(adjustColor(parseHexColor(color) ?? parseHexColor(fallback)!, adjustments));
  const slider = (name: 'hue' | 'saturate' | 'brightness', min: number, max: number, step: number, neutral: number) => (
    <Box key={name}>
      <Typography variant="caption" color="text.secondary">
        {t(`devices.editor.fields.${name}`)}: {form[name] || neutral}
      </Typography>
      <Slider
        size="small"
        min={min}
        max={max}
        step={step}
        value={Number(form[name] || neutral)}
        onChange={(_event, value) => setForm({ ...form, [name]: String(value) })}
        aria-label={t(`devices.editor.fields.${name}`)}
      />
    </Box>
  );

  return (
    <Dialog open fullScreen={phone} maxWidth="md" fullWidth onClose={() => onClose()} aria-labelledby="device-editor-title" data-testid="device-editor">
      <DialogTitle id="device-editor-title">{device ? t('devices.editor.editTitle') : t('devices.editor.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
          <FormError message={save.message} testId="editor-error" />
          <Section title={t('devices.editor.identification')}>
            {field('name', { required: true })}
            {field('uniqueId', { required: true })}
            <TextField select name="groupId" label={t('devices.editor.fields.groupId')} value={form.groupId} onChange={(event) => setForm({ ...form, groupId: event.target.value })} size="small" fullWidth>
              <MenuItem value="">{t('devices.noGroup')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={String(group.id)}>{group.name}</MenuItem>
              ))}
            </TextField>
            <TextField select name="category" label={t('devices.editor.fields.category')} value={form.category || 'default'} onChange={(event) => setForm({ ...form, category: event.target.value })} size="small" fullWidth>
              {DEVICE_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  <ListItemIcon sx={{ minWidth: 32, verticalAlign: 'middle' }}><CategoryIcon category={category} fontSize="small" /></ListItemIcon>
                  {t(`categories.${category}`)}
                </MenuItem>
              ))}
            </TextField>
            {field('plate')}
            {field('model')}
            {field('phone', { type: 'tel' })}
            {field('contact')}
            {field('iccid')}
            {field('operator')}
          </Section>
          <Section title={t('devices.editor.appearance')}>
            {color('color1', DEFAULT_COLOR)}
            {color('color2', '#ffffff')}
            {slider('hue', 0, 360, 5, 0)}
            {slider('saturate', 0, 2, 0.05, 1)}
            {slider('brightness', 0, 2, 0.05, 1)}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Avatar sx={{ bgcolor: preview(form.color1, DEFAULT_COLOR), color: preview(form.color2, '#ffffff') }} data-testid="marker-preview">
                <CategoryIcon category={form.category || 'default'} />
              </Avatar>
              <Typography variant="body2" color="text.secondary">{t('devices.editor.preview')}</Typography>
            </Box>
          </Section>
          <Section title={t('devices.editor.consumption')}>
            {accumulator('odometer', unit)}
            {number('startOdometer', unit)}
            {number('endOdometer', unit)}
            {number('fuel', t('devices.editor.units.liters'))}
            {number('litersx100km', t('devices.editor.units.litersPer100km'))}
            {number('spentFuel', t('devices.editor.units.liters'))}
            {number('fuelPrice')}
            {field('currency')}
          </Section>
          <Section title={t('devices.editor.trips')}>
            {field('driver')}
            {number('averageSpeed', t('devices.editor.units.speed'))}
            {number('maxSpeed', t('devices.editor.units.speed'))}
            {accumulator('engineHours', t('devices.editor.units.hours'))}
            {number('duration', t('devices.editor.units.hours'))}
          </Section>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5 }}>
            <Typography component="legend" variant="subtitle2" color="primary" sx={{ mb: 1.5 }}>{t('devices.editor.attributes')}</Typography>
            <AttributesEditor value={device?.attributes ?? {}} onChange={setOthers} reserved={FORM_ATTRIBUTES} />
          </Box>
          {/* Enter in any field saves */}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} disabled={save.busy}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.busy} data-testid="save-device">{t('common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5 }}>
      <Typography component="legend" variant="subtitle2" color="primary" sx={{ mb: 1.5 }}>{title}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>{children}</Box>
    </Box>
  );
}
