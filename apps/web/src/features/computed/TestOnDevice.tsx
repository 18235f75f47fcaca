import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { testComputed } from '../../api/management.ts';
import type { ComputedAttribute } from '../../api/entities.ts';
import { isSoftDeleted } from '../../api/devices.ts';
import { useDevices } from '../../api/queries.ts';
import { useErrorText } from '../../ui/useErrorText.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

/** Evaluates the unsaved expression on a device's latest position. */
export function TestOnDevice({ attribute }: { attribute: ComputedAttribute }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const [deviceId, setDeviceId] = useState<number | ''>('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // the last result stays shown while the next test runs
  const test = useSubmit((device: number) => testComputed(attribute, device), {
    onSuccess: (value) => setResult({ ok: true, text: value === undefined ? t('computed.noResult') : JSON.stringify(value) }),
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
  });

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <TextField select size="small" fullWidth label={t('computed.testDevice')} value={deviceId} onChange={(event) => setDeviceId(Number(event.target.value))}>
          {devices.map((device) => (
            <MenuItem key={device.id} value={device.id}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => deviceId !== '' && test.run(deviceId)} disabled={deviceId === '' || test.busy || !attribute.expression} data-testid="computed-test">
          {t('computed.test')}
        </Button>
      </Stack>
      {result && (
        <Typography variant="body2" color={result.ok ? 'text.primary' : 'error'} data-testid="computed-result" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {result.text}
        </Typography>
      )}
    </Stack>
  );
}
