// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverInfoQuery } from '../api/queries.ts';
import { serverReply, setupComponentTests } from '../testing/app.tsx';
import { Brand } from './Brand.tsx';

const app = setupComponentTests();

/** The logo's width as the page lays it out: its share of the top bar's logo slot. */
async function logoWidth(): Promise<string> {
  const logo = await screen.findByRole('img', { name: 'Frota Sul' });
  return getComputedStyle(logo).width;
}

describe("the top bar's logo (spec §9 tarkan.logoWidth)", () => {
  it("takes the share of its slot that the server's tarkan.logoWidth gives", async () => {
    app.api.json('GET', '/config.json', { title: 'Frota Sul', logo: '/logo.png' });
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.logoWidth': '45' } }));
    await app.render(<Brand />);
    await waitFor(async () => expect(await logoWidth()).toBe('45%'));
  });

  it("takes the width set in the Theme page beside the logo over the server's", async () => {
    app.api.json('GET', '/config.json', { title: 'Frota Sul', logo: '/logo.png' });
    app.api.json('GET', '/tarkan/theme', { 'tarkan.logoWidth': '60' });
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.logoWidth': '45' } }));
    await app.render(<Brand />);
    await waitFor(async () => expect(await logoWidth()).toBe('60%'));
  });

  it('fills 80 % of it when unset or out of range', async () => {
    app.api.json('GET', '/config.json', { title: 'Frota Sul', logo: '/logo.png' });
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.logoWidth': '250' } }));
    const view = await app.render(<Brand />);
    // read once the server's answer is in, so the default is not merely the value before it
    await waitFor(() => expect(view.client.getQueryState(serverInfoQuery.queryKey)?.status).toBe('success'));
    expect(await logoWidth()).toBe('80%');
  });
});
