import Chip, { type ChipProps } from '@mui/material/Chip';
import { PAID_STATUSES, type Invoice, type InvoiceStatus } from '@rastro/api';
import { useTranslation } from 'react-i18next';

function colour(status: InvoiceStatus): ChipProps['color'] {
  if (PAID_STATUSES.includes(status)) return 'success';
  if (status === 'OVERDUE') return 'error';
  if (status === 'PENDING') return 'warning';
  return 'info';
}

/** The invoice's status in the user's language; a cancelled invoice says so instead. */
export function InvoiceStatusChip({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (invoice.cancelledTime) return <Chip size="small" variant="outlined" label={t('billing.cancelled')} data-testid="invoice-status" data-status="CANCELLED" />;
  return <Chip size="small" color={colour(invoice.status)} label={t(`billing.statuses.${invoice.status}`)} data-testid="invoice-status" data-status={invoice.status} />;
}
