import type { ReactNode, SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** What an edit form is given by the page that opens it. */
export interface EditFormProps<T> {
  /** The page's save; a failure is shown in the form, which stays open. */
  onSave: (value: T) => Promise<unknown>;
  onClose: () => void;
}

/** A form's error above its fields; nothing when there is none. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={testId}>
      {message}
    </Alert>
  );
}

interface FormActionsProps {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** Absent for a submit button of the enclosing <form>. */
  onSubmit?: () => void;
  submitDisabled?: boolean;
  submitTestId?: string;
  /** Only Cancel: the form is shown, not saved. */
  readOnly?: boolean;
}

/** Cancel and the main action, both off while the form is being sent. */
export function FormActions({ busy, onCancel, submitLabel, onSubmit, submitDisabled, submitTestId, readOnly }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button
          type={onSubmit ? 'button' : 'submit'}
          variant="contained"
          onClick={onSubmit}
          disabled={busy || submitDisabled}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      )}
    </>
  );
}

interface FormDialogProps extends Omit<FormActionsProps, 'onCancel' | 'onSubmit'> {
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  /**
   * The fields are a <form>: Enter in one submits. Off, only the button does (a dialog of many
   * fields, where Enter is easily pressed by mistake).
   */
  form?: boolean;
  message?: string | null;
  errorTestId?: string;
  /** Buttons before Cancel, e.g. a test that needs the unsaved form. */
  extraActions?: ReactNode;
  maxWidth?: 'xs' | 'sm';
  fullScreen?: boolean;
  dividers?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/** The frame of every edit dialog: title, error, fields, Cancel and the main action; it cannot be dismissed while busy. */
export function FormDialog(props: FormDialogProps) {
  const { title, onClose, onSubmit, form = false, message, errorTestId, extraActions, maxWidth = 'xs', fullScreen, dividers, children } = props;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const body = (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers={dividers}>
        <FormError message={message} testId={errorTestId} />
        {children}
      </DialogContent>
      <DialogActions>
        {extraActions}
        <FormActions
          busy={props.busy}
          onCancel={onClose}
          submitLabel={props.submitLabel}
          onSubmit={form ? undefined : onSubmit}
          submitDisabled={props.submitDisabled}
          submitTestId={props.submitTestId}
          readOnly={props.readOnly}
        />
      </DialogActions>
    </>
  );
  return (
    <Dialog open onClose={props.busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth={maxWidth} data-testid={props['data-testid']}>
      {form ? (
        <form onSubmit={submit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
