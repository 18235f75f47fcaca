import type { MarkerStyle } from './drawing.ts';

/**
 * Map image ids carry everything needed to draw the image, so a missing one can be drawn on demand
 * (MapLibre's `styleimagemissing`) without a lookup table.
 */
export type ImageSpec =
  | { kind: 'device'; style: MarkerStyle }
  | { kind: 'direction'; color: string }
  | { kind: 'label'; text: string }
  | { kind: 'cluster'; count: string };

export const deviceImageId = ({ category, fill, glyph, ring }: MarkerStyle) => `device:${category}:${fill}:${glyph}:${ring}`;
export const directionImageId = (color: string) => `direction:${color}`;
export const labelImageId = (text: string) => `label:${text}`;
export const clusterImageId = (count: string) => `cluster:${count}`;

export function parseImageId(id: string): ImageSpec | null {
  const separator = id.indexOf(':');
  const kind = id.slice(0, separator);
  const rest = id.slice(separator + 1);
  switch (kind) {
    case 'device': {
      const [category, fill, glyph, ring] = rest.split(':');
      return ring ? { kind, style: { category, fill, glyph, ring } } : null;
    }
    case 'direction':
      return { kind, color: rest };
    case 'label':
      return rest ? { kind, text: rest } : null;
    case 'cluster':
      return rest ? { kind, count: rest } : null;
    default:
      return null;
  }
}
