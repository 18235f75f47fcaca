import { parseArea, type Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { toIso } from '../../domain/time.ts';
import type { DeviceRegistry } from '../../live/device-registry.ts';
import { deviceContext, storedAt } from '../testing/positions.ts';
import { EventRaiser } from './raiser.ts';
import type { HandlerState } from './state.ts';

/** Just what the raiser writes: `insertInto('tc_events').values(rows).returning('id').execute()`. */
function fakeDatabase() {
  const inserted: Record<string, unknown>[][] = [];
  let nextId = 100;
  const db = {
    insertInto: (table: string) => {
      expect(table).toBe('tc_events');
      return {
        values: (rows: Record<string, unknown>[]) => ({
          returning: () => ({
            execute: () => {
              inserted.push(rows);
              return Promise.resolve(rows.map(() => ({ id: nextId++ })));
            },
          }),
        }),
      };
    },
  };
  return { db: db as unknown as Kysely<Database>, inserted };
}

function fakeRegistry(state: HandlerState | null) {
  const changed: number[] = [];
  const registry = { get: () => Promise.resolve(state), stateChanged: (id: number) => changed.push(id) };
  return { registry: registry as unknown as DeviceRegistry, changed };
}

const freshState = (): HandlerState => ({
  motionStreak: 0, motionTime: null, motionLatitude: null, motionLongitude: null, motionPositionId: null,
  overspeedState: 0, overspeedTime: null, overspeedGeofenceId: null,
});

function setUp(state: HandlerState | null = freshState()) {
  const { db, inserted } = fakeDatabase();
  const { registry, changed } = fakeRegistry(state);
  const notified: Event[] = [];
  const raiser = new EventRaiser(db, registry, { notify: (event) => notified.push(event) });
  return { raiser, inserted, changed, notified };
}

const context = deviceContext(
  { speedLimit: 50, fuelDropThreshold: 5 },
  {
    geofences: [1, 2].map((id) => ({ id, area: parseArea('CIRCLE (-23.55 -46.63, 500)'), attributes: {}, calendar: null })),
    maintenances: [{ id: 8, type: 'totalDistance', start: 1_000, period: 1_000 }],
  },
);
const last = storedAt(100, { id: 1, geofenceIds: [1], attributes: { fuel: 50, ignition: false, totalDistance: 900, driverUniqueId: 'A' } });
/** A position that makes every handler of the raiser raise. */
const everything = storedAt(160, {
  id: 2, speed: 80, geofenceIds: [2], latitude: -23.56,
  attributes: { result: 'done', fuel: 40, alarm: 'sos', ignition: true, totalDistance: 1_100, driverUniqueId: 'B' },
});
/** Motion state: stopped 1.1 km north of `everything` a while ago, so it is moving now. */
const stoppedAway = (): HandlerState => ({ ...freshState(), motionTime: 0, motionLatitude: -23.55, motionLongitude: -46.63, motionPositionId: 1 });

describe('event raiser', () => {
  it('runs the handlers in Traccar order on the latest position and stores what they raise in one insert', async () => {
    const { raiser, inserted, changed } = setUp(stoppedAway());
    await raiser.raise(everything, last, context, true);
    expect(inserted).toHaveLength(1);
    expect(inserted[0].map((row) => row.type)).toEqual([
      'commandResult', 'deviceOverspeed', 'deviceFuelDrop', 'deviceMoving',
      'geofenceExit', 'geofenceEnter', 'alarm', 'ignitionOn', 'maintenance', 'driverChanged',
    ]);
    // attributes are stored as JSON text
    expect(inserted[0][0].attributes).toBe('{"result":"done"}');
    expect(changed).toEqual([1]);
  });

  it('raises deviceFuelIncrease where the fuel handler runs, between overspeed and motion', async () => {
    const { raiser, inserted } = setUp(stoppedAway());
    const rising = deviceContext({ speedLimit: 50, fuelIncreaseThreshold: 10 }, { geofences: context.geofences });
    await raiser.raise({ ...everything, attributes: { fuel: 70 } }, last, rising, true);
    expect(inserted[0]?.map((row) => row.type).slice(0, 3)).toEqual(['deviceOverspeed', 'deviceFuelIncrease', 'deviceMoving']);
  });

  it('hands each stored event to the sink with its id and its time on the wire', async () => {
    const { raiser, notified } = setUp();
    await raiser.raise(storedAt(160, { id: 2, deviceTime: 150_000, attributes: { result: 'done' } }), null, context, true);
    expect(notified).toEqual([
      { type: 'commandResult', id: 100, eventTime: toIso(150_000), deviceId: 1, positionId: 2, geofenceId: 0, maintenanceId: 0, attributes: { result: 'done' } },
    ]);
  });

  it('raises only the command result for a position older than the latest', async () => {
    const { raiser, inserted, changed } = setUp(stoppedAway());
    await raiser.raise(everything, null, context, false);
    expect(inserted.map((rows) => rows.map((row) => row.type))).toEqual([['commandResult']]);
    expect(changed).toEqual([]);
  });

  it('skips the handlers that keep state on the device row when the registry does not know the device', async () => {
    const { raiser, inserted, changed } = setUp(null);
    await raiser.raise(everything, last, context, true);
    expect(inserted[0].map((row) => row.type)).toEqual([
      'commandResult', 'geofenceExit', 'geofenceEnter', 'alarm', 'ignitionOn', 'maintenance', 'driverChanged',
    ]);
    expect(changed).toEqual([]);
  });

  it('writes nothing when nothing is raised, and flush waits for the writes under way', async () => {
    const { raiser, inserted, changed } = setUp();
    await raiser.raise(storedAt(200, { attributes: {} }), storedAt(190, { attributes: {} }), context, true);
    expect(inserted).toEqual([]);
    expect(changed).toEqual([1]);
    const saving = raiser.save([{ type: 'deviceOnline', eventTime: 0, deviceId: 1, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} }]);
    await raiser.flush();
    expect(inserted).toHaveLength(1);
    await saving;
  });
});
