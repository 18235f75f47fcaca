// @vitest-environment jsdom
import type { User } from '@rastro/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../api/geofences.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeUser } from '../../testing/fixtures.ts';
import { choose, entityRow, entityRows, fillFields, noticeText, selectField, textField, toggle } from '../../testing/queries.ts';
import GeofencesPage from './GeofencesPage.tsx';

const app = setupComponentTests();

const depot: Geofence = { id: 1, name: 'Depot', description: 'Main yard', area: 'CIRCLE (-23.55 -46.63, 300)', calendarId: null, attributes: { color: '#00aa00' } };
const route: Geofence = {
  id: 2,
  name: 'Route 9',
  description: null,
  area: 'LINESTRING (-23.5 -46.6, -23.51 -46.61, -23.52 -46.6)',
  calendarId: null,
  attributes: {},
};
const zone: Geofence = {
  id: 3,
  name: 'Zone A',
  description: null,
  area: 'POLYGON ((-23.5 -46.6, -23.5 -46.7, -23.6 -46.7, -23.6 -46.6, -23.5 -46.6))',
  calendarId: null,
  attributes: {},
};
const anchor: Geofence = {
  id: 4,
  name: 'Anchor Van 3',
  description: null,
  area: 'CIRCLE (-23.4 -46.5, 150)',
  calendarId: 0,
  attributes: { isAnchor: true, deviceId: 5 },
};

async function renderGeofences(user: User = makeUser({ id: 1 })) {
  app.api
    .json('GET', '/api/geofences', [depot, route, zone, anchor])
    .json('GET', '/api/devices', [makeDevice({ id: 5, name: 'Van 3' })])
    .json('GET', '/api/calendars', [{ id: 6, name: 'Weekdays', data: '', attributes: {} }]);
  const view = await app.render(<GeofencesPage />, { path: '/geofences', user });
  await waitFor(() => expect(entityRows()).toHaveLength(4));
  await view.serverKnown();
  return view;
}

const editor = () => screen.getByTestId('geofence-editor');
const summary = () => screen.getByTestId('shape-summary').textContent;

