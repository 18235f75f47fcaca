import { FleetOverlay } from './fleet/FleetOverlay.tsx';
import { BaseLayers } from './BaseLayers.tsx';
import { FallbackBasemap } from './FallbackBasemap.tsx';
import { FollowDevice } from './FollowDevice.tsx';
import { GeofencesLayer } from './geofences/GeofencesLayer.tsx';
import { InitialView } from './InitialView.tsx';
import { MapOptionsControl } from './MapOptionsControl.tsx';
import { MapView } from './MapView.tsx';
import { HistoryOverlay } from './overlays/HistoryOverlay.tsx';
import { SelectedDeviceCard } from './SelectedDeviceCard.tsx';
import { SelectionFocus } from './SelectionFocus.tsx';
import { TrailLayer } from './TrailLayer.tsx';

/**
 * The shell's map: offline atlas, the chosen base layer (a street map; the atlas when it fails),
 * geofences, live devices with their trails, the overlay view of the page's query, and the
 * selection. Each part adds its own sources and layers and removes them when it goes.
 */
export function FleetMap() {
  return (
    <>
      <MapView camera={<><InitialView /><FleetOverlay /></>}>
        <FallbackBasemap />
        <BaseLayers />
        <GeofencesLayer />
        <TrailLayer />
        <HistoryOverlay />
        <SelectionFocus />
        <FollowDevice />
      </MapView>
      <MapOptionsControl />
      <SelectedDeviceCard />
    </>
  );
}
