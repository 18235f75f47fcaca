// @vitest-environment jsdom
import type { Server } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { textField } from '../../testing/queries.ts';
import ServerPage from './ServerPage.tsx';

const app = setupComponentTests();

/** What GET /api/server answers an administrator: the gateway's credentials masked. */
const MASK = '••••••';
const gateway = {
  'sms.http.url': 'https://sms.example/send',
  'sms.http.template': '{"to":"{phone}","text":"{message}"}',
  'sms.http.authorization': MASK,
};

describe('server settings, SMS gateway', () => {
  it("shows Traccar's sms.http keys and saves them, the masked credential sent back as read", async () => {
    app.api
      .on('GET', '/api/server', serverReply({ textEnabled: true, attributes: { ...gateway, 'tarkan.lang': 'pt-BR' } }))
      .on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    expect(within(dialog).getByText('SMS gateway')).toBeTruthy();
    expect(textField(dialog, 'Gateway URL').value).toBe('https://sms.example/send');
    expect(textField(dialog, 'Request body').value).toBe('{"to":"{phone}","text":"{message}"}');
    expect(textField(dialog, 'Authorization value (e.g. Bearer and the key)').type).toBe('password');

    await view.fill(textField(dialog, 'Gateway URL'), 'https://sms.example/v2/send');
    await view.user.click(within(dialog).getByTestId('entity-save'));

    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/server')[0].json<Server>().attributes).toEqual({
      ...gateway, 'sms.http.url': 'https://sms.example/v2/send', 'tarkan.lang': 'pt-BR',
    });
  });
});
