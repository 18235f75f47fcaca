// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../testing/app.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';

const app = setupComponentTests();

describe('the browser tab title', () => {
  it("follows the theme's service name", async () => {
    app.api.json('GET', '/tarkan/theme', { serviceName: 'Frota Sul Rastreamento' });
    app.api.json('GET', '/config.json', { title: 'From config' });
    document.title = 'Rastro';
    await app.render(<DocumentTitle />);
    await waitFor(() => expect(document.title).toBe('Frota Sul Rastreamento'));
  });

  it("takes config.json's title without a service name", async () => {
    app.api.json('GET', '/config.json', { title: 'Deployment title' });
    document.title = '';
    await app.render(<DocumentTitle />);
    await waitFor(() => expect(document.title).toBe('Deployment title'));
  });

  it('falls back to the brand', async () => {
    app.api.on('GET', '/config.json', { status: 404, text: 'Not found' });
    document.title = '';
    await app.render(<DocumentTitle />);
    await waitFor(() => expect(document.title).toBe('Rastro'));
  });
});
