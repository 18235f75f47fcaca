import { useRef, type MouseEvent } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getReportSpreadsheet, type ReportKind, type ReportParams } from '../../../api/reports.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { exportFileName } from './exportFileName.ts';
import { saveFile } from './saveFile.ts';
import { useReportErrorText } from './useReportErrorText.ts';

const cancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Downloads the report as a spreadsheet (xlsx), made by the server in the user's units. While the
 * server works the button turns into a spinner that cancels the export when pressed (the server
 * stops when the request goes away).
 */
export function ExportButton({ kind, params }: { kind: ReportKind; params: ReportParams | null }) {
  const { t } = useTranslation();
  const errorText = useReportErrorText();
  const { timeZone } = useReportFormat();
  // Set in the click itself: TanStack marks the mutation pending a tick later, and a second click
  // in between would start a second export (and save the file twice).
  const running = useRef<AbortController | null>(null);
  const download = useMutation({
    mutationFn: ({ wanted, signal }: { wanted: ReportParams; signal: AbortSignal }) => getReportSpreadsheet(kind, wanted, signal),
    onSuccess: (blob, { wanted }) => saveFile(blob, exportFileName(kind, wanted.from, wanted.to, timeZone)),
    onSettled: () => {
      running.current = null;
    },
  });
  const press = (event: MouseEvent) => {
    // The second click of a double click is not a request to cancel what the first started.
    if (event.detail > 1) return;
    if (running.current) {
      running.current.abort();
      return;
    }
    if (!params) return;
    running.current = new AbortController();
    download.mutate({ wanted: params, signal: running.current.signal });
  };
  const label = download.isPending ? t('reports.exportCancel') : t('reports.export');
  const failed = download.isError && !cancelled(download.error);

  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            disabled={!params}
            onClick={press}
            data-testid="report-export"
          >
            {download.isPending ? (
              <Box sx={{ position: 'relative', display: 'inline-flex' }}>
                <CircularProgress size={22} />
                <CloseIcon sx={{ position: 'absolute', inset: 3, fontSize: 16 }} />
              </Box>
            ) : (
              <DownloadIcon />
            )}
          </IconButton>
        </span>
      </Tooltip>
      <Snackbar open={failed} onClose={() => download.reset()} autoHideDuration={7000}>
        <Alert severity="error" onClose={() => download.reset()} variant="filled">
          {t('reports.exportFailed', { reason: errorText(download.error) })}
        </Alert>
      </Snackbar>
    </>
  );
}
