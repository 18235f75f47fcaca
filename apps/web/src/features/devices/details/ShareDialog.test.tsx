// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeUser } from '../../../testing/fixtures.ts';
import { expectNotice, expectSentOnce } from '../../../testing/saves.ts';
import { ShareDialog } from './ShareDialog.tsx';

/** A temporary link to one device (spec §2): created once, said so, or the refusal told with the dialog still open. */
const app = setupComponentTests();
const truck = makeDevice({ id: 5, name: 'Truck 5' });
const owner = makeUser({ id: 1 });

describe('share dialog', () => {
  it('creates one link on a double click, shows it and says so', async () => {
    app.api.on('POST', '/api/share/device', { text: 'tok3n', delayMs: 200 });
    const view = await app.render(<ShareDialog device={truck} onClose={() => {}} />, { user: owner });
    expect((await expectSentOnce(view, app.api, screen.getByTestId('create-share'), 'POST', '/api/share/device')).form().deviceId).toBe('5');
    const link = within(await screen.findByTestId('share-link')).getByRole<HTMLInputElement>('textbox');
    expect(link.value).toBe(`${window.location.origin}/share/tok3n`);
    await expectNotice('Access link created.');
  });

  it("tells the server's refusal in words and stays open to try again", async () => {
    app.api.on('POST', '/api/share/device', { status: 400, text: 'Write access denied' });
    const view = await app.render(<ShareDialog device={truck} onClose={() => {}} />, { user: owner });
    await view.user.click(screen.getByTestId('create-share'));
    expect((await screen.findByTestId('share-error')).textContent).toBe('ACCESS DENIED');
    expect(screen.getByTestId('share-dialog')).toBeTruthy();
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('create-share').disabled).toBe(false);
  });

  it('says plainly when the server has no share links', async () => {
    app.api.on('POST', '/api/share/device', { status: 404, text: 'Not found' });
    const view = await app.render(<ShareDialog device={truck} onClose={() => {}} />, { user: owner });
    await view.user.click(screen.getByTestId('create-share'));
    expect((await screen.findByTestId('share-error')).textContent).toBe('This server does not offer share links yet.');
  });
});
