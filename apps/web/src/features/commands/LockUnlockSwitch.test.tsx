// @vitest-environment jsdom
import type { User } from '@rastro/api';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedCommand } from '../../api/entities.ts';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { entityRow, entityRows, openListbox, selectField } from '../../testing/queries.ts';
import CommandsPage from './CommandsPage.tsx';

/** Spec §3 `enableLockUnlock` on the commands screen: off, no engine stop or resume anywhere in it. */
const app = setupComponentTests();

const stop: SavedCommand = { id: 7, description: 'Cut the engine', type: 'engineStop', textChannel: false, attributes: {} };
const resume: SavedCommand = { id: 8, description: 'Give the engine back', type: 'engineResume', textChannel: false, attributes: {} };
const ping: SavedCommand = { id: 9, description: 'Where are you', type: 'positionSingle', textChannel: false, attributes: {} };

async function renderCommands(lockUnlock: boolean | undefined, user: User = makeUser({ id: 1 })) {
  app.api
    .on('GET', '/api/server', serverReply(lockUnlock === undefined ? {} : { attributes: { 'tarkan.enableLockUnlock': lockUnlock } }))
    .json('GET', '/api/commands', [stop, resume, ping])
    .json('GET', '/api/commands/types', [{ type: 'custom' }, { type: 'engineStop' }, { type: 'engineResume' }, { type: 'positionSingle' }]);
  const view = await app.render(<CommandsPage />, { path: '/commands', user });
  await waitFor(() => expect(entityRows()).toEqual(['Cut the engine', 'Give the engine back', 'Where are you']));
  await view.serverKnown();
  return view;
}

const sendable = () =>
  entityRows().filter((name) => within(entityRow(name).closest('li') as HTMLElement).queryByTestId('command-send') !== null);

async function offeredTypes(view: Awaited<ReturnType<typeof renderCommands>>): Promise<string[]> {
  await view.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByTestId('entity-dialog');
  await waitFor(() => expect(app.api.received('GET', '/api/commands/types').length).toBeGreaterThan(0));
  await view.user.click(selectField(dialog, 'Type'));
  return within(await openListbox()).getAllByRole('option').map((option) => option.textContent ?? '');
}

describe('commands screen and the lock/unlock switch', () => {
  it('on (as a server that never set it): engine stop and resume are offered and sent like any command', async () => {
    const view = await renderCommands(undefined);
    await waitFor(() => expect(sendable()).toEqual(['Cut the engine', 'Give the engine back', 'Where are you']));
    expect(await offeredTypes(view)).toEqual(['Custom', 'Engine stop', 'Engine resume', 'Single position']);
  });

  it('off: saved engine commands cannot be sent and the two types are not offered, to administrators either', async () => {
    const view = await renderCommands(false);
    await waitFor(() => expect(sendable()).toEqual(['Where are you']));
    expect(await offeredTypes(view)).toEqual(['Custom', 'Single position']);
    cleanup();

    await renderCommands(false, makeUser({ id: 2, administrator: true }));
    await waitFor(() => expect(sendable()).toEqual(['Where are you']));
  });
});
