import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InvoiceInput } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../ui/useErrorText.ts';

/** "79,90", "1.234,50" (Brazilian) or "79.90": with a comma, dots group thousands and the comma is decimal. */
export function parseAmount(text: string): number {
  const clean = text.trim().replace(/\s/g, '');
  const normal = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d+)?$/.test(normal) ? Math.round(Number(normal) * 100) / 100 : NaN;
}

interface AddInvoiceDialogProps {
  customerName: string;
  defaultValue: number;
  onSave(input: InvoiceInput): Promise<unknown>;
  onClose(): void;
}

/** Value (BRL, more than zero) and due date; the server checks both again. */
export function AddInvoiceDialog({ customerName, defaultValue, onSave, onClose }: AddInvoiceDialogProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [value, setValue] = useState(
    defaultValue > 0 ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(defaultValue) : '',
  );
  const [dueDate, setDueDate] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(value);
    if (!dueDate || !(amount > 0)) {
      setError('FILL_ALL_FIELDS');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave({ value: amount, dueDate, description: description.trim() || null });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="invoice-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('billing.confirm.addTitle', { name: customerName })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error !== null && <Alert severity="error">{errorText(error)}</Alert>}
            <TextField
              label={t('billing.value')}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              required
              autoFocus
              slotProps={{ input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> }, htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-value-input' } }}
            />
            <TextField
              label={t('billing.dueDate')}
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-due-input' } }}
            />
            <TextField label={t('billing.description')} value={description} onChange={(event) => setDescription(event.target.value)} slotProps={{ htmlInput: { maxLength: 256 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="invoice-save">
            {t('billing.actions.addInvoice')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
