import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { serverInfoQuery } from '../api/queries.ts';
import { HOME_PATH } from '../access/guard.ts';

function fromState(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : HOME_PATH;
}

/** /maintenance: the server did not answer; retry returns to the page that was asked for. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const [failed, setFailed] = useState(false);

  const retry = async () => {
    setRetrying(true);
    try {
      await queryClient.query({ ...serverInfoQuery, staleTime: 0 });
      void navigate(fromState(location.state), { replace: true });
    } catch {
      setFailed(true);
      setRetrying(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 420 }}>
        <CloudOffIcon color="disabled" sx={{ fontSize: 72 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
          {t('maintenance.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {failed ? t('maintenance.stillDown') : t('maintenance.message')}
        </Typography>
        <Button variant="contained" onClick={retry} disabled={retrying}>
          {t('maintenance.retry')}
        </Button>
      </Box>
    </Box>
  );
}
