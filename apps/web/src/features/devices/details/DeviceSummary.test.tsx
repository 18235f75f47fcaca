// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition } from '../../../testing/fixtures.ts';
import { DeviceSummary } from './DeviceSummary.tsx';

const app = setupComponentTests();
const asked = () => app.api.received('GET', '/api/server/geocode');

describe('device summary', () => {
  it('shows the address of the device\'s position, looked up on display', async () => {
    app.api.on('GET', '/api/server/geocode', () => ({ text: '3 km NE de Campinas, SP' }));
    const device = makeDevice({ id: 5, name: 'Van 3' });
    await app.render(<DeviceSummary device={device} position={makePosition({ deviceId: 5, latitude: -22.886, longitude: -47.04 })} />);
    await waitFor(() => expect(screen.getByTestId('device-address').textContent).toBe('3 km NE de Campinas, SP'));
    expect(asked()).toHaveLength(1);
  });
});
