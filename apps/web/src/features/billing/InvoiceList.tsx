import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoney, invoiceTerms, invoiceTitle } from './format.ts';
import { InvoiceStatusChip } from './InvoiceStatusChip.tsx';

interface InvoiceListProps {
  invoices: Invoice[];
  /** Buttons for one invoice (the billing screen's cancel and received in cash). */
  actions?: (invoice: Invoice) => ReactNode;
}

/** Invoices, newest due date first: what, when due, how much, status, and when paid. */
export function InvoiceList({ invoices, actions }: InvoiceListProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (invoices.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="invoices-empty">
        {t('billing.noInvoices')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="invoice-list">
      {invoices.map((invoice) => {
        const terms = invoiceTerms(invoice, t, locale);
        const buttons = actions?.(invoice);
        return (
          <ListItem key={invoice.id} divider data-testid="invoice-row" data-invoice-id={invoice.id} sx={{ display: 'block', py: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {invoiceTitle(invoice, t, locale)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('billing.dueDate')}: {formatDay(invoice.dueDate, locale)}
                  {invoice.paidDate && ` · ${t('billing.paidDate')}: ${formatDay(invoice.paidDate, locale)}`}
                </Typography>
                {terms && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {terms}
                  </Typography>
                )}
              </Box>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="invoice-value">
                  {formatMoney(invoice.value, locale)}
                </Typography>
                <InvoiceStatusChip invoice={invoice} />
              </Stack>
            </Stack>
            {buttons && <Stack direction="row" spacing={1} sx={{ mt: 0.5, justifyContent: 'flex-end' }}>{buttons}</Stack>}
          </ListItem>
        );
      })}
    </List>
  );
}
