import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Thin progress bar pinned to the top of the window. */
export function LoadingBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}
