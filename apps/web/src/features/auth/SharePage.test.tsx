// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selection } from '../../state/selection.ts';
import { sessionUser } from '../../state/session.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeUser } from '../../testing/fixtures.ts';
import SharePage from './SharePage.tsx';

const app = setupComponentTests();

const open = (token = 'tok-123') => app.render(<SharePage />, { path: `/share/${token}`, route: '/share/:token' });

describe('share link page', () => {
  it.each([
    ['Token has expired', 'This shared link has expired.'],
    ['User has expired', 'This shared link has expired.'],
    ['Invalid token', 'This shared link is not valid.'],
    ['Token has been revoked', 'This shared link is not valid.'],
  ])('says so plainly when the server answers "%s", with no password form', async (answer, said) => {
    app.api.on('GET', '/api/session', { status: 401, text: answer });
    await open();

    expect(await screen.findByRole('heading', { name: said })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(sessionUser.get()).toBeNull();
    expect(app.api.received('GET', '/api/session')[0].query.get('token')).toBe('tok-123');
  });

  it('offers a retry when the server does not answer, and signs in when it does', async () => {
    app.api.on('GET', '/api/session', { status: 503, text: 'Service unavailable' });
    const view = await open();
    await screen.findByRole('heading', { name: 'The link cannot be opened right now.' });

    app.api.json('GET', '/api/session', makeUser({ id: 40, attributes: { isShared: true } }));
    app.api.json('GET', '/api/devices', [makeDevice({ id: 12, name: 'Shared truck' })]);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(view.location().pathname).toBe('/devices/12'));
  });

  it('a valid link opens the shared vehicle, selected for the map to fly to', async () => {
    app.api.json('GET', '/api/session', makeUser({ id: 40, attributes: { isShared: true } }));
    // a soft-deleted device is not the one shared
    app.api.json('GET', '/api/devices', [makeDevice({ id: 11, uniqueId: 'deleted-11-1700000000' }), makeDevice({ id: 12, name: 'Shared truck' })]);
    const view = await open();

    await waitFor(() => expect(view.location().pathname).toBe('/devices/12'));
    expect(sessionUser.get()?.id).toBe(40);
    expect(selection.get()).toMatchObject({ deviceId: 12, focus: true });
  });

  it('goes to the map when the link shares no device', async () => {
    app.api.json('GET', '/api/session', makeUser({ id: 40, attributes: { isShared: true } }));
    const view = await open();
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
  });
});
