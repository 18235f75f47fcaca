// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import DevicePage from '../DevicePage.tsx';

/** Deleting a device says what will happen: for good, or hidden and restorable (spec §3 lazy deletion). */
const app = setupComponentTests();
const van = makeDevice({ id: 5, name: 'Van 3', uniqueId: '111222' });

async function askDelete(lazy: boolean) {
  app.api.on('GET', '/api/server', serverReply(lazy ? { attributes: { 'tarkan.lazyDeletion': true } } : {}));
  const view = await app.render(<DevicePage />, {
    path: '/devices/5', route: '/devices/:deviceId', user: makeUser({ id: 1 }), live: { devices: [van], positions: [makePosition({ deviceId: 5 })] },
  });
  await view.serverKnown();
  await view.user.click(await screen.findByTestId('action-delete'));
  return { view, dialog: await screen.findByRole('dialog', { name: 'Delete device' }) };
}

describe('the delete confirmation', () => {
  it('warns that nothing comes back while lazy deletion is off', async () => {
    const { dialog } = await askDelete(false);
    expect(dialog.textContent).toContain('cannot be undone');
  });

  it('says an administrator can restore the device while it is on', async () => {
    const { view, dialog } = await askDelete(true);
    expect(dialog.textContent).toContain('Delete Van 3? It disappears from every list, but its history is kept and an administrator can restore it.');
    app.api.on('DELETE', '/api/devices/5', { status: 204 });
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.api.received('DELETE', '/api/devices/5')).toHaveLength(1));
  });
});
