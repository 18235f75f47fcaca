import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
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

/** Downloads the report as a spreadsheet (xlsx), made by the server in the user's units. */
export function ExportButton({ kind, params }: { kind: ReportKind; params: ReportParams | null }) {
  const { t } = useTranslation();
  const errorText = useReportErrorText();
  const { timeZone } = useReportFormat();
  const download = useMutation({
    mutationFn: (wanted: ReportParams) => getReportSpreadsheet(kind, wanted),
    onSuccess: (blob, wanted) => saveFile(blob, exportFileName(kind, wanted.from, wanted.to, timeZone)),
  });
  const label = t('reports.export');

  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            disabled={!params || download.isPending}
            onClick={() => params && download.mutate(params)}
            data-testid="report-export"
          >
            {download.isPending ? <CircularProgress size={22} /> : <DownloadIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Snackbar open={download.isError} onClose={() => download.reset()} autoHideDuration={7000}>
        <Alert severity="error" onClose={() => download.reset()} variant="filled">
          {t('reports.exportFailed', { reason: errorText(download.error) })}
        </Alert>
      </Snackbar>
    </>
  );
}
