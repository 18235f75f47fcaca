import { describe, expect, it } from 'vitest';
import { latitudeOf, longitudeOf, mercatorX, mercatorY, screenTransform, WORLD_SIZE, type Camera } from './mercator.ts';

/** A flat camera like MapLibre's: the world scaled by the zoom, turned by the bearing around the centre of an 800×600 view. */
function flatCamera(center: { lng: number; lat: number }, zoom: number, bearing: number): Camera {
  const size = WORLD_SIZE * 2 ** zoom;
  const angle = (-bearing * Math.PI) / 180;
  return {
    center, zoom, pitch: 0,
    project([lng, lat]) {
      const dx = (mercatorX(lng) - mercatorX(center.lng)) * size;
      const dy = (mercatorY(lat) - mercatorY(center.lat)) * size;
      return { x: 400 + dx * Math.cos(angle) - dy * Math.sin(angle), y: 300 + dx * Math.sin(angle) + dy * Math.cos(angle) };
    },
  };
}

describe('mercator', () => {
  it('round-trips longitude and latitude', () => {
    expect(longitudeOf(mercatorX(-46.63))).toBeCloseTo(-46.63, 9);
    expect(latitudeOf(mercatorY(-23.55))).toBeCloseTo(-23.55, 9);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
  });

  it('places points by the affine transform where the camera itself would', () => {
    for (const bearing of [0, 37, -120]) {
      const camera = flatCamera({ lng: -46.63, lat: -23.55 }, 12.3, bearing);
      const transform = screenTransform(camera);
      expect(transform.affine).not.toBeNull();
      for (const [lng, lat] of [[-46.6, -23.5], [-46.7, -23.61], [-46.63, -23.55]] as const) {
        const expected = camera.project([lng, lat]);
        const [x, y] = transform.toScreen(mercatorX(lng), mercatorY(lat));
        expect(x).toBeCloseTo(expected.x, 3);
        expect(y).toBeCloseTo(expected.y, 3);
      }
    }
  });

  it('asks the camera for every point of a pitched view', () => {
    const camera = { ...flatCamera({ lng: 0, lat: 0 }, 3, 0), pitch: 45 };
    expect(screenTransform(camera).affine).toBeNull();
  });
});
