/** Marker images drawn on canvases: the offline map has no sprite or glyph server. */

/** An arrow pointing up (north); symbol layers rotate it by the course. */
export function arrowImage(size: number, color: string, pixelRatio: number): ImageData {
  const side = Math.round(size * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.scale(pixelRatio, pixelRatio);
  context.beginPath();
  context.moveTo(size / 2, 1);
  context.lineTo(size - 2, size - 2);
  context.lineTo(size / 2, size * 0.7);
  context.lineTo(2, size - 2);
  context.closePath();
  context.fillStyle = color;
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.fill();
  context.stroke();
  return context.getImageData(0, 0, side, side);
}

/** An open chevron pointing up, drawn inside a route line to show the direction of travel. */
export function chevronImage(size: number, color: string, pixelRatio: number): ImageData {
  const side = Math.round(size * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.scale(pixelRatio, pixelRatio);
  context.beginPath();
  context.moveTo(size * 0.2, size * 0.7);
  context.lineTo(size / 2, size * 0.35);
  context.lineTo(size * 0.8, size * 0.7);
  context.strokeStyle = color;
  context.lineWidth = 2;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.stroke();
  return context.getImageData(0, 0, side, side);
}

/** A rounded label (a stop's duration) for a symbol layer: the map has no glyph server for text. */
export function labelImage(text: string, color: string, pixelRatio: number): ImageData {
  const font = '600 12px Roboto, Helvetica, Arial, sans-serif';
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('2D canvas unavailable');
  measure.font = font;
  const width = Math.ceil(measure.measureText(text).width) + 12;
  const height = 20;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * pixelRatio);
  canvas.height = Math.round(height * pixelRatio);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.scale(pixelRatio, pixelRatio);
  context.beginPath();
  context.roundRect(0.5, 0.5, width - 1, height - 1, 6);
  context.fillStyle = color;
  context.fill();
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.font = font;
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2 + 0.5);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
