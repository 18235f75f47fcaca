import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../access/guard.ts';
import { EntityEditDialog } from './EntityEditDialog.tsx';
import type { FieldSpec } from './fields.ts';

interface FormDialogPageProps<T> {
  title: string;
  fields: FieldSpec<T>[];
  /** Null while loading: nothing shows until the values are known. */
  value: T | null | undefined;
  check?: (item: T) => string | null;
  onSave: (item: T) => Promise<unknown>;
  extraActions?: (item: T) => ReactNode;
  /** Shown but not saved (only Cancel). */
  readOnly?: boolean;
}

/** A settings dialog that is a route of its own (server, account, theme, integrations): closing goes home. */
export function FormDialogPage<T>({ title, fields, value, check, onSave, extraActions, readOnly }: FormDialogPageProps<T>) {
  const navigate = useNavigate();
  if (!value) return null;
  return (
    <EntityEditDialog
      title={title}
      fields={fields}
      initial={value}
      check={check}
      onSave={onSave}
      extraActions={extraActions}
      readOnly={readOnly}
      onClose={() => navigate(HOME_PATH)}
    />
  );
}
