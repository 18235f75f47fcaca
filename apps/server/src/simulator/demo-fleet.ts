import { DEMO_VEHICLES, type DemoVehicle } from './fleet.ts';
import { SimulatedVehicle, type VehicleResume, type VehicleState } from './vehicle.ts';

export interface DemoFleetOptions {
  /** Base URL of the OsmAnd listener, e.g. http://127.0.0.1:5055 */
  osmandUrl: string;
  vehicles?: DemoVehicle[];
  /** Time between two reports of one vehicle (default 5000 ms). */
  intervalMs?: number;
  /** Last known state per uniqueId, so a restarted server's demo continues instead of starting over. */
  resume?: Map<string, VehicleResume>;
  log: { info: (msg: string) => void; warn: (msg: string) => void };
}

export interface DemoFleet {
  /** Stops every timer and waits for the requests in flight. */
  stop: () => Promise<void>;
}

const DEFAULT_INTERVAL_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;
/** A failing vehicle logs at most once per this period. */
const FAILURE_LOG_PERIOD_MS = 60_000;

/**
 * Starts simulated vehicles that report over the real OsmAnd port, exactly as the Traccar Client
 * would (POST with the position in the query string), so the demo exercises the whole pipeline.
 */
export function startDemoFleet(options: DemoFleetOptions): DemoFleet {
  const vehicles = options.vehicles ?? DEMO_VEHICLES;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const endpoint = new URL(options.osmandUrl);
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  vehicles.forEach((vehicle, index) => {
    const model = new SimulatedVehicle(vehicle.route, vehicle.category, seedOf(vehicle.uniqueId), options.resume?.get(vehicle.uniqueId));
    let last = Date.now();
    let lastFailureLog = Number.NEGATIVE_INFINITY;
    let busy = false;

    const tick = () => {
      // A slow server must not pile requests up: skip the tick, the next one reports the newer state.
      if (stopped || busy) return;
      const now = Date.now();
      const state = model.advance((now - last) / 1000);
      last = now;
      busy = true;
      const report = send(endpoint, vehicle.uniqueId, now, state)
        .catch((error: unknown) => {
          if (now - lastFailureLog < FAILURE_LOG_PERIOD_MS) return;
          lastFailureLog = now;
          const reason = error instanceof Error ? error.message : String(error);
          options.log.warn(`demo fleet: ${vehicle.name} (${vehicle.uniqueId}) could not report: ${reason}`);
        })
        .finally(() => {
          busy = false;
          inFlight.delete(report);
        });
      inFlight.add(report);
    };

    // Staggered so that the vehicles do not all report in the same instant.
    const start = setTimeout(() => {
      timers.delete(start);
      if (stopped) return;
      tick();
      timers.add(setInterval(tick, intervalMs));
    }, (intervalMs * index) / vehicles.length);
    timers.add(start);
  });

  options.log.info(`demo fleet: ${vehicles.length} vehicles reporting to ${endpoint.origin} every ${intervalMs / 1000} s`);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

async function send(endpoint: URL, uniqueId: string, time: number, state: VehicleState): Promise<void> {
  const url = new URL(endpoint);
  url.search = reportParams(uniqueId, time, state).toString();
  const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/** The OsmAnd query parameters of one report, rounded as a phone app would send them. */
export function reportParams(uniqueId: string, time: number, state: VehicleState): URLSearchParams {
  return new URLSearchParams({
    id: uniqueId,
    timestamp: String(Math.floor(time / 1000)),
    lat: state.latitude.toFixed(6),
    lon: state.longitude.toFixed(6),
    speed: state.speed.toFixed(1),
    bearing: state.course.toFixed(1),
    altitude: state.altitude.toFixed(0),
    accuracy: state.accuracy.toFixed(1),
    batt: state.batteryLevel.toFixed(0),
    ignition: String(state.ignition),
    motion: String(state.motion),
    power: state.power.toFixed(2),
    odometer: state.odometer.toFixed(0),
    fuel: state.fuel.toFixed(1),
  });
}

/** A stable seed per vehicle, so a restarted demo fleet behaves the same way. */
function seedOf(uniqueId: string): number {
  let hash = 2166136261;
  for (const char of uniqueId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}
