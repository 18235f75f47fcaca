import { distanceUnitOf, speedUnitOf, type Attributes, type DistanceUnit, type SpeedUnit } from '@rastro/api';
import { useServerInfo } from '../api/queries.ts';
import { useSessionUser } from './session.ts';

/** A preference attribute of the user, else of the server. */
function usePreference(key: string): Attributes[string] | undefined {
  const user = useSessionUser();
  const server = useServerInfo().data?.server;
  return user?.attributes[key] ?? server?.attributes[key];
}

/** `speedUnit` of the user, else of the server, else km/h. */
export function useSpeedUnit(): SpeedUnit {
  return speedUnitOf(usePreference('speedUnit'));
}

/** `distanceUnit` of the user, else of the server, else km. */
export function useDistanceUnit(): DistanceUnit {
  return distanceUnitOf(usePreference('distanceUnit'));
}
