import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OPEN_STATUSES, type BillingCustomer, type Invoice } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { billingApi } from '../../api/billing.ts';
import { HOME_PATH } from '../../access/guard.ts';
import { useFormats } from '../../state/formats.ts';
import { useSessionUser } from '../../state/session.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { SearchList } from '../../ui/SearchList.tsx';
import { useErrorText } from '../../ui/useErrorText.ts';
import { useNotice } from '../../ui/useNotice.tsx';
import { useNoticedTask } from '../../ui/useSubmit.ts';
import { AddInvoiceDialog } from './AddInvoiceDialog.tsx';
import { CustomerStateChip } from './CustomerStateChip.tsx';
import { formatDay, formatMoney } from './format.ts';
import { InvoiceList } from './InvoiceList.tsx';

type Action =
  | { kind: 'cancel' | 'cash'; invoice: Invoice }
  | { kind: 'suspend' | 'unsuspend' | 'trustUnlock'; customer: BillingCustomer };

const isOpen = (invoice: Invoice) => !invoice.cancelledTime && OPEN_STATUSES.includes(invoice.status);

/**
 * /billing (administrators and resellers, spec §6): customers with billing on and their state;
 * a customer's invoices and the actions of spec §4 — add, cancel, received in cash — plus
 * suspend, reactivate and trust unlock, each confirmed and its result shown. `?customer=` keeps
 * the open customer in the address.
 */
