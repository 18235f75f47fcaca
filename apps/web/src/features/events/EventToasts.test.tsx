// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Attributes, Event } from '@rastro/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveStore } from '../../api/liveStore.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice } from '../../testing/fixtures.ts';
import { EventToasts } from './EventToasts.tsx';

const app = setupComponentTests();

const truck = makeDevice({ id: 7, name: 'Caminhão 7' });

function event(type: string, attributes: Attributes = {}): Event {
  return { id: 1, type, eventTime: '2026-11-25T12:00:00.000+00:00', deviceId: truck.id, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes };
}

/** The page with the rules loaded; then the clock is the test's, so 7 s pass in an instant. */
async function showToasts(rules: unknown[]) {
  app.api.json('GET', '/api/notifications', rules);
  const view = await app.render(<EventToasts />, { live: { devices: [truck] } });
  await waitFor(() => expect(app.api.received('GET', '/api/notifications')).toHaveLength(1));
  // the rules' answer reaches the query before the first event arrives
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  return view;
}

function arrive(...events: Event[]) {
  act(() => {
    liveStore.push({ events });
    vi.advanceTimersByTime(20);
  });
}

describe('event toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a toast lasts 7 s (spec §9) in the corner and colour its rule gives', async () => {
    await showToasts([{ id: 1, type: 'ignitionOn', notificators: 'web', always: true, attributes: { 'tarkan.color': 'green', 'tarkan.position': 'bottom-right', 'tarkan.sound': 'none' } }]);
    arrive(event('ignitionOn'));
    const toast = within(screen.getByTestId('toasts-bottom-right')).getByTestId('event-toast');
    expect(toast.textContent).toContain('Caminhão 7');
    expect(getComputedStyle(toast).backgroundColor).toBe('rgb(46, 125, 50)');
    expect(screen.queryByTestId('toasts-top-right')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(6900);
    });
    expect(screen.getByTestId('event-toast')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('event-toast')).toBeNull();
  });

  it('a pinned toast stays past the 7 s until it is closed', async () => {
    await showToasts([{ id: 1, type: 'test', notificators: 'web', always: true, attributes: { 'tarkan.pin': true, 'tarkan.position': 'top-left', 'tarkan.sound': 'none' } }]);
    arrive(event('test'));
    const toast = within(screen.getByTestId('toasts-top-left')).getByTestId('event-toast');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(toast.isConnected).toBe(true);
    vi.useRealTimers();
    act(() => {
      toast.querySelector('button')!.click();
    });
    expect(screen.queryByTestId('event-toast')).toBeNull();
  });

  it('shows at most the four latest toasts', async () => {
    await showToasts([{ id: 1, type: 'deviceOverspeed', notificators: 'web', always: true, attributes: { 'tarkan.sound': 'none' } }]);
    arrive(...[1, 2, 3, 4, 5, 6].map((n) => ({ ...event('deviceOverspeed', { speed: n * 10, speedLimit: 5 }), id: n })));
    expect(screen.getAllByTestId('event-toast')).toHaveLength(4);
  });
});
