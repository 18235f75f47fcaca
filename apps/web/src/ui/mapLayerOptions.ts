import { MAP_LAYERS } from '@rastro/api';
import type { FieldOption } from './entity/fields.ts';

/**
 * The base maps a `map` setting may name, as select options: the layers the web map draws
 * (features/map/tiles.ts), each under its name in the shared catalog. The form's empty choice
 * leaves it to the next setting (the user's to the server's, the server's to the street map).
 */
export function mapLayerOptions(t: (key: string) => string): FieldOption[] {
  return MAP_LAYERS.map((id) => ({ value: id, label: t(`mapLayers.${id}`) }));
}
