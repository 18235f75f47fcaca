import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../useErrorText.ts';
import { EntityForm } from './EntityForm.tsx';
import { validate, type FieldSpec } from './fields.ts';

interface EntityEditDialogProps<T> {
  title: string;
  fields: FieldSpec<T>[];
  initial: T;
  /** Extra checks beyond the field description; a message blocks saving. */
  check?(item: T): string | null;
  onSave(item: T): Promise<unknown>;
  onClose(): void;
  readOnly?: boolean;
  /** Buttons beside Save, e.g. a test that needs the unsaved form. */
  extraActions?(item: T): ReactNode;
}

/** The generic edit dialog: the form of a field description, validated, saved, closed. */
export function EntityEditDialog<T>({ title, fields, initial, check, onSave, onClose, readOnly, extraActions }: EntityEditDialogProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [item, setItem] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = tried ? validate(fields, item) : {};

  const save = async () => {
    setTried(true);
    const extra = check?.(item) ?? null;
    if (Object.keys(validate(fields, item)).length || extra) {
      setError(extra ?? t('entity.checkForm'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(item);
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" data-testid="entity-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="entity-error">
            {error}
          </Alert>
        )}
        <EntityForm fields={fields} item={item} onChange={setItem} problems={problems} disabled={busy || readOnly} />
      </DialogContent>
      <DialogActions>
        {extraActions?.(item)}
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="entity-save">
            {t('entity.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
