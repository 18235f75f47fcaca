import { KNOTS_PER_MPS, MPS_PER_KMH } from '@rastro/api';
import type { DemoCategory, LatLon } from './fleet.ts';
import { bearing, distance, interpolate, seededRandom, turnAngle } from './geo.ts';

export interface VehicleProfile {
  /** Typical speed on a free avenue, m/s. */
  cruise: number;
  /** m/s² */
  acceleration: number;
  /** Comfortable braking, m/s². */
  deceleration: number;
  /** Nominal electrical system: 12 V cars, 24 V heavy vehicles. */
  systemVolts: 12 | 24;
  /** Fuel used per km, in % of the tank. */
  fuelPerKm: number;
}

export const VEHICLE_PROFILES: Record<DemoCategory, VehicleProfile> = {
  car: { cruise: 50 * MPS_PER_KMH, acceleration: 2.0, deceleration: 2.5, systemVolts: 12, fuelPerKm: 0.2 },
  pickup: { cruise: 45 * MPS_PER_KMH, acceleration: 1.7, deceleration: 2.3, systemVolts: 12, fuelPerKm: 0.15 },
  van: { cruise: 42 * MPS_PER_KMH, acceleration: 1.5, deceleration: 2.2, systemVolts: 12, fuelPerKm: 0.25 },
  truck: { cruise: 38 * MPS_PER_KMH, acceleration: 0.8, deceleration: 1.5, systemVolts: 24, fuelPerKm: 0.12 },
  motorcycle: { cruise: 55 * MPS_PER_KMH, acceleration: 2.5, deceleration: 3.0, systemVolts: 12, fuelPerKm: 0.2 },
  bus: { cruise: 35 * MPS_PER_KMH, acceleration: 0.9, deceleration: 1.5, systemVolts: 24, fuelPerKm: 0.15 },
};

/** What a tracker in the vehicle would report. */
export interface VehicleState {
  latitude: number;
  longitude: number;
  /** m */
  altitude: number;
  /** knots */
  speed: number;
  /** degrees, towards the next waypoint */
  course: number;
  /** m */
  accuracy: number;
  ignition: boolean;
  motion: boolean;
  /** tracker battery, % */
  batteryLevel: number;
  /** vehicle voltage, V */
  power: number;
  /** m */
  odometer: number;
  /** % of the tank */
  fuel: number;
}

/** Integration step, s: advancing by 10 s equals advancing twice by 5 s. */
const STEP = 1;
/** Waypoints closer than this shape the speed (braking for turns). */
const LOOKAHEAD = 150;

/** A short halt, s. */
export const HALT_S = [30, 120] as const;
/** A parking, s: from past the reports' 180 s minimum stop to a quarter of an hour. */
export const PARKING_S = [240, 900] as const;
/** The share of halts that are parkings. */
const PARKING_SHARE = 1 / 3;

type Phase = { kind: 'driving' } | { kind: 'stopped'; remaining: number; ignitionOff: boolean };

/**
 * A vehicle driving a closed route: accelerates to a cruise speed that drifts a little, brakes for
 * turns, and stops now and then at a waypoint: a short halt with the engine running, or a parking of
 * several minutes with the engine off.
 * Pure and deterministic for a given seed: no clock, no I/O.
 */
/** Where a vehicle was last seen, to continue from there. */
export interface VehicleResume {
  latitude: number;
  longitude: number;
  odometer: number;
  /** % of the tank (0: unknown); a new tank would read as fuel spent or gained in the reports. */
  fuel?: number;
}

export class SimulatedVehicle {
  private readonly random: () => number;
  private readonly profile: VehicleProfile;
  private readonly route: LatLon[];
  /** Distance from route[0] to route[i]. */
  private readonly cumulative: number[];
  /** Highest speed (m/s) at which each waypoint's turn is taken. */
  private readonly turnLimit: number[];
  private readonly length: number;

  private along: number;
  private speed = 0;
  private cruise = 0;
  private cruiseHold = 0;
  private toNextStop: number;
  private phase: Phase = { kind: 'driving' };
  private odometer: number;
  private fuel: number;
  private battery: number;
  private power = 0;
  private accuracy = 5;

