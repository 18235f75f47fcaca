import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { billingApi } from '../../api/billing.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';

/** /reseller: every reseller's figures for an administrator, his own for a reseller. */
export default function ResellerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const resellers = useQuery({ queryKey: ['resellers'], queryFn: billingApi.resellers });
  const figure = (label: string, value: string | number, testId: string) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId} noWrap>{value}</Typography>
    </Box>
  );
  return (
    <Panel title={t('billing.resellerTitle')} onBack={() => navigate(-1)} onClose={() => navigate(HOME_PATH)}>
      {resellers.isPending && <LoadingBar />}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {resellers.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(resellers.error)}</Typography>}
        {resellers.isSuccess && resellers.data.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="resellers-empty">{t('billing.noResellers')}</Typography>
        )}
        <List dense disablePadding data-testid="reseller-list">
          {resellers.data?.map((reseller) => (
            <ListItem key={reseller.id} divider sx={{ display: 'block', py: 1.25 }} data-testid="reseller-row">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>{reseller.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>{reseller.email}</Typography>
                </Box>
                {reseller.subReseller && <Chip size="small" variant="outlined" label={t('billing.reseller.subReseller')} />}
              </Stack>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
                {figure(t('billing.reseller.customers'), reseller.resaleLimit ? `${reseller.customers} / ${reseller.resaleLimit}` : reseller.customers, 'reseller-customers')}
                {figure(t('billing.reseller.devices'), reseller.devices, 'reseller-devices')}
                {figure(t('billing.reseller.limit'), reseller.resaleLimit ?? t('billing.reseller.unlimited'), 'reseller-limit')}
                {figure(t('billing.reseller.domain'), reseller.domain ?? t('common.none'), 'reseller-domain')}
              </Box>
            </ListItem>
          ))}
        </List>
      </Box>
    </Panel>
  );
}
