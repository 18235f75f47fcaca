import type { ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import { notify } from '../state/notice.ts';

/**
 * Shows a short message. Notices are drawn once, by the shell (`NoticeSnackbar`), so that one can
 * outlive the page that gave it; the element returned is empty and stays only so that pages
 * written against the earlier page-local snackbar keep working.
 */
export function useNotice(): [ReactNode, (text: string, severity?: AlertColor) => void] {
  return [null, notify];
}