  /**
   * `resume` continues where the vehicle was last seen (a server restart): at the route point
   * nearest to it and with its odometer, so restarts neither teleport it nor reset its odometer.
   */
  constructor(route: LatLon[], category: DemoCategory, seed: number, resume?: VehicleResume) {
    this.route = route;
    this.profile = VEHICLE_PROFILES[category];
    this.random = seededRandom(seed);
    this.cumulative = [0];
    for (let i = 1; i < route.length; i += 1) this.cumulative.push(this.cumulative[i - 1] + distance(route[i - 1], route[i]));
    this.length = this.cumulative[route.length - 1];
    if (route.length < 3 || distance(route[0], route[route.length - 1]) > 1 || this.length < 10) {
      throw new Error('a simulated route must be a closed loop, its last point equal to the first');
    }
    this.turnLimit = route.map((point, i) => {
      const previous = route[i === 0 ? route.length - 2 : i - 1];
      const next = route[i === route.length - 1 ? 1 : i + 1];
      return speedForTurn(turnAngle(bearing(previous, point), bearing(point, next)));
    });

    this.along = this.random() * this.length;
    this.toNextStop = this.distanceToWaypointBeyond(400 + this.random() * 1600);
    this.odometer = Math.round(15_000_000 + this.random() * 165_000_000);
    this.fuel = 40 + this.random() * 55;
    this.battery = 85 + this.random() * 15;
    if (resume) {
      let nearest = 0;
      for (let i = 1; i < route.length; i += 1) {
        if (distance(route[i], [resume.latitude, resume.longitude]) < distance(route[nearest], [resume.latitude, resume.longitude])) nearest = i;
      }
      this.along = this.cumulative[nearest] % this.length;
      this.toNextStop = this.distanceToWaypointBeyond(400 + this.random() * 1600);
      if (resume.odometer > 0) this.odometer = Math.round(resume.odometer);
      if (resume.fuel !== undefined && resume.fuel > 0 && resume.fuel <= 100) this.fuel = resume.fuel;
    }
    this.updateElectrics(0);
  }

  /** Moves the simulation on by `seconds` and returns the new state. */
  advance(seconds: number): VehicleState {
    let left = seconds;
    while (left > 1e-9) {
      const dt = Math.min(STEP, left);
      if (this.phase.kind === 'stopped') {
        this.phase.remaining -= dt;
        if (this.phase.remaining <= 0) this.depart(this.phase.ignitionOff);
      } else {
        this.drive(dt);
      }
      this.updateElectrics(dt);
      left -= dt;
    }
    return this.state();
  }

  state(): VehicleState {
    const index = this.segmentAt(this.along);
    const from = this.route[index];
    const to = this.route[index + 1];
    const span = this.cumulative[index + 1] - this.cumulative[index];
    const [latitude, longitude] = interpolate(from, to, span > 0 ? (this.along - this.cumulative[index]) / span : 0);
    // Looking half a metre ahead: a vehicle standing at a waypoint heads for the one after it.
    const heading = this.route[this.segmentAt((this.along + 0.5) % this.length) + 1];
    const ignition = !(this.phase.kind === 'stopped' && this.phase.ignitionOff);
    return {
      latitude,
      longitude,
      // Gentle hills around São Paulo's ~760 m, a function of the place so a loop repeats them.
      altitude: 760 + 25 * Math.sin((2 * Math.PI * this.along) / this.length) + 8 * Math.sin((14 * Math.PI * this.along) / this.length),
      speed: this.speed * KNOTS_PER_MPS,
      course: bearing([latitude, longitude], heading),
      accuracy: this.accuracy,
      ignition,
      motion: this.speed > 0,
      batteryLevel: this.battery,
      power: this.power,
      odometer: this.odometer,
      fuel: this.fuel,
    };
  }

