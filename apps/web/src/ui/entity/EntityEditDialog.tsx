import { useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from '../AccountNotice.tsx';
import { FormDialog, type EditFormProps } from '../FormDialog.tsx';
import { useSubmit } from '../useSubmit.ts';
import { EntityForm } from './EntityForm.tsx';
import { validate, type FieldSpec } from './fields.ts';

interface EntityEditDialogProps<T> extends EditFormProps<T> {
  title: string;
  fields: FieldSpec<T>[];
  initial: T;
  /** Extra checks beyond the field description; a message blocks saving. */
  check?: (item: T) => string | null;
  readOnly?: boolean;
  /** Buttons beside Save, e.g. a test that needs the unsaved form. */
  extraActions?: (item: T) => ReactNode;
  /** Closes once saved (the default); a settings page stays open instead. */
  closeOnSave?: boolean;
}

/** The generic edit dialog: the form of a field description, validated, saved, closed. */
export function EntityEditDialog<T>({ title, fields, initial, check, onSave, onClose, readOnly, extraActions, closeOnSave = true }: EntityEditDialogProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [item, setItem] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useSubmit(async (edited: T) => {
    await onSave(edited);
    if (closeOnSave) onClose();
  });
  const problems = tried ? validate(fields, item) : {};

  const submit = () => {
    setTried(true);
    const extra = check?.(item) ?? null;
    if (Object.keys(validate(fields, item)).length || extra) save.fail(extra ?? t('entity.checkForm'));
    else save.run(item);
  };

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      message={save.message}
      errorTestId="entity-error"
      submitLabel={t('entity.save')}
      submitTestId="entity-save"
      readOnly={readOnly}
      extraActions={extraActions?.(item)}
      fullScreen={phone}
      maxWidth="sm"
      dividers
      data-testid="entity-dialog"
    >
      {/* a read-only account is told why it may only look */}
      {readOnly && <AccountNotice sx={{ mb: 2 }} />}
      <EntityForm fields={fields} item={item} onChange={setItem} problems={problems} disabled={save.busy || readOnly} />
    </FormDialog>
  );
}