export default function BillingPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const formats = useFormats();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [, notify] = useNotice();
  const user = useSessionUser();
  const mayAct = Boolean(user && (user.administrator || !user.readonly));
  const [params, setParams] = useSearchParams();
  const customerId = Number(params.get('customer')) || null;
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [adding, setAdding] = useState(false);

  const customers = useQuery({ queryKey: ['billing', 'customers'], queryFn: billingApi.customers });
  const customer = customers.data?.find((c) => c.id === customerId) ?? null;
  const invoices = useQuery({
    queryKey: ['billing', 'invoices', customerId],
    queryFn: () => billingApi.customerInvoices(customerId!),
    enabled: customerId !== null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['billing'] });
  const select = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('customer');
      else next.set('customer', String(id));
      return next;
    });

  /** Carries out the action; what to say once done. */
  const perform = (todo: Action): Promise<string> => {
    switch (todo.kind) {
      case 'cancel': return billingApi.cancel(todo.invoice.id).then(() => t('billing.done.cancelled'));
      case 'cash': return billingApi.receiveInCash(todo.invoice.id).then(() => t('billing.done.cash'));
      case 'suspend': return billingApi.suspend(todo.customer.id).then(() => t('billing.done.suspended'));
      case 'unsuspend': return billingApi.unsuspend(todo.customer.id).then(() => t('billing.done.unsuspended'));
      case 'trustUnlock':
        return billingApi
          .grantTrustUnlock(todo.customer.id)
          .then(({ trustUnlockUntil }) => t('billing.done.trustUnlocked', { time: formats.dateTime(trustUnlockUntil) }));
    }
  };
  const run = useNoticedTask(
    async (todo: Action) => {
      const done = await perform(todo);
      void refresh();
      return done;
    },
    { onSettled: () => setAction(null) },
  );

  const confirmText = (todo: Action): { title: string; message: string } => {
    if ('invoice' in todo) {
      const values = { value: formatMoney(todo.invoice.value, locale), date: formatDay(todo.invoice.dueDate, locale) };
      return { title: t(`billing.confirm.${todo.kind}Title`), message: t(`billing.confirm.${todo.kind}Message`, values) };
    }
    return { title: t(`billing.confirm.${todo.kind}Title`), message: t(`billing.confirm.${todo.kind}Message`, { name: todo.customer.name }) };
  };
  const confirm = action && confirmText(action);
  const needle = search.trim().toLowerCase();
  const shown = (customers.data ?? []).filter((c) => !needle || `${c.name} ${c.email}`.toLowerCase().includes(needle));

  return (
    <Panel
      title={customer ? customer.name : t('billing.billingTitle')}
      onBack={() => (customerId !== null ? select(null) : navigate(-1))}
      onClose={() => navigate(HOME_PATH)}
    >
      {(customers.isPending || invoices.isFetching || run.busy) && <LoadingBar />}
      {customers.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(customers.error)}</Typography>}
      {customerId === null ? (
        <SearchList
          search={search}
          onSearch={setSearch}
          empty={customers.isSuccess && shown.length === 0 ? { text: t('billing.noCustomers'), testId: 'customers-empty' } : null}
          listTestId="customer-list"
        >
          {shown.map((c) => (
            <ListItemButton key={c.id} divider onClick={() => select(c.id)} data-testid="customer-row" sx={{ display: 'block' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>{c.name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>{c.email}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {c.price > 0 && `${t('billing.price')}: ${formatMoney(c.price, locale)}`}
                    {c.billingDate !== null && ` · ${t('billing.billingDay', { day: c.billingDate })}`}
                    {c.openInvoices > 0 && ` · ${t('billing.open', { count: c.openInvoices })}`}
                  </Typography>
                </Box>
                <CustomerStateChip state={c.state} />
              </Stack>
            </ListItemButton>
          ))}
        </SearchList>
      ) : (
        <Box sx={{ flex: 1, overflow: 'auto' }}>
          {customer && (
            <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="customer-summary">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>{customer.email}</Typography>
                <CustomerStateChip state={customer.state} />
              </Stack>
              {customer.state === 'trustUnlocked' && customer.trustUnlockUntil && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                  {t('billing.trustUntil', { time: formats.dateTime(customer.trustUnlockUntil) })}
                </Typography>
              )}
              {mayAct && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="billing-add-invoice">
                    {t('billing.actions.addInvoice')}
                  </Button>
                  {customer.suspension === null ? (
                    <Button size="small" variant="outlined" color="error" onClick={() => setAction({ kind: 'suspend', customer })} data-testid="billing-suspend">
                      {t('billing.actions.suspend')}
                    </Button>
                  ) : (
                    <>
                      <Button size="small" variant="outlined" onClick={() => setAction({ kind: 'unsuspend', customer })} data-testid="billing-unsuspend">
                        {t('billing.actions.unsuspend')}
                      </Button>
                      <Button size="small" variant="outlined" onClick={() => setAction({ kind: 'trustUnlock', customer })} data-testid="billing-trust-unlock">
                        {t('billing.actions.trustUnlock')}
                      </Button>
                    </>
                  )}
                </Stack>
              )}
            </Box>
          )}
          {invoices.isError && <Typography color="error" sx={{ p: 2 }}>{errorText(invoices.error)}</Typography>}
          {invoices.data && (
            <InvoiceList
              invoices={invoices.data}
              actions={(invoice) =>
                mayAct && isOpen(invoice) ? (
                  <>
                    <Button size="small" onClick={() => setAction({ kind: 'cash', invoice })} data-testid="invoice-cash">
                      {t('billing.actions.cash')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setAction({ kind: 'cancel', invoice })} data-testid="invoice-cancel">
                      {t('billing.actions.cancel')}
                    </Button>
                  </>
                ) : null
              }
            />
          )}
        </Box>
      )}
      <ConfirmDialog
        open={action !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={confirm?.title ?? ''}
        danger={action?.kind === 'cancel' || action?.kind === 'suspend'}
        busy={run.busy}
        onConfirm={() => action && run.run(action)}
        onCancel={() => setAction(null)}
      />
      {adding && customer && (
        <AddInvoiceDialog
          customerName={customer.name}
          defaultValue={customer.price}
          onClose={() => setAdding(false)}
          onSave={async (input) => {
            await billingApi.addInvoice(customer.id, input);
            setAdding(false);
            notify(t('billing.done.added'), 'success');
            await refresh();
          }}
        />
      )}
    </Panel>
  );
}
