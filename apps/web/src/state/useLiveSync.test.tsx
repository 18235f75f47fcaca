// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveStore } from '../api/liveStore.ts';
import { setupComponentTests } from '../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../testing/fixtures.ts';
import { useLiveSync } from './useLiveSync.ts';

const app = setupComponentTests();

function LiveSync() {
  useLiveSync();
  return null;
}

describe('useLiveSync', () => {
  it("asks by id for the latest position of a device the positions list did not carry, once", async () => {
    const known = makePosition({ id: 10, deviceId: 1 });
    const joined = makePosition({ id: 77, deviceId: 2, latitude: -22.9 });
    app.api
      .json('GET', '/api/devices', [makeDevice({ id: 1, positionId: 10 }), makeDevice({ id: 2, positionId: 77 }), makeDevice({ id: 3, positionId: null })])
      // the latest positions without a query; by id, the ones asked for
      .on('GET', '/api/positions', (request) => {
        const ids = request.query.getAll('id').map(Number);
        return { json: ids.length ? [known, joined].filter((position) => ids.includes(position.id)) : [known] };
      });
    await app.render(<LiveSync />, { user: makeUser({ id: 1 }) });

    await waitFor(() => expect(liveStore.getState().positions.get(2)?.latitude).toBe(-22.9));
    const byId = app.api.received('GET', '/api/positions').filter((request) => request.query.has('id'));
    expect(byId.map((request) => request.query.getAll('id'))).toEqual([['77']]);
    expect(liveStore.getState().positions.get(1)?.id).toBe(10);
  });
});
