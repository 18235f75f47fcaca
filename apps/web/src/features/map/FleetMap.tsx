import { DevicesLayer } from './DevicesLayer.tsx';
import { FallbackBasemap } from './FallbackBasemap.tsx';
import { InitialView } from './InitialView.tsx';
import { MapView } from './MapView.tsx';
import { RasterTiles } from './RasterTiles.tsx';
import { SelectedDeviceCard } from './SelectedDeviceCard.tsx';
import { SelectionFocus } from './SelectionFocus.tsx';

/** The shell's map: offline basemap, optional tile server, live devices and the selection. */
export function FleetMap() {
  return (
    <>
      <MapView>
        <FallbackBasemap />
        <RasterTiles />
        <DevicesLayer />
        <InitialView />
        <SelectionFocus />
      </MapView>
      <SelectedDeviceCard />
    </>
  );
}
