// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { Device, Position } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { DeviceMedia, hasMedia } from './DeviceMedia.tsx';

const app = setupComponentTests();

const device = { id: 7, uniqueId: '013511221122', name: 'Dashcam' } as Device;
const positionWith = (attributes: Record<string, unknown>) => ({ id: 1, deviceId: 7, fixTime: '2024-05-01T10:20:30Z', attributes }) as unknown as Position;

describe('DeviceMedia', () => {
  it('shows the photo and the voice message the device sent, from the media path, and nothing without one', async () => {
    const position = positionWith({ image: '20240501102030-0123456789ab.jpg', audio: '20240501102031-0123456789ab.amr' });
    await app.render(<DeviceMedia device={device} position={position} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/api/media/013511221122/20240501102030-0123456789ab.jpg');
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('/api/media/013511221122/20240501102031-0123456789ab.amr');
    expect(screen.getAllByRole('link', { name: 'Open' })).toHaveLength(2);
    expect(hasMedia(positionWith({ ignition: true }))).toBe(false);
    expect(hasMedia(undefined)).toBe(false);
  });
});
