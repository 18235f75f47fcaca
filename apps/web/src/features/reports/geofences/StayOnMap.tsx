import { useMemo } from 'react';
import type { ReportGeofence } from '@rastro/api';
import type { Geofence } from '../../../api/geofences.ts';
import { FitTo } from '../map/FitTo.tsx';
import { areaFeature, GeofenceArea, outline } from '../map/GeofenceArea.tsx';
import { routeCoordinates } from '../map/routeCoordinates.ts';
import { RouteLine } from '../map/RouteLine.tsx';
import { useReport } from '../useReportRun.ts';

/** A stay drawn on the map: the geofence, and the device's route from its entry to its exit. */
export function StayOnMap({ stay, geofence }: { stay: ReportGeofence; geofence: Geofence | null }) {
  const params = useMemo(
    () => ({ deviceIds: [stay.deviceId], groupIds: [], from: stay.startTime, to: stay.endTime }),
    [stay.deviceId, stay.startTime, stay.endTime],
  );
  const route = useReport('route', params, 0).query.data;
  const line = useMemo(() => routeCoordinates(route ?? []), [route]);
  const feature = useMemo(() => (geofence ? areaFeature(geofence.area) : null), [geofence]);
  const fit = useMemo(() => [...outline(feature), ...line], [feature, line]);
  return (
    <>
      <GeofenceArea feature={feature} />
      {line.length > 1 && <RouteLine coordinates={line} />}
      <FitTo coordinates={fit} />
    </>
  );
}
