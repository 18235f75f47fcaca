import type { TFunction } from 'i18next';

/**
 * MapLibre's own UI texts (control tooltips, the canvas's name) that this app's maps can show, by
 * MapLibre's string id; each is translated under `map.controls.<id with _ for .>`.
 */
export const MAP_UI_STRINGS = [
  'AttributionControl.ToggleAttribution',
  'AttributionControl.MapFeedback',
  'FullscreenControl.Enter',
  'FullscreenControl.Exit',
  'GeolocateControl.FindMyLocation',
  'GeolocateControl.LocationNotAvailable',
  'LogoControl.Title',
  'Map.Title',
  'Marker.Title',
  'NavigationControl.ResetBearing',
  'NavigationControl.ZoomIn',
  'NavigationControl.ZoomOut',
  'Popup.Close',
  'GlobeControl.Enable',
  'GlobeControl.Disable',
  'TerrainControl.Enable',
  'TerrainControl.Disable',
] as const;

export const mapUiKey = (id: (typeof MAP_UI_STRINGS)[number]) => `map.controls.${id.replace('.', '_')}`;

/** The `locale` table MapLibre takes, in the current language. */
export function mapLocale(t: TFunction): Record<string, string> {
  return Object.fromEntries(MAP_UI_STRINGS.map((id) => [id, t(mapUiKey(id))]));
}
