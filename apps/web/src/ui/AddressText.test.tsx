// @vitest-environment jsdom
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../testing/apiServer.ts';
import { setupComponentTests } from '../testing/app.tsx';
import { AddressText } from './AddressText.tsx';

const app = setupComponentTests();

/** The stand-in server names the street after the point and the language it was asked in. */
const geocoder = (request: RecordedRequest) => ({
  text: `Rua ${request.query.get('latitude')} ${request.query.get('longitude')} (${request.query.get('language')})`,
});
const asked = () => app.api.received('GET', '/api/server/geocode');
const address = () => screen.getByTestId('address');

/** A live position that the test moves by a button, as the socket would. */
function Moving() {
  const [point, setPoint] = useState({ latitude: -22.9, longitude: -47.06 });
  const move = (dLat: number) => setPoint((p) => ({ ...p, latitude: p.latitude + dLat }));
  return (
    <>
      <AddressText live latitude={point.latitude} longitude={point.longitude} />
      <button type="button" onClick={() => move(0.0003)}>a few metres</button>
      <button type="button" onClick={() => move(0.02)}>two kilometres</button>
    </>
  );
}

describe('AddressText', () => {
  it('shows an address the server already gave, asking nothing', async () => {
    await app.render(<AddressText address="Av. Paulista, 1000, São Paulo" latitude={-23.56} longitude={-46.65} />);
    expect(address().textContent).toBe('Av. Paulista, 1000, São Paulo');
    expect(asked()).toHaveLength(0);
  });

  it('says it is looking, then shows the server\'s answer; a point within a few metres is not asked again', async () => {
    app.api.on('GET', '/api/server/geocode', (request) => ({ ...geocoder(request), delayMs: 200 }));
    await app.render(
      <>
        <AddressText latitude={-22.886012} longitude={-47.040034} />
        <AddressText latitude={-22.88603} longitude={-47.04001} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('address');
    expect(first.textContent).toBe('Looking up the address…');
    expect(first.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(first.textContent).toBe('Rua -22.886 -47.04 (en-US)'));
    expect(first.hasAttribute('aria-busy')).toBe(false);
    expect(second.textContent).toBe('Rua -22.886 -47.04 (en-US)');
    expect(asked()).toHaveLength(1);
    expect([...asked()[0].query]).toEqual([['latitude', '-22.886'], ['longitude', '-47.04'], ['language', 'en-US']]);
    expect(asked()[0].headers.accept).toBe('text/plain');
  });

  it('asks in the language the user reads', async () => {
    app.api.on('GET', '/api/server/geocode', geocoder);
    await i18next.changeLanguage('pt-BR');
    await app.render(<AddressText latitude={-22.9} longitude={-47.06} />);
    expect(address().textContent).toBe('Buscando o endereço…');
    await waitFor(() => expect(address().textContent).toBe('Rua -22.9 -47.06 (pt-BR)'));
  });

  it('falls back to the coordinates when the server cannot be asked', async () => {
    app.api.on('GET', '/api/server/geocode', { status: 400, text: 'latitude must be a number' });
    await app.render(<AddressText latitude={-22.9} longitude={-47.06} />);
    await waitFor(() => expect(address().textContent).toBe('-22.900000°, -47.060000°'));
    expect(address().getAttribute('title')).toBe('Address unavailable: the coordinates are shown');
  });

  it('follows a moving position only once it has moved on and settled, dimming the old address meanwhile', async () => {
    app.api.on('GET', '/api/server/geocode', geocoder);
    const view = await app.render(<Moving />);
    await waitFor(() => expect(address().textContent).toBe('Rua -22.9 -47.06 (en-US)'));

    await view.user.click(screen.getByRole('button', { name: 'a few metres' }));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(address().textContent).toBe('Rua -22.9 -47.06 (en-US)');
    expect(asked()).toHaveLength(1);

    await view.user.click(screen.getByRole('button', { name: 'two kilometres' }));
    expect(address().textContent).toBe('Rua -22.9 -47.06 (en-US)');
    expect(address().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(address().textContent).toBe('Rua -22.8797 -47.06 (en-US)'));
    expect(address().hasAttribute('aria-busy')).toBe(false);
    expect(asked()).toHaveLength(2);
  });
});
