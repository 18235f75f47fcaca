import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useErrorText } from '../../../ui/useErrorText.ts';

/** A server without this report (404) is told apart from a failure. */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useReportErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown) => (isNotAvailable(error) ? t('reports.status.notAvailable') : errorText(error));
}
