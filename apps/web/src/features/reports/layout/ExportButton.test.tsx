// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeUser } from '../../../testing/fixtures.ts';
import { ExportButton } from './ExportButton.tsx';

const app = setupComponentTests();
const user = makeUser({ id: 1, attributes: { timezone: 'America/Sao_Paulo' } });
const params = { deviceIds: [1], groupIds: [], from: '2026-11-20T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The files the page handed to the browser to save (jsdom neither makes blob URLs nor downloads). */
let saved: string[] = [];
const keepDownload = (event: MouseEvent) => {
  if (event.target instanceof HTMLAnchorElement && event.target.download) {
    saved.push(event.target.download);
    event.preventDefault();
  }
};

beforeEach(() => {
  saved = [];
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  document.addEventListener('click', keepDownload);
});
afterEach(() => document.removeEventListener('click', keepDownload));

describe('ExportButton', () => {
  it('asks once and saves one file when double-clicked', async () => {
    app.api.on('GET', '/api/reports/trips', { text: 'xlsx bytes', headers: { 'content-type': XLSX }, delayMs: 150 });
    const view = await app.render(<ExportButton kind="trips" params={params} />, { user });
    await view.user.dblClick(screen.getByTestId('report-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/\.xlsx$/);
    expect(app.api.received('GET', '/api/reports/trips')).toHaveLength(1);
    expect(app.api.received('GET', '/api/reports/trips')[0].headers.accept).toBe(XLSX);
  });

  it('cancels a running export when pressed again, and saves nothing', async () => {
    app.api.on('GET', '/api/reports/trips', { text: 'xlsx bytes', headers: { 'content-type': XLSX }, delayMs: 2_000 });
    const view = await app.render(<ExportButton kind="trips" params={params} />, { user });
    await view.user.click(screen.getByTestId('report-export'));
    await screen.findByRole('button', { name: 'Cancel the export' });
    await view.user.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export spreadsheet' })).toBeTruthy());
    await waitFor(() => expect(app.api.received('GET', '/api/reports/trips')[0].abandoned()).toBe(true));
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
