/** Marker images drawn on canvases: the offline map has no sprite or glyph server. */
import { canvas, outlinedShape, pixels, plate } from '../../../ui/canvas.ts';

/** An arrow pointing up (north); symbol layers rotate it by the course. */
export function arrowImage(size: number, color: string, pixelRatio: number): ImageData {
  const context = canvas(size, size, pixelRatio);
  outlinedShape(context, [[size / 2, 1], [size - 2, size - 2], [size / 2, size * 0.7], [2, size - 2]], color);
  return pixels(context);
}

/** An open chevron pointing up, drawn inside a route line to show the direction of travel. */
export function chevronImage(size: number, color: string, pixelRatio: number): ImageData {
  const context = canvas(size, size, pixelRatio);
  context.beginPath();
  context.moveTo(size * 0.2, size * 0.7);
  context.lineTo(size / 2, size * 0.35);
  context.lineTo(size * 0.8, size * 0.7);
  context.strokeStyle = color;
  context.lineWidth = 2;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.stroke();
  return pixels(context);
}

/** A rounded label (a stop's duration) for a symbol layer: the map has no glyph server for text. */
export function labelImage(text: string, color: string, pixelRatio: number): ImageData {
  const font = '600 12px Roboto, Helvetica, Arial, sans-serif';
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('2D canvas unavailable');
  measure.font = font;
  const width = Math.ceil(measure.measureText(text).width) + 12;
  const height = 20;
  const context = canvas(width, height, pixelRatio);
  plate(context, width, height, 6, color, '#ffffff');
  context.font = font;
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2 + 0.5);
  return pixels(context);
}
