// @vitest-environment jsdom
import type { Device } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makeGroup, makePosition, makeUser } from '../../../testing/fixtures.ts';
import { saveNewDevice } from '../../../testing/deviceEditor.ts';
import { choose, fillFields, noticeText, selectField, textField } from '../../../testing/queries.ts';
import { DeviceEditor } from './DeviceEditor.tsx';

const app = setupComponentTests();

const manager = makeUser({ id: 1, name: 'Manager' });
const groups = [makeGroup({ id: 2, name: 'Trucks' }), makeGroup({ id: 3, name: 'Vans' })];

function editor() {
  return screen.getByTestId('device-editor');
}

/** A text field of the editor by its label (label queries: role queries over thirty fields cost seconds in jsdom). */
const field = (label: string) => textField(editor(), label);
const select = (label: string) => selectField(editor(), label);

describe('device editor', () => {
  it('creates a device with its columns, group, category and attributes', async () => {
    app.api
      .json('GET', '/api/groups', groups)
      .on('POST', '/api/devices', (request) => ({ json: { ...makeDevice({ id: 40 }), ...request.json<Partial<Device>>() } }));
    const onClose = vi.fn<(saved?: Device) => void>();
    const view = await app.render(<DeviceEditor device={null} onClose={onClose} />, { user: manager });

    expect(within(editor()).getByText('New device', { selector: 'h2' })).toBeTruthy();
    await fillFields(view, editor(), { Name: ' Truck 12 ', 'Identifier (IMEI)': '865432109876543' });
    await choose(view, select('Group'), 'Trucks');
    await choose(view, select('Category (icon)'), 'Truck');
    await fillFields(view, editor(), { Plate: 'ABC1D23', 'Phone (SIM)': '+5511999990000', 'Start odometer': '1500,5', 'Fuel price': '6.29' });
    await view.user.click(within(editor()).getByTestId('save-device'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // the dialog has gone; the notice says the device was saved
    expect(await noticeText()).toBe('Saved');
    const [post] = app.api.received('POST', '/api/devices');
    expect(post.json()).toEqual({
      name: 'Truck 12',
      uniqueId: '865432109876543',
      groupId: 2,
      phone: '+5511999990000',
      model: null,
      contact: null,
      category: 'truck',
      // typed in km (comma decimal), stored in metres
      attributes: { plate: 'ABC1D23', startOdometer: 1_500_500, fuelPrice: 6.29 },
    });
    // a new device has no position, so no accumulators to reset yet
    expect(app.api.requests.filter((request) => request.path.endsWith('/accumulators'))).toHaveLength(0);
    expect(onClose.mock.calls[0][0]).toMatchObject({ id: 40, name: 'Truck 12' });
  });

  it('requires a name and an identifier and refuses numbers that are not numbers', async () => {
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={null} onClose={onClose} />, { user: manager });

    await view.fill(field('Maximum speed'), 'fast');
    await view.user.click(within(editor()).getByTestId('save-device'));

    expect(within(editor()).getByText('Please enter a name for the device')).toBeTruthy();
    expect(within(editor()).getByText('Please enter the device identifier')).toBeTruthy();
    expect(within(editor()).getByText('Enter a number')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(app.api.received('POST', '/api/devices')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a device: shows its values, keeps what it does not show and sends the whole device', async () => {
    const device = makeDevice({
      id: 5,
      name: 'Van 3',
      uniqueId: '111222',
      groupId: 3,
      calendarId: 8,
      disabled: true,
      expirationTime: '2030-01-01T00:00:00.000+00:00',
      category: 'van',
      attributes: { odometer: 12_345_000, 'tarkan.color': '#ff0000', speedLimit: 43.2, driver: 'Rui' },
    });
    app.api.json('GET', '/api/groups', groups).on('PUT', '/api/devices/5', (request) => ({ json: request.json() }));
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={device} onClose={onClose} />, { user: manager });

    expect(within(editor()).getByText('Edit device', { selector: 'h2' })).toBeTruthy();
    expect(field('Name').value).toBe('Van 3');
    // the odometer is the latest position's: without one there is nothing to reset (an old odometer attribute stays as it was)
    expect(field('Odometer').disabled).toBe(true);
    expect(field('Vehicle colour').value).toBe('#ff0000');
    expect(field('Driver').value).toBe('Rui');
    await waitFor(() => expect(select('Group').textContent).toBe('Vans'));

    await fillFields(view, editor(), { Name: 'Van 3 (reserve)', Driver: '' });
    await view.user.click(within(editor()).getByTestId('save-device'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/5')[0].json()).toEqual({
      id: 5,
      // what the editor does not show travels back unchanged
      disabled: true,
      calendarId: 8,
      expirationTime: '2030-01-01T00:00:00.000+00:00',
      name: 'Van 3 (reserve)',
      uniqueId: '111222',
      groupId: 3,
      phone: null,
      model: null,
      contact: null,
      category: 'van',
      // a cleared field is removed, an attribute the editor does not know is kept
      attributes: { odometer: 12_345_000, 'tarkan.color': '#ff0000', speedLimit: 43.2 },
    });
  });

  it('shows and saves distances in miles for a user who chose miles', async () => {
    const device = makeDevice({ id: 6, name: 'Car', attributes: { startOdometer: 160_934 } });
    app.api.on('PUT', '/api/devices/6', (request) => ({ json: request.json() }));
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={device} onClose={onClose} />, {
      user: makeUser({ id: 1, attributes: { distanceUnit: 'mi' } }),
    });

    expect(field('Start odometer').value).toBe('100');
    expect(within(editor()).getAllByText('mi').length).toBeGreaterThan(0);
    await view.fill(field('Start odometer'), '200');
    await view.user.click(within(editor()).getByTestId('save-device'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/6')[0].json<Device>().attributes.startOdometer).toBe(321_869);
  });

  it('resets odometer and engine hours through PUT /api/devices/{id}/accumulators, not as attributes', async () => {
    const device = makeDevice({ id: 6, name: 'Car', attributes: { plate: 'XYZ9A87' } });
    const position = makePosition({ deviceId: 6, attributes: { totalDistance: 12_345_000, hours: 36_000_000 } });
    app.api
      .on('PUT', '/api/devices/6', (request) => ({ json: request.json() }))
      .on('PUT', '/api/devices/6/accumulators', { status: 204 });
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={device} onClose={onClose} />, { user: manager, live: { devices: [device], positions: [position] } });

    expect(field('Odometer').value).toBe('12345');
    expect(field('Engine hours').value).toBe('10');
    await fillFields(view, editor(), { Odometer: '20000,5', 'Engine hours': '12.5' });
    await view.user.click(within(editor()).getByTestId('save-device'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/6')[0].json<Device>().attributes).toEqual({ plate: 'XYZ9A87' });
    expect(app.api.received('PUT', '/api/devices/6/accumulators').map((request) => request.json())).toEqual([
      { deviceId: 6, totalDistance: 20_000_500, hours: 45_000_000 },
    ]);
  });

  it('edits the other attributes with the shared attributes editor, refusing a name that has its own field', async () => {
    const device = makeDevice({ id: 7, name: 'Bus', attributes: { plate: 'BUS1A23', speedLimit: 43.2 } });
    app.api.on('PUT', '/api/devices/7', (request) => ({ json: request.json() }));
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={device} onClose={onClose} />, { user: manager });
    const attributes = within(editor()).getByTestId('attributes-editor');

    // plate has its own field: only speedLimit is among the other attributes
    expect(within(attributes).getAllByTestId('attribute-row')).toHaveLength(1);
    await view.fill(textField(attributes, 'Value 1'), '50');
    await view.user.click(within(attributes).getByTestId('attribute-add'));
    await view.fill(textField(attributes, 'Attribute 2'), 'plate');
    expect(within(attributes).getByText('plate has its own field in this form')).toBeTruthy();
    await view.user.click(within(editor()).getByTestId('save-device'));
    expect((await within(editor()).findByTestId('editor-error')).textContent).toBe('plate has its own field in this form');
    expect(app.api.received('PUT', '/api/devices/7')).toHaveLength(0);

    await fillFields(view, attributes, { 'Attribute 2': 'fuelDropThreshold', 'Value 2': '5' });
    await view.user.click(within(editor()).getByTestId('save-device'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/7')[0].json<Device>().attributes).toEqual({ speedLimit: 50, fuelDropThreshold: '5', plate: 'BUS1A23' });
  });

  it('sends no accumulators when they are left as they were, and shows a refused reset', async () => {
    const device = makeDevice({ id: 6, name: 'Car' });
    const position = makePosition({ deviceId: 6, attributes: { totalDistance: 1_000, hours: 0 } });
    app.api
      .on('PUT', '/api/devices/6', (request) => ({ json: request.json() }))
      .on('PUT', '/api/devices/6/accumulators', { status: 400, text: 'Write access denied' });
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={device} onClose={onClose} />, { user: manager, live: { devices: [device], positions: [position] } });

    await view.user.click(within(editor()).getByTestId('save-device'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(app.api.received('PUT', '/api/devices/6/accumulators')).toHaveLength(0);

    onClose.mockClear();
    await view.fill(field('Odometer'), '2');
    await view.user.click(within(editor()).getByTestId('save-device'));
    expect(await within(editor()).findByTestId('editor-error')).toBeTruthy();
    expect(app.api.received('PUT', '/api/devices/6/accumulators')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("stops at the user's device limit before asking the server", async () => {
    app.api.on('GET', '/api/server', serverReply());
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={null} onClose={onClose} />, {
      user: makeUser({ id: 1, deviceLimit: 2 }),
      live: { devices: [makeDevice({ id: 1 }), makeDevice({ id: 2 })] },
    });
    await view.serverKnown();

    await saveNewDevice(view, editor(), 'Third', '333');

    expect(within(editor()).getByTestId('editor-error').textContent).toBe('Vehicle registration limit exceeded.');
    expect(app.api.received('POST', '/api/devices')).toHaveLength(0);
  });

  it("the licence's device limit binds administrators too", async () => {
    app.api.on('GET', '/api/server', serverReply({}, { licenseMode: 'plus', deviceLimit: 1 }));
    const view = await app.render(<DeviceEditor device={null} onClose={vi.fn()} />, {
      user: makeUser({ id: 1, administrator: true }),
      live: { devices: [makeDevice({ id: 1 })] },
    });
    await view.serverKnown();

    await saveNewDevice(view, editor(), 'Second', '222');

    expect(within(editor()).getByTestId('editor-error').textContent).toBe('Vehicle registration limit exceeded.');
    expect(app.api.received('POST', '/api/devices')).toHaveLength(0);
  });

  it("shows the server's refusal in the catalog's words and stays open", async () => {
    app.api.on('POST', '/api/devices', { status: 400, text: 'Device identifier already in use' });
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={null} onClose={onClose} />, { user: manager });

    await fillFields(view, editor(), { Name: 'Dup', 'Identifier (IMEI)': '111222' });
    // Enter in a field saves, as the form's submit
    await view.user.type(field('Identifier (IMEI)'), '{Enter}');

    expect((await within(editor()).findByTestId('editor-error')).textContent).toBe('A device with this identifier already exists.');
    expect(app.api.received('POST', '/api/devices')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(editor()).getByTestId('save-device')).toHaveProperty('disabled', false);
  });

  it('previews the marker through the colour filter and saves the colours and adjustments', async () => {
    app.api.on('PUT', '/api/devices/8', (request) => ({ json: request.json() }));
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={makeDevice({ id: 8, name: 'Bus' })} onClose={onClose} />, { user: manager });
    const preview = within(editor()).getByTestId('marker-preview');
    // the theme's default marker colour until one is typed
    expect(getComputedStyle(preview).backgroundColor).toBe('rgb(29, 78, 137)');

    await view.fill(field('Vehicle colour'), '#ff0000');
    expect(getComputedStyle(preview).backgroundColor).toBe('rgb(255, 0, 0)');
    // saturation to zero by keyboard: red seen in grey (CSS saturate(0): 0.213 × 255 per channel)
    within(editor()).getByLabelText('Saturation', { selector: 'input[type="range"]' }).focus();
    await view.user.keyboard('{Home}');
    expect(within(editor()).getByText('Saturation: 0')).toBeTruthy();
    expect(getComputedStyle(preview).backgroundColor).toBe('rgb(54, 54, 54)');

    await view.user.click(within(editor()).getByTestId('save-device'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.received('PUT', '/api/devices/8')[0].json<Device>().attributes).toEqual({ 'tarkan.color': '#ff0000', saturate: 0 });
  });

  it('cancel closes without a request', async () => {
    const onClose = vi.fn();
    const view = await app.render(<DeviceEditor device={makeDevice({ id: 5 })} onClose={onClose} />, { user: manager });
    await view.fill(field('Name'), 'changed');
    await view.user.click(within(editor()).getByText('Cancel', { selector: 'button' }));

    expect(onClose).toHaveBeenCalledWith();
    expect(app.api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });
});
