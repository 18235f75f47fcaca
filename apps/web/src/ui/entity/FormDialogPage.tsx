import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../state/notice.ts';
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

/**
 * A settings dialog that is a route of its own (server, account, theme, integrations): a save says
 * so and leaves the user on the page, the form showing the values as saved (a password typed is
 * not kept to be sent again); closing goes home.
 */
export function FormDialogPage<T>({ title, fields, value, check, onSave, extraActions, readOnly }: FormDialogPageProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // each save starts the form again from the page's value, which the page has refreshed by then
  const [saves, setSaves] = useState(0);
  if (!value) return null;
  return (
    <EntityEditDialog
      key={saves}
      title={title}
      fields={fields}
      initial={value}
      check={check}
      closeOnSave={false}
      onSave={async (item) => {
        await onSave(item);
        notify(t('entity.saved'), 'success');
        setSaves((count) => count + 1);
      }}
      extraActions={extraActions}
      readOnly={readOnly}
      onClose={() => navigate(HOME_PATH)}
    />
  );
}
