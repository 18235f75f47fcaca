import type { BillingCustomer, Invoice, InvoiceInput, ResellerSummary } from '@rastro/api';
import { TARKAN_BASE, requestJson, requestVoid } from './http.ts';
import type { Credentials } from './session.ts';

const tarkan = { base: TARKAN_BASE } as const;

/** Billing, invoices and resellers (spec §3 Invoice, §4, §6); the server checks who may do what. */
export const billingApi = {
  myInvoices: () => requestJson<Invoice[]>('/invoices', tarkan),
  customers: () => requestJson<BillingCustomer[]>('/billing/customers', tarkan),
  customerInvoices: (userId: number) => requestJson<Invoice[]>(`/billing/customers/${userId}/invoices`, tarkan),
  addInvoice: (userId: number, input: InvoiceInput) =>
    requestJson<Invoice>(`/billing/customers/${userId}/invoices`, { ...tarkan, method: 'POST', json: input }),
  cancel: (invoiceId: number) => requestJson<Invoice>(`/billing/invoices/${invoiceId}/cancel`, { ...tarkan, method: 'POST' }),
  receiveInCash: (invoiceId: number) => requestJson<Invoice>(`/billing/invoices/${invoiceId}/cash`, { ...tarkan, method: 'POST', json: {} }),
  suspend: (userId: number) => requestVoid(`/billing/customers/${userId}/suspend`, { ...tarkan, method: 'POST' }),
  unsuspend: (userId: number) => requestVoid(`/billing/customers/${userId}/unsuspend`, { ...tarkan, method: 'POST' }),
  grantTrustUnlock: (userId: number) =>
    requestJson<{ trustUnlockUntil: string }>(`/billing/customers/${userId}/trust-unlock`, { ...tarkan, method: 'POST' }),
  /** From the login screen: the suspended customer's own credentials. */
  trustUnlock: ({ email, password }: Credentials) =>
    requestJson<{ trustUnlockUntil: string }>('/billing/trust-unlock', { ...tarkan, method: 'POST', form: { email, password } }),
  resellers: () => requestJson<ResellerSummary[]>('/resellers', tarkan),
};

/** Where the payment provider is told to send its events. */
export const PAYMENT_WEBHOOK_PATH = `${TARKAN_BASE}/billing/webhook`;
