import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissNotice, useNotice } from '../state/notice.ts';

/** Spec §9: notices last 7 s. */
const NOTICE_MS = 7000;

export function NoticeSnackbar() {
  const notice = useNotice();
  return (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={NOTICE_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && dismissNotice()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice?.severity ?? 'info'} variant="filled" onClose={dismissNotice} data-testid="notice">
        {notice?.text}
      </Alert>
    </Snackbar>
  );
}
