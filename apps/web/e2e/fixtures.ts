import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';

/** Signs a request context in through the API (the administrator by default); its cookie serves every later request. */
export async function signInRequest(request: APIRequestContext, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  const response = await request.post('/api/session', { form: { email, password } });
  expect(response.status()).toBe(200);
}

/** Signs a page in through the API, without the login form (the administrator by default). */
export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await signInRequest(page.request, email, password);
}
