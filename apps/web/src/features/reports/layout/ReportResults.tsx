import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../ui/useNow.ts';
import { isNotAvailable, useReportErrorText } from './useReportErrorText.ts';

interface ReportResultsProps<T> {
  query: UseQueryResult<T[]>;
  queryKey: QueryKey;
  /** False while the filter lacks what the report needs. */
  ready: boolean;
  /** What to ask of the user while not ready. */
  hint: string;
  emptyText: string;
  children: (rows: T[]) => ReactNode;
}

/** Running with elapsed seconds and a cancel button: a long report must not look stuck. */
function Running({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const [start] = useState(() => Date.now());
  const seconds = Math.max(0, Math.floor((useNow(1000) - start) / 1000));
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 1.5, justifyItems: 'center' }} role="status" data-testid="report-running">
      <LinearProgress sx={{ width: '100%', maxWidth: 360 }} />
      <Typography color="text.secondary">{t('reports.status.running', { seconds })}</Typography>
      <Button size="small" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Box>
  );
}

function Message({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }} data-testid={testId}>
      {children}
    </Box>
  );
}

/** The report's rows, or what stands in their place: a hint, progress, an error, or the empty state. */
export function ReportResults<T>({ query, queryKey, ready, hint, emptyText, children }: ReportResultsProps<T>) {
  const { t } = useTranslation();
  const errorText = useReportErrorText();
  const queryClient = useQueryClient();
  const retry = () => void query.refetch();

  if (!ready) {
    return (
      <Message testId="report-hint">
        <Typography color="text.secondary">{hint}</Typography>
      </Message>
    );
  }
  if (query.isPending && query.isFetching) return <Running onCancel={() => void queryClient.cancelQueries({ queryKey })} />;
  if (query.isPending) {
    return (
      <Message testId="report-cancelled">
        <Typography color="text.secondary">{t('reports.status.cancelled')}</Typography>
        <Button size="small" variant="outlined" onClick={retry}>{t('reports.status.run')}</Button>
      </Message>
    );
  }
  if (query.isError) {
    return (
      <Message testId="report-error">
        <Alert
          severity={isNotAvailable(query.error) ? 'info' : 'error'}
          action={<Button color="inherit" size="small" onClick={retry} disabled={query.isFetching}>{t('reports.status.retry')}</Button>}
        >
          {errorText(query.error)}
        </Alert>
      </Message>
    );
  }
  if (!query.data.length) {
    return (
      <Message testId="report-empty">
        <Typography color="text.secondary">{emptyText}</Typography>
      </Message>
    );
  }
  return (
    <>
      {query.isFetching && <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, zIndex: 3 }} />}
      {children(query.data)}
    </>
  );
}
