import { CATEGORY_GLYPHS, type GlyphPart } from '../../devices/index.ts';
import { canvas, outlinedShape, plate, ringedDisc } from '../../../ui/canvas.ts';

const glyphCache = new Map<string, { path: Path2D; evenodd: boolean }[]>();

function glyphPaths(category: string): { path: Path2D; evenodd: boolean }[] {
  let paths = glyphCache.get(category);
  if (!paths) {
    const parts: GlyphPart[] = CATEGORY_GLYPHS[category as keyof typeof CATEGORY_GLYPHS] ?? CATEGORY_GLYPHS.default;
    paths = parts.map((part) => ({ path: new Path2D(part.d), evenodd: part.evenodd === true }));
    glyphCache.set(category, paths);
  }
  return paths;
}

/** Marker size in CSS pixels; the disc leaves room for the status ring. */
export const MARKER_SIZE = 36;

export interface MarkerStyle {
  category: string;
  fill: string;
  glyph: string;
  ring: string;
}

/** A device marker: a disc in the device's colour, its category glyph, and a ring in the status colour. */
export function drawMarker({ category, fill, glyph, ring }: MarkerStyle, pixelRatio: number): CanvasRenderingContext2D {
  const context = canvas(MARKER_SIZE, MARKER_SIZE, pixelRatio);
  const centre = MARKER_SIZE / 2;
  ringedDisc(context, centre, centre - 2.5, fill, ring, 3);
  const glyphSize = 20;
  context.translate(centre - glyphSize / 2, centre - glyphSize / 2);
  context.scale(glyphSize / 24, glyphSize / 24);
  context.fillStyle = glyph;
  for (const { path, evenodd } of glyphPaths(category)) context.fill(path, evenodd ? 'evenodd' : 'nonzero');
  return context;
}

/** Size of the heading image, which turns around the marker's centre. */
export const DIRECTION_SIZE = 52;

/** A pointer just outside the marker's ring, at the top: rotated by the course, it shows the heading. */
export function drawDirection(color: string, pixelRatio: number): CanvasRenderingContext2D {
  const context = canvas(DIRECTION_SIZE, DIRECTION_SIZE, pixelRatio);
  const centre = DIRECTION_SIZE / 2;
  outlinedShape(context, [[centre, 1], [centre + 6.5, 9.5], [centre - 6.5, 9.5]], color);
  return context;
}

const LABEL_FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const LABEL_MAX_WIDTH = 180;

/** Text on a light rounded plate: map labels without a glyph server. */
export function drawLabel(text: string, pixelRatio: number): CanvasRenderingContext2D {
  const measure = canvas(1, 1, 1);
  measure.font = LABEL_FONT;
  let shown = text;
  while (shown.length > 1 && measure.measureText(shown).width > LABEL_MAX_WIDTH) shown = shown.slice(0, -1);
  if (shown !== text) shown = `${shown.trimEnd()}…`;
  const width = Math.ceil(measure.measureText(shown).width) + 12;
  const height = 20;
  const context = canvas(width, height, pixelRatio);
  plate(context, width, height, 5, 'rgba(255, 255, 255, 0.92)', 'rgba(0, 0, 0, 0.25)');
  context.font = LABEL_FONT;
  context.fillStyle = '#1f2933';
  context.textBaseline = 'middle';
  context.fillText(shown, 6, height / 2 + 0.5);
  return context;
}

/** A cluster: a disc sized by its count, the count written in it. */
export function drawCluster(count: string, color: string, pixelRatio: number): CanvasRenderingContext2D {
  const size = 30 + Math.min(4, count.length) * 4;
  const context = canvas(size, size, pixelRatio);
  const centre = size / 2;
  ringedDisc(context, centre, centre - 4, color, 'rgba(255, 255, 255, 0.75)', 4);
  context.font = '700 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(count, centre, centre + 0.5);
  return context;
}
