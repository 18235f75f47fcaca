import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

/** Billing (spec §2 user menu, §4, §6): an invoice added and received in cash shows on the customer's /invoices. */

const SHOTS = process.env.RASTRO_E2E_SHOTS ?? path.join(process.env.RASTRO_E2E_OUTPUT ?? 'test-results/e2e', 'shots');
const PASSWORD = 'cliente-1234';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function createCustomer(request: APIRequestContext, name: string, attributes: Record<string, unknown>): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  const response = await request.post('/api/users', { data: { name, email, password: PASSWORD, attributes } });
  expect(response.status()).toBe(200);
  return { ...(await response.json()), email };
}

test.describe('billing', () => {
  test('adds an invoice, marks it received in cash, and the customer sees it', async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    // a retry runs against the same server: its customer must not be mistaken for the first one's
    const name = info.retry ? `Cliente Boleto ${info.retry}` : 'Cliente Boleto';
    const customer = await createCustomer(page.request, name, { billingEnable: true, billingPrice: 79.9, billingDate: 10, billingFine: 2, billingFineMode: 'percent', billingInterest: 1 });

    // the user menu offers billing to an administrator
    await page.goto('/billing');
    const row = page.getByTestId('customer-row').filter({ hasText: customer.email });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('customer-state')).toHaveText('Em dia');
    await shot(page, 'billing-customers-desktop');
    await row.click();

    await page.getByTestId('billing-add-invoice').click();
    const dialog = page.getByTestId('invoice-dialog');
    await expect(dialog.getByTestId('invoice-value-input')).toHaveValue('79,90');
    await dialog.getByTestId('invoice-value-input').fill('79,90');
    await dialog.getByTestId('invoice-due-input').fill('2030-01-10');
    await dialog.getByLabel('Descrição').fill('Rastreador caminhão');
    await shot(page, 'billing-add-invoice-desktop');
    await dialog.getByTestId('invoice-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Fatura adicionada.')).toBeVisible();

    const invoice = page.getByTestId('invoice-row').filter({ hasText: 'Rastreador caminhão' });
    await expect(invoice.getByTestId('invoice-value')).toHaveText(/R\$\s79,90/);
    await expect(invoice.getByTestId('invoice-status')).toHaveText('Aguardando pagamento');
    await expect(invoice).toContainText('10/01/2030');
    await shot(page, 'billing-customer-desktop');

    await invoice.getByTestId('invoice-cash').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('R$');
    await page.getByTestId('confirm').click();
    await expect(page.getByText('Fatura marcada como recebida em dinheiro.')).toBeVisible();
    await expect(invoice.getByTestId('invoice-status')).toHaveText('Recebida em dinheiro');
    await expect(invoice.getByTestId('invoice-cash')).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/billing?customer=${customer.id}&expand=true`);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await shot(page, 'billing-customer-phone');

    // the customer's own /invoices
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const own = await context.newPage();
    await signIn(own, customer.email, PASSWORD);
    await own.goto('/invoices');
    const mine = own.getByTestId('invoice-row');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('invoice-value')).toHaveText(/R\$\s79,90/);
    await expect(mine.getByTestId('invoice-status')).toHaveText('Recebida em dinheiro');
    await expect(mine).toContainText('Pago em:');
    await expect(mine).toContainText('Multa 2% após o vencimento');
    await expect(mine.getByTestId('invoice-cash')).toHaveCount(0);
    await shot(own, 'invoices-desktop');
    await own.setViewportSize({ width: 390, height: 844 });
    await own.goto('/invoices?expand=true');
    await expect(own.getByTestId('invoice-row')).toHaveCount(1);
    await shot(own, 'invoices-phone');
    await context.close();
  });

  test('a suspended customer sees why at login and may unlock once on trust', async ({ page, browser }) => {
    await signIn(page);
    const customer = await createCustomer(page.request, 'Cliente Suspenso', { billingEnable: true, billingTrustUnlock: true, billingTrustUnlockDays: 2 });
    expect((await page.request.post(`/tarkan/billing/customers/${customer.id}/suspend`)).status()).toBe(204);

    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const login = await context.newPage();
    await login.goto('/login');
    await login.getByLabel('Usuário ou e-mail').fill(customer.email);
    await login.getByLabel('Senha').fill(PASSWORD);
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expect(login.getByText('Conta suspensa por falta de pagamento. Você pode usar o desbloqueio de confiança uma vez.')).toBeVisible();
    await shot(login, 'login-suspended-phone');
    await login.getByTestId('trust-unlock').click();
    await expect(login).not.toHaveURL(/\/login/);
    await context.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/billing?customer=${customer.id}`);
    await expect(page.getByTestId('customer-summary').getByTestId('customer-state')).toHaveText('Desbloqueio de confiança');
    await page.getByTestId('billing-unsuspend').click();
    await page.getByTestId('confirm').click();
    await expect(page.getByText('Cliente reativado.')).toBeVisible();
    await expect(page.getByTestId('customer-summary').getByTestId('customer-state')).toHaveText('Em dia');

    // unique per attempt: a retry runs against the same server
    const resellerName = `Revenda Norte ${Date.now() % 100_000}`;
    await page.request.post('/api/users', { data: { name: resellerName, email: `revenda-${Date.now()}@example.com`, password: PASSWORD, userLimit: 10, attributes: { reseller: true, resaleLimit: 20, resellerDomain: `norte${Date.now()}.example.com` } } });
    await page.goto('/reseller');
    const reseller = page.getByTestId('reseller-row').filter({ hasText: resellerName });
    await expect(reseller.getByTestId('reseller-limit')).toHaveText('20');
    await expect(reseller.getByTestId('reseller-customers')).toHaveText('0 / 20');
    await shot(page, 'reseller-desktop');
    await page.goto('/integrations/payment');
    await expect(page.getByTestId('webhook-url')).toHaveValue(/\/tarkan\/billing\/webhook$/);
    await shot(page, 'integrations-payment-desktop');
  });
});
