import { KNOTS_PER_MPS } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { DEMO_VEHICLES, type LatLon } from './fleet.ts';
import { bearing, distance, turnAngle } from './geo.ts';
import { HALT_S, PARKING_S, SimulatedVehicle, VEHICLE_PROFILES, type VehicleState } from './vehicle.ts';

/** Distance (m) from a point to the segment a-b, in a local flat projection. */
function distanceToSegment(p: LatLon, a: LatLon, b: LatLon): number {
  const kx = 111320 * Math.cos((p[0] * Math.PI) / 180);
  const ky = 110540;
  const [ax, ay, bx, by, px, py] = [a[1] * kx, a[0] * ky, b[1] * kx, b[0] * ky, p[1] * kx, p[0] * ky];
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function run(vehicle = DEMO_VEHICLES[0], seed = 1, steps = 3600, dt = 1): VehicleState[] {
  const model = new SimulatedVehicle(vehicle.route, vehicle.category, seed);
  const states = [model.state()];
  for (let i = 0; i < steps; i += 1) states.push(model.advance(dt));
  return states;
}

describe('demo fleet definition', () => {
  it('has several cars, a truck, a motorcycle and a bus or van, with stable unique ids and plates', () => {
    const categories = DEMO_VEHICLES.map((vehicle) => vehicle.category);
    expect(categories.filter((category) => category === 'car').length).toBeGreaterThanOrEqual(2);
    expect(categories).toContain('truck');
    expect(categories).toContain('motorcycle');
    expect(categories.some((category) => category === 'van' || category === 'bus')).toBe(true);
    expect(new Set(DEMO_VEHICLES.map((vehicle) => vehicle.uniqueId)).size).toBe(DEMO_VEHICLES.length);
    for (const vehicle of DEMO_VEHICLES) expect(vehicle.plate).toMatch(/^[A-Z]{3}\d[A-Z]\d{2}$/);
  });

  it('drives closed loops in São Paulo with waypoints at most 250 m apart', () => {
    for (const { route, name } of DEMO_VEHICLES) {
      expect(route[0], name).toEqual(route[route.length - 1]);
      for (let i = 1; i < route.length; i += 1) {
        expect(distance(route[i - 1], route[i]), `${name} #${i}`).toBeLessThanOrEqual(251);
        expect(distance(route[i - 1], route[i]), `${name} #${i}`).toBeGreaterThan(0);
      }
      for (const [lat, lon] of route) {
        expect(lat).toBeGreaterThan(-23.7);
        expect(lat).toBeLessThan(-23.4);
        expect(lon).toBeGreaterThan(-46.8);
        expect(lon).toBeLessThan(-46.5);
      }
    }
  });
});

describe('SimulatedVehicle', () => {
  it('is deterministic for a seed and varies between seeds', () => {
    expect(run(DEMO_VEHICLES[2], 42, 600, 5)).toEqual(run(DEMO_VEHICLES[2], 42, 600, 5));
    expect(run(DEMO_VEHICLES[2], 43, 60, 5)).not.toEqual(run(DEMO_VEHICLES[2], 42, 60, 5));
  });

  it('gives the same result for one long step as for many short ones', () => {
    const vehicle = DEMO_VEHICLES[1];
    const a = new SimulatedVehicle(vehicle.route, vehicle.category, 9);
    const b = new SimulatedVehicle(vehicle.route, vehicle.category, 9);
    for (let i = 0; i < 120; i += 1) a.advance(5);
    expect(b.advance(600)).toEqual(a.state());
  });

  it('stays on the route', () => {
    for (const vehicle of DEMO_VEHICLES) {
      for (const state of run(vehicle, 3, 1800, 2)) {
        const point: LatLon = [state.latitude, state.longitude];
        let nearest = Number.POSITIVE_INFINITY;
        for (let i = 1; i < vehicle.route.length; i += 1) {
          nearest = Math.min(nearest, distanceToSegment(point, vehicle.route[i - 1], vehicle.route[i]));
        }
        expect(nearest, vehicle.name).toBeLessThan(2);
      }
    }
  });

  it('moves along the route in its direction, heading for the next waypoint', () => {
    const vehicle = DEMO_VEHICLES[0];
    const states = run(vehicle, 5, 2400, 1);
    const deviations: number[] = [];
    for (let i = 1; i < states.length; i += 1) {
      const before = states[i - 1];
      const after = states[i];
      const from: LatLon = [before.latitude, before.longitude];
      const to: LatLon = [after.latitude, after.longitude];
      // The movement follows the course reported before it (exactly so unless a waypoint was passed).
      if (distance(from, to) > 5) deviations.push(turnAngle(bearing(from, to), before.course));
      // The course points at a route waypoint ahead.
      const onBearing = vehicle.route.some(
        (waypoint) =>
          distance(to, waypoint) > 0.4 && distance(to, waypoint) < 260 && turnAngle(bearing(to, waypoint), after.course) < 0.01,
      );
      expect(onBearing).toBe(true);
    }
    expect(deviations.length).toBeGreaterThan(600);
    expect(deviations.filter((deviation) => deviation < 0.5).length / deviations.length).toBeGreaterThan(0.85);
  });

  it('travels the distance its speed says and counts it in the odometer', () => {
    const states = run(DEMO_VEHICLES[3], 11, 1800, 1);
    let integrated = 0;
    let walked = 0;
    for (let i = 1; i < states.length; i += 1) {
      integrated += ((states[i - 1].speed + states[i].speed) / 2 / KNOTS_PER_MPS) * 1;
      walked += distance([states[i - 1].latitude, states[i - 1].longitude], [states[i].latitude, states[i].longitude]);
    }
    const odometer = states[states.length - 1].odometer - states[0].odometer;
    expect(odometer).toBeGreaterThan(3000);
    expect(Math.abs(integrated - odometer) / odometer).toBeLessThan(0.02);
    expect(Math.abs(walked - odometer) / odometer).toBeLessThan(0.02);
  });

  it('keeps to plausible speeds for its category', () => {
    for (const vehicle of DEMO_VEHICLES) {
      const states = run(vehicle, 8, 1800, 1);
      const max = Math.max(...states.map((state) => state.speed)) / KNOTS_PER_MPS;
      expect(max, vehicle.name).toBeLessThanOrEqual(VEHICLE_PROFILES[vehicle.category].cruise * 1.15 + 1e-9);
      expect(max, vehicle.name).toBeGreaterThan(VEHICLE_PROFILES[vehicle.category].cruise * 0.5);
    }
  });

  it('halts for 30-120 s with the engine running, or parks for 4-15 min with it off, at waypoints', () => {
    const vehicle = DEMO_VEHICLES[0];
    const states = run(vehicle, 21, 4 * 3600, 1);
    const stops: { length: number; ignitionOff: boolean; at: LatLon }[] = [];
    let current: (typeof stops)[number] | undefined;
    for (const state of states.slice(1)) {
      if (!state.motion) {
        current ??= { length: 0, ignitionOff: !state.ignition, at: [state.latitude, state.longitude] };
        current.length += 1;
        expect(state.speed).toBe(0);
      } else if (current) {
        stops.push(current);
        current = undefined;
        expect(state.ignition).toBe(true);
      }
    }
    expect(stops.length).toBeGreaterThan(5);
    for (const stop of stops) {
      const [shortest, longest] = stop.ignitionOff ? PARKING_S : HALT_S;
      expect(stop.length).toBeGreaterThanOrEqual(shortest);
      expect(stop.length).toBeLessThanOrEqual(longest + 1);
      expect(Math.min(...vehicle.route.map((waypoint) => distance(stop.at, waypoint)))).toBeLessThan(0.5);
    }
    // parkings outlast the reports' 180 s minimum stop, so the demo fleet has stops to report
    expect(stops.filter((stop) => stop.ignitionOff).length).toBeGreaterThanOrEqual(2);
    expect(stops.some((stop) => !stop.ignitionOff)).toBe(true);
  });

  it('reports plausible vehicle attributes', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const vehicle of DEMO_VEHICLES) {
      const states = run(vehicle, 4, 3 * 3600, 5);
      const heavy = vehicle.category === 'truck' || vehicle.category === 'bus';
      states.forEach((state, i) => {
        const at = `${vehicle.name} #${i}`;
        const volts = heavy ? state.power / 2 : state.power;
        check(volts >= (state.ignition ? 13.6 : 12.4) && volts <= (state.ignition ? 14.2 : 12.7), `${at} power ${state.power}`);
        check(state.batteryLevel >= 20 && state.batteryLevel <= 100, `${at} battery ${state.batteryLevel}`);
        check(state.fuel > 0 && state.fuel <= 100, `${at} fuel ${state.fuel}`);
        check(state.altitude > 700 && state.altitude < 820, `${at} altitude ${state.altitude}`);
        check(state.accuracy >= 3 && state.accuracy <= 9, `${at} accuracy ${state.accuracy}`);
        check(state.course >= 0 && state.course < 360, `${at} course ${state.course}`);
        if (i > 0) {
          const previous = states[i - 1];
          check(state.odometer >= previous.odometer, `${at} odometer went back`);
          check(Math.abs(state.batteryLevel - previous.batteryLevel) <= 0.1 + 1e-9, `${at} battery jumped`);
        }
      });
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('rejects a route that is not a loop', () => {
    expect(() => new SimulatedVehicle([[-23.5, -46.6], [-23.51, -46.6], [-23.52, -46.6]], 'car', 1)).toThrow(/closed loop/);
  });
});

describe('resuming after a restart', () => {
  it('continues at the route point nearest to where it was, with its odometer and tank', () => {
    const route = DEMO_VEHICLES[0].route;
    const middle = route[Math.floor(route.length / 2)];
    const vehicle = new SimulatedVehicle(route, 'car', 7, { latitude: middle[0], longitude: middle[1], odometer: 123_456_789, fuel: 12.5 });
    const state = vehicle.advance(0);
    expect(state.fuel).toBe(12.5);
    expect(Math.abs(state.latitude - middle[0]) + Math.abs(state.longitude - middle[1])).toBeLessThan(1e-6);
    expect(state.odometer).toBe(123_456_789);
  });
});
