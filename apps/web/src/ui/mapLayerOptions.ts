import { MAP_LAYERS, mapLayerOf } from '@rastro/api';
import type { FieldOption, FieldSpec } from './entity/fields.ts';

/**
 * The base maps a `map` setting may name, as select options: the layers the web map draws
 * (features/map/tiles.ts), each under its name in the shared catalog. The form's empty choice
 * leaves it to the next setting (the user's to the server's, the server's to the street map).
 * A value none of them names is kept and shown as "Other" (the field's `keepOther`).
 */
export function mapLayerOptions(t: (key: string) => string): FieldOption[] {
  return MAP_LAYERS.map((id) => ({ value: id, label: t(`mapLayers.${id}`) }));
}

/**
 * A user or the server as its form edits it: a Traccar layer id with an equivalent here
 * (`mapTilerBasic`) reads as ours (`mapTilerStreets`, @rastro/api mapLayerOf) and is saved so;
 * any other value is left as it is, not to lose it.
 */
export function withMapLayer<T extends { map: string | null }>(item: T): T {
  const layer = mapLayerOf(item.map);
  return layer && layer !== item.map ? { ...item, map: layer } : item;
}

/**
 * The keys of the keyed providers the tile proxy draws (MapTiler, Mapbox), as the server, the user
 * editor and My account edit them: password fields, masked when the server reads them back. Each
 * form names them in its own catalog (`<ns>.mapTilerKey`, `<ns>.mapboxAccessToken`, `<ns>.mapKeyHelp`).
 */
export function mapKeyFields<T>(t: (key: string) => string, ns: 'server' | 'users' | 'account', section: string): FieldSpec<T>[] {
  return (['mapTilerKey', 'mapboxAccessToken'] as const).map((key) => ({
    path: `attributes.${key}`, label: t(`${ns}.${key}`), kind: 'password', helper: t(`${ns}.mapKeyHelp`), section,
  }));
}
