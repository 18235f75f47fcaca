import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { billingApi } from '../../api/billing.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';
import { InvoiceList } from './InvoiceList.tsx';

/** /invoices: the signed-in user's own invoices (spec §2 "my invoices"). */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const invoices = useQuery({ queryKey: ['invoices', 'mine'], queryFn: billingApi.myInvoices });
  return (
    <Panel title={t('billing.invoicesTitle')} onBack={() => navigate(-1)} onClose={() => navigate(HOME_PATH)}>
      {invoices.isPending && <LoadingBar />}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {invoices.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(invoices.error)}</Typography>}
        {invoices.data && <InvoiceList invoices={invoices.data} />}
      </Box>
    </Panel>
  );
}
