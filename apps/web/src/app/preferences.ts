import { useServerInfo } from '../api/queries.ts';
import { speedUnitOf, type SpeedUnit } from '../ui/units.ts';
import { useSessionUser } from './session.ts';

/** The user's `speedUnit` attribute, else the server's, else km/h. */
export function useSpeedUnit(): SpeedUnit {
  const user = useSessionUser();
  const server = useServerInfo().data?.server;
  return speedUnitOf(user?.attributes.speedUnit ?? server?.attributes.speedUnit);
}
