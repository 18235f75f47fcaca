import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InvoiceInput } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { FormDialog, type EditFormProps } from '../../ui/FormDialog.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';

/** "79,90", "1.234,50" (Brazilian) or "79.90": with a comma, dots group thousands and the comma is decimal. */
export function parseAmount(text: string): number {
  const clean = text.trim().replace(/\s/g, '');
  const normal = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d+)?$/.test(normal) ? Math.round(Number(normal) * 100) / 100 : NaN;
}

interface AddInvoiceDialogProps extends EditFormProps<InvoiceInput> {
  customerName: string;
  defaultValue: number;
}

/** Value (BRL, more than zero) and due date; the server checks both again. */
export function AddInvoiceDialog({ customerName, defaultValue, onSave, onClose }: AddInvoiceDialogProps) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(
    defaultValue > 0 ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(defaultValue) : '',
  );
  const [dueDate, setDueDate] = useState('');
  const [description, setDescription] = useState('');
  // the parent closes the dialog once saved: it stays disabled until then
  const save = useSubmit(onSave, { holdOnSuccess: true });

  const submit = () => {
    const amount = parseAmount(value);
    if (!dueDate || !(amount > 0)) save.fail('FILL_ALL_FIELDS');
    else save.run({ value: amount, dueDate, description: description.trim() || null });
  };

  return (
    <FormDialog
      form
      title={t('billing.confirm.addTitle', { name: customerName })}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      message={save.message}
      submitLabel={t('billing.actions.addInvoice')}
      submitTestId="invoice-save"
      data-testid="invoice-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
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
    </FormDialog>
  );
}
