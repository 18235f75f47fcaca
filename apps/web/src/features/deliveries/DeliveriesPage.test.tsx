// @vitest-environment jsdom
import { DELIVERY_STATUSES, NOTIFICATORS, type DeliveryPage, type NotificationDelivery } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { missingKeys } from '../../testing/catalogs.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { choose, selectField } from '../../testing/queries.ts';
import DeliveriesPage from './DeliveriesPage.tsx';
import enUS from './i18n/en-US.json';
import es from './i18n/es.json';
import ptBR from './i18n/pt-BR.json';

const app = setupComponentTests();

const entry = (overrides: Partial<NotificationDelivery> & Pick<NotificationDelivery, 'id'>): NotificationDelivery => ({
  time: '2026-11-20T12:00:00.000Z', updatedTime: '2026-11-20T12:00:00.000Z', userId: 2, userName: 'Bia Costa', channel: 'telegram',
  eventType: 'alarm', eventId: 9, deviceId: 3, deviceName: 'Truck 9', recipient: '987654', status: 'sent', reason: null, attempts: 1, ...overrides,
});

describe('the delivery log screen', () => {
  it('names every channel and status in the three languages', () => {
    const keys = [...NOTIFICATORS.map((n) => `deliveries.channels.${n}`), ...DELIVERY_STATUSES.map((s) => `deliveries.statuses.${s}`)];
    expect(missingKeys(keys, [ptBR, enUS, es])).toEqual([]);
  });

  it('lists the deliveries with their status and reason, and filters them on the server', async () => {
    const page: DeliveryPage = {
      total: 2,
      items: [
        entry({ id: 2, channel: 'whatsapp', recipient: '+5511955556666', status: 'failed', reason: 'gateway answered 502: Bad Gateway', attempts: 3 }),
        entry({ id: 1 }),
      ],
    };
    app.api
      .json('GET', '/api/users', [makeUser({ id: 2, name: 'Bia Costa' })])
      .on('GET', '/tarkan/deliveries', (request) => ({ json: request.query.get('channel') === 'telegram' ? { total: 1, items: [page.items[1]] } : page }));
    const view = await app.render(<DeliveriesPage />, { path: '/deliveries', user: makeUser({ id: 1, administrator: true }) });

    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('WhatsApp')).toBeTruthy();
    expect(within(rows[0]).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]).getByText('gateway answered 502: Bad Gateway')).toBeTruthy();
    expect(within(rows[0]).getByText('3 attempts')).toBeTruthy();
    expect(within(rows[1]).getByText('Sent')).toBeTruthy();
    expect(within(rows[1]).getByText('Truck 9')).toBeTruthy();
    const first = app.api.received('GET', '/tarkan/deliveries')[0].query;
    expect([first.get('offset'), first.get('limit'), first.get('channel')]).toEqual(['0', '50', null]);
    expect(first.get('from')).not.toBeNull();

    await choose(view, selectField(screen.getByTestId('panel'), 'Channel'), 'Telegram');
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
    expect(app.api.received('GET', '/tarkan/deliveries').at(-1)!.query.get('channel')).toBe('telegram');
  });
});
