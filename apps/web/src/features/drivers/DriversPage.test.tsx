// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Driver } from '../../api/entities.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { storedWithId } from '../../testing/apiServer.ts';
import { entityDialog, entityRow, entityRows, fillFields, noticeText, saveEntity, textField, toggle } from '../../testing/queries.ts';
import DriversPage from './DriversPage.tsx';

/** The generic management list and edit dialog, on the drivers page. */
const app = setupComponentTests();

const drivers: Driver[] = [
  { id: 1, name: 'Joana Prado', uniqueId: 'RFID-001', attributes: {} },
  { id: 2, name: 'Marcos Teles', uniqueId: 'RFID-002', attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'marcos' } },
  { id: 3, name: 'João Neves', uniqueId: 'RFID-003', attributes: {} },
];

async function renderDrivers(user = makeUser({ id: 1 })) {
  app.api.json('GET', '/api/drivers', drivers);
  const view = await app.render(<DriversPage />, { path: '/drivers', user });
  await waitFor(() => expect(entityRows()).toHaveLength(3));
  await view.serverKnown();
  return view;
}

describe('entity list page (drivers)', () => {
  it('search narrows the list by name, whatever the case, and says when nothing matches', async () => {
    const view = await renderDrivers();
    const search = screen.getByRole('textbox', { name: 'Search' });

    await view.user.type(search, 'JO');
    expect(entityRows()).toEqual(['Joana Prado', 'João Neves']);
    await view.fill(search, 'zz');
    expect(entityRows()).toEqual([]);
    expect(screen.getByTestId('entity-empty').textContent).toBe('No data available');
  });

  it('shows why the list could not be read', async () => {
    app.api.on('GET', '/api/drivers', { status: 403, text: 'Write access denied' });
    await app.render(<DriversPage />, { path: '/drivers', user: makeUser({ id: 1 }) });
    expect(await screen.findByText('ACCESS DENIED')).toBeTruthy();
    expect(entityRows()).toEqual([]);
  });

  it('a new QR driver needs a username of four characters and a password', async () => {
    const view = await renderDrivers();
    app.api.on('POST', '/api/drivers', storedWithId(9));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await fillFields(view, entityDialog(), { Name: 'Rita Alves', Identifier: 'RFID-009' });
    expect(within(entityDialog()).queryByLabelText(/^Username/)).toBeNull();

    await view.user.click(toggle(entityDialog(), 'Enable QR code check-in'));
    await view.fill(textField(entityDialog(), 'Username'), 'rit');
    await saveEntity(view);
    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe('Please check your form data.');
    expect(within(entityDialog()).getByText('At least 4 characters')).toBeTruthy();
    expect(within(entityDialog()).getByText('Required field')).toBeTruthy();
    expect(app.api.received('POST', '/api/drivers')).toHaveLength(0);

    await fillFields(view, entityDialog(), { Username: 'rita', Password: 's3nha', 'Consumption (litres/100 km)': '11.5' });
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('POST', '/api/drivers')[0].json()).toEqual({
      name: 'Rita Alves',
      uniqueId: 'RFID-009',
      attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'rita', 'tarkan.qrPassword': 's3nha', litersx100km: 11.5 },
    });
  });

  it('editing a QR driver may leave the password empty to keep it', async () => {
    const view = await renderDrivers();
    app.api.on('PUT', '/api/drivers/2', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Marcos Teles'));
    expect(within(entityDialog()).getByText('Leave empty to keep the current password.')).toBeTruthy();
    await view.user.click(toggle(entityDialog(), 'Automatic check-out'));
    // turning automatic check-out on asks for its timeout
    await saveEntity(view);
    expect(await within(entityDialog()).findByTestId('entity-error')).toBeTruthy();
    await view.fill(textField(entityDialog(), 'Automatic check-out after (minutes)'), '30');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/drivers/2')).toHaveLength(1);
    expect(app.api.received('PUT', '/api/drivers/2')[0].json()).toEqual({
      id: 2,
      name: 'Marcos Teles',
      uniqueId: 'RFID-002',
      attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'marcos', 'tarkan.qrAutoLogout': true, 'tarkan.qrAutoLogoutTimeout': 30 },
    });
  });

  it("a failed deletion says why and keeps the row", async () => {
    const view = await renderDrivers();
    app.api.on('DELETE', '/api/drivers/3', { status: 400, text: 'Write access denied' });
    await view.user.click(within(entityRow('João Neves').closest('li') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Delete?' })).getByRole('button', { name: 'Delete' }));

    expect(await noticeText()).toBe('ACCESS DENIED');
    expect(entityRows()).toContain('João Neves');
  });

  it('a read-only user may open a driver but not add, save or delete', async () => {
    const view = await renderDrivers(makeUser({ id: 1, readonly: true }));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(0);
    await view.user.click(entityRow('Joana Prado'));

    expect(textField(entityDialog(), 'Name').disabled).toBe(true);
    expect(within(entityDialog()).queryByTestId('entity-save')).toBeNull();
  });
});
