// @vitest-environment jsdom
import type { Group } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeGroup, makeUser } from '../../testing/fixtures.ts';
import { storedWithId } from '../../testing/apiServer.ts';
import { choose, entityDialog, entityRow, entityRows, saveEntity, selectField } from '../../testing/queries.ts';
import GroupsPage from './GroupsPage.tsx';

const app = setupComponentTests();

const trucks = makeGroup({ id: 2, name: 'Trucks', attributes: { speedLimit: 43.2, 'processing.copyAttributes': 'driver', tags: ['a', 'b'] } });

async function renderGroups() {
  app.api.json('GET', '/api/groups', [trucks]);
  const view = await app.render(<GroupsPage />, { path: '/groups', user: makeUser({ id: 1 }) });
  await waitFor(() => expect(entityRows()).toEqual(['Trucks']));
  return view;
}

const input = (label: string) => within(entityDialog()).getByLabelText<HTMLInputElement>(label, { selector: 'input' });

describe('group editor: attributes (spec §3)', () => {
  it("shows the group's attributes, and saves them edited, added and removed", async () => {
    app.api.on('PUT', '/api/groups/2', (request) => ({ json: request.json() }));
    const view = await renderGroups();
    await view.user.click(entityRow('Trucks'));

    expect(within(entityDialog()).getAllByTestId('attribute-row')).toHaveLength(3);
    expect([input('Attribute 1').value, input('Value 1').value]).toEqual(['speedLimit', '43.2']);
    expect([input('Attribute 2').value, input('Value 2').value]).toEqual(['processing.copyAttributes', 'driver']);
    // a list is shown and kept, not edited
    expect(input('Value 3').disabled).toBe(true);

    await view.fill(input('Value 1'), '50,5');
    await view.user.click(within(entityDialog()).getByRole('button', { name: 'Remove processing.copyAttributes' }));
    await view.user.click(within(entityDialog()).getByTestId('attribute-add'));
    await view.fill(input('Attribute 3'), 'report.ignoreOdometer');
    await choose(view, selectField(within(entityDialog()).getAllByTestId('attribute-row')[2], 'Type'), 'Yes/no');
    await view.user.click(input('Value 3'));
    await saveEntity(view);

    await waitFor(() => expect(app.api.received('PUT', '/api/groups/2')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/groups/2')[0].json<Group>()).toEqual({
      id: 2, name: 'Trucks', groupId: null, attributes: { speedLimit: 50.5, tags: ['a', 'b'], 'report.ignoreOdometer': true },
    });
  });

  it('refuses a number that is not one, and a name used twice, and saves nothing', async () => {
    const view = await renderGroups();
    await view.user.click(entityRow('Trucks'));

    await view.fill(input('Value 1'), 'fast');
    expect(within(entityDialog()).getByText('Enter a number')).toBeTruthy();
    await saveEntity(view);
    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe('Enter a number');

    await view.fill(input('Value 1'), '60');
    await view.fill(input('Attribute 2'), 'speedLimit');
    expect(within(entityDialog()).getAllByText('The attribute speedLimit appears more than once')).toHaveLength(2);
    await saveEntity(view);
    await waitFor(() => expect(within(entityDialog()).getByTestId('entity-error').textContent).toBe('The attribute speedLimit appears more than once'));
    expect(app.api.received('PUT', '/api/groups/2')).toHaveLength(0);
  });

  it('a new group is created with the attributes added', async () => {
    app.api.on('POST', '/api/groups', storedWithId(9));
    const view = await renderGroups();
    await view.user.click(screen.getByTestId('entity-add'));
    await view.fill(within(entityDialog()).getByLabelText<HTMLInputElement>(/^Name/, { selector: 'input' }), 'Vans');
    expect(within(entityDialog()).getByText('No attributes.')).toBeTruthy();
    await view.user.click(within(entityDialog()).getByTestId('attribute-add'));
    await view.fill(input('Attribute 1'), 'speedLimit');
    await choose(view, selectField(within(entityDialog()).getByTestId('attribute-row'), 'Type'), 'Number');
    await view.fill(input('Value 1'), '32.4');
    await saveEntity(view);

    await waitFor(() => expect(app.api.received('POST', '/api/groups')).toHaveLength(1));
    expect(app.api.received('POST', '/api/groups')[0].json<Group>()).toMatchObject({ name: 'Vans', attributes: { speedLimit: 32.4 } });
  });
});