  private drive(dt: number): void {
    this.cruiseHold -= dt;
    if (this.cruiseHold <= 0) {
      this.cruise = this.profile.cruise * (0.75 + 0.4 * this.random());
      this.cruiseHold = 15 + 30 * this.random();
    }
    const { acceleration, deceleration } = this.profile;
    const target = Math.min(this.cruise, this.speedLimitAhead());
    // Braking may exceed the comfortable rate a little to honour a limit reached between steps.
    const next =
      target >= this.speed ? Math.min(target, this.speed + acceleration * dt) : Math.max(target, this.speed - 2 * deceleration * dt);
    const travelled = ((this.speed + next) / 2) * dt;
    if (travelled >= this.toNextStop || this.toNextStop < 1) {
      this.moveBy(this.toNextStop);
      this.speed = 0;
      this.phase = this.nextStop();
      return;
    }
    this.moveBy(travelled);
    this.speed = next;
  }

  /**
   * Most halts are short (a light, a delivery at the kerb: 30-120 s, engine running); about one in
   * three is a parking with the engine off, long enough (PARKING_S) to be a stop in the reports,
   * whose motion detection ends a trip only after 180 s standing (report.trip.minDuration).
   */
  private nextStop(): Phase {
    if (this.random() < PARKING_SHARE) {
      const [shortest, longest] = PARKING_S;
      return { kind: 'stopped', remaining: shortest + (longest - shortest) * this.random(), ignitionOff: true };
    }
    const [shortest, longest] = HALT_S;
    return { kind: 'stopped', remaining: shortest + (longest - shortest) * this.random(), ignitionOff: false };
  }

  private depart(ignitionWasOff: boolean): void {
    // A long stop on a low tank is a visit to the filling station.
    if (ignitionWasOff && this.fuel < 20) this.fuel = 90 + 8 * this.random();
    this.phase = { kind: 'driving' };
    this.toNextStop = this.distanceToWaypointBeyond(1200 + this.random() * 2800);
  }

  private moveBy(metres: number): void {
    this.along = (this.along + metres) % this.length;
    this.toNextStop -= metres;
    this.odometer += metres;
    this.fuel = Math.max(0, this.fuel - (metres / 1000) * this.profile.fuelPerKm);
  }

  /** The speed from which the vehicle can still brake for the next turns and the next stop. */
  private speedLimitAhead(): number {
    const { deceleration } = this.profile;
    let limit = Math.sqrt(2 * deceleration * this.toNextStop);
    let index = this.segmentAt(this.along) + 1;
    let ahead = this.cumulative[index] - this.along;
    while (ahead < LOOKAHEAD) {
      limit = Math.min(limit, Math.sqrt(this.turnLimit[index] ** 2 + 2 * deceleration * ahead));
      if (index === this.route.length - 1) index = 0;
      ahead += this.cumulative[index + 1] - this.cumulative[index];
      index += 1;
    }
    return limit;
  }

  private updateElectrics(dt: number): void {
    const running = !(this.phase.kind === 'stopped' && this.phase.ignitionOff);
    // The tracker's backup battery charges while the engine runs and drains slowly when it is off.
    this.battery = running ? Math.min(100, this.battery + 0.02 * dt) : Math.max(20, this.battery - 0.005 * dt);
    const base = running ? 13.6 + 0.6 * this.random() : 12.4 + 0.3 * this.random();
    this.power = (base * this.profile.systemVolts) / 12;
    this.accuracy = 3 + 6 * this.random();
  }

  /** Index i of the segment route[i] -> route[i + 1] containing the point `along` metres into the loop. */
  private segmentAt(along: number): number {
    let low = 0;
    let high = this.route.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.cumulative[middle] <= along) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Distance to the first waypoint at least `metres` ahead, so that stops happen at waypoints. */
  private distanceToWaypointBeyond(metres: number): number {
    const target = (this.along + metres) % this.length;
    const index = this.segmentAt(target) + 1;
    return metres + (this.cumulative[index] - target);
  }
}

/** Turn speeds: gentle bends at cruise speed, corners at 25 km/h, sharp corners and U-turns slower. */
function speedForTurn(angle: number): number {
  if (angle > 120) return 12 * MPS_PER_KMH;
  if (angle > 60) return 18 * MPS_PER_KMH;
  if (angle > 30) return 25 * MPS_PER_KMH;
  return Number.POSITIVE_INFINITY;
}
