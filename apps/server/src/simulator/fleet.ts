import type { DeviceCategory } from '@rastro/api';
import demoRoutes from './demo-routes.json';

/** [latitude, longitude] in degrees. */
export type LatLon = readonly [number, number];

export type DemoCategory = Extract<DeviceCategory, 'car' | 'pickup' | 'van' | 'truck' | 'motorcycle' | 'bus'>;

export interface DemoVehicle {
  /** Device name shown to the operator (pt-BR). */
  name: string;
  /** Stable device identifier the simulator reports as (OsmAnd `id`). */
  uniqueId: string;
  category: DemoCategory;
  /** Brazilian Mercosul plate (device attribute `plate`). */
  plate: string;
  /** The roads the loop follows, for whoever edits the routes. */
  via: string;
  /** A closed loop: the last point equals the first. */
  route: LatLon[];
}

const DEMO_CATEGORIES: readonly DemoCategory[] = ['car', 'pickup', 'van', 'truck', 'motorcycle', 'bus'];

/** JSON knows neither the category union nor coordinate pairs: check both so a bad edit fails at startup. */
function demoVehicle(entry: (typeof demoRoutes)[number]): DemoVehicle {
  const category = DEMO_CATEGORIES.find((known) => known === entry.category);
  if (!category) throw new Error(`demo vehicle ${entry.uniqueId}: unknown category ${entry.category}`);
  const route = entry.route.map((point): LatLon => {
    if (point.length !== 2) throw new Error(`demo vehicle ${entry.uniqueId}: waypoint is not [latitude, longitude]`);
    return [point[0], point[1]];
  });
  return { ...entry, category, route };
}

/*
 * Demo fleet driving loops through central São Paulo, kept as data in demo-routes.json. The waypoints follow
 * the drivable road graph (one-way streets respected) of an OpenStreetMap extract, simplified to within 5 m of
 * the road and never more than 250 m apart. Map data © OpenStreetMap contributors, ODbL 1.0.
 */
export const DEMO_VEHICLES: DemoVehicle[] = demoRoutes.map(demoVehicle);