describe('geofence form', () => {
  it('lists geofences with their kind and the device of an anchor', async () => {
    await renderGeofences();
    expect(entityRows()).toEqual(['Depot', 'Route 9', 'Zone A', 'Anchor Van 3']);
    expect(within(entityRow('Depot')).getByText('Circle')).toBeTruthy();
    expect(within(entityRow('Route 9')).getByText('Line')).toBeTruthy();
    expect(within(entityRow('Zone A')).getByText('Polygon')).toBeTruthy();
    await waitFor(() => expect(within(entityRow('Anchor Van 3')).getByText('Anchor: Van 3')).toBeTruthy());
  });

  it('measures the area being edited', async () => {
    const view = await renderGeofences();
    await view.user.click(entityRow('Depot'));
    expect(screen.getByText('Edit geofence')).toBeTruthy();
    // π × 0.3² km²
    expect(summary()).toBe('Circle with a 300 m radius · 0.28 km²');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));

    await view.user.click(entityRow('Route 9'));
    expect(summary()).toBe('Line with 3 points');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));

    await view.user.click(entityRow('Zone A'));
    // 0.1° × 0.1° around 23.55° S: 11.13 km north–south × 10.20 km east–west
    expect(summary()).toBe('Polygon with 4 points · 113.60 km²');
  });

  it('a new geofence needs a name and then an area before anything is sent', async () => {
    const view = await renderGeofences();
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('New geofence')).toBeTruthy();
    expect(summary()).toBe('No area drawn');
    // drawing happens on the map, which is not there
    expect(screen.getByTestId<HTMLButtonElement>('draw-circle').disabled).toBe(true);

    await view.user.click(screen.getByTestId('entity-save'));
    expect((await screen.findByTestId('entity-error')).textContent).toBe('Field name is required.');
    expect(within(editor()).getByText('Field name is required.', { selector: 'p' })).toBeTruthy();

    await view.fill(textField(editor(), 'Name'), 'New yard');
    await view.user.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(screen.getByTestId('entity-error').textContent).toBe('Draw the geofence area on the map.'));
    expect(app.api.received('POST', '/api/geofences')).toHaveLength(0);
  });

  it('saves the form with the area, the speed limit in knots and the calendar', async () => {
    const view = await renderGeofences();
    app.api.on('PUT', '/api/geofences/1', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Depot'));
    expect(textField(editor(), 'Description').value).toBe('Main yard');

    await fillFields(view, editor(), { Name: 'Depot north', 'Speed limit (km/h)': '40' });
    await choose(view, selectField(editor(), 'Calendar'), 'Weekdays');
    await view.user.click(toggle(editor(), 'Lock the vehicle on exit'));
    await view.user.click(screen.getByTestId('entity-save'));

    // back to the list once saved
    await waitFor(() => expect(screen.queryByTestId('geofence-editor')).toBeNull());
    const body = app.api.received('PUT', '/api/geofences/1')[0].json<Geofence>();
    expect(body).toMatchObject({ id: 1, name: 'Depot north', description: 'Main yard', calendarId: 6 });
    expect(body.area).toMatch(/^CIRCLE \(-23\.55 -46\.63, 300(\.0+)?\)$/);
    expect(body.attributes).toMatchObject({ color: '#00aa00', lockOnExit: true });
    // 40 km/h on the screen is 40 / 1.852 knots on the wire
    expect(body.attributes.speedLimit).toBeCloseTo(21.598, 3);
  });

  it('saves the colour the form shows: the default for a geofence without one, else the one picked', async () => {
    const view = await renderGeofences();
    app.api.on('PUT', '/api/geofences/2', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Route 9'));
    const colour = () => within(editor()).getByLabelText<HTMLInputElement>('Colour');
    expect(colour().value).toBe('#1976d2');
    await view.user.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(app.api.received('PUT', '/api/geofences/2')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/geofences/2')[0].json<Geofence>().attributes.color).toBe('#1976d2');
    // the save says so
    expect(await noticeText()).toBe('Saved');

    await waitFor(() => expect(screen.queryByTestId('geofence-editor')).toBeNull());
    await view.user.click(entityRow('Route 9'));
    fireEvent.input(colour(), { target: { value: '#e53935' } });
    await view.user.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(app.api.received('PUT', '/api/geofences/2')).toHaveLength(2));
    expect(app.api.received('PUT', '/api/geofences/2')[1].json<Geofence>().attributes.color).toBe('#e53935');
  });

  it("shows the server's refusal and stays in the form", async () => {
    const view = await renderGeofences();
    app.api.on('PUT', '/api/geofences/1', { status: 400, text: 'Write access denied' });
    await view.user.click(entityRow('Depot'));
    await view.user.click(screen.getByTestId('entity-save'));

    expect((await screen.findByTestId('entity-error')).textContent).toBe('ACCESS DENIED');
    expect(screen.getByTestId('geofence-editor')).toBeTruthy();
  });

  it('a read-only user sees the form without a way to save or draw', async () => {
    const view = await renderGeofences(makeUser({ id: 1, readonly: true }));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    await view.user.click(entityRow('Depot'));

    expect(textField(editor(), 'Name').disabled).toBe(true);
    expect(screen.queryByTestId('entity-save')).toBeNull();
    expect(screen.queryByTestId('draw-circle')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(entityRows()).toHaveLength(4));
  });

  it('deletes a geofence after confirmation', async () => {
    const view = await renderGeofences();
    app.api.on('DELETE', '/api/geofences/2', { status: 204 });
    await view.user.click(within(entityRow('Route 9').closest('li') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Delete?' })).getByRole('button', { name: 'Delete' }));

    expect(await noticeText()).toBe('Deleted');
    expect(app.api.received('DELETE', '/api/geofences/2')).toHaveLength(1);
  });
});
