import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePosition } from '../testing/fixtures.ts';
import { TestApi } from '../testing/apiServer.ts';
import { POSITION_BATCH, getPositionsByIds } from './positions.ts';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
  api.install();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  // answers with a position for every id asked, as the server would for visible ones
  api.on('GET', '/api/positions', (request) => ({ json: request.query.getAll('id').map((id) => makePosition({ id: Number(id), deviceId: Number(id) })) }));
});

const asked = () => api.received('GET', '/api/positions').map((request) => request.query.getAll('id').map(Number));

describe('positions by id (spec §7 and §9: batches of 500 ids)', () => {
  it('asks 1,201 ids in three requests of 500, 500 and 201, and returns every position in order', async () => {
    const ids = Array.from({ length: 1201 }, (_, index) => index + 1);
    const positions = await getPositionsByIds(ids);

    expect(POSITION_BATCH).toBe(500);
    expect(asked().map((batch) => batch.length)).toEqual([500, 500, 201]);
    expect(asked().flat()).toEqual(ids);
    expect(positions.map((position) => position.id)).toEqual(ids);
  });

  it('exactly 500 ids go in one request; repeated and non-positive ids are not asked', async () => {
    await getPositionsByIds(Array.from({ length: 500 }, (_, index) => index + 1));
    expect(asked().map((batch) => batch.length)).toEqual([500]);

    api.reset();
    api.json('GET', '/api/positions', []);
    await getPositionsByIds([7, 7, 0, -1, 8]);
    expect(asked()).toEqual([[7, 8]]);
  });

  it('asks nothing for no ids', async () => {
    expect(await getPositionsByIds([])).toEqual([]);
    expect(api.requests).toHaveLength(0);
  });
});
