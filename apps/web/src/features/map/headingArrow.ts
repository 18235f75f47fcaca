/**
 * A small arrow drawn on a canvas (no sprite server offline). It sits above the device circle, so
 * rotating the whole icon by the course moves it around the circle to point the way the device goes.
 */
export const HEADING_IMAGE = 'heading-arrow';

export function headingArrowImage(pixelRatio: number): ImageData {
  const size = 36 * pixelRatio;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.scale(pixelRatio, pixelRatio);
  context.beginPath();
  context.moveTo(18, 0);
  context.lineTo(24, 8);
  context.lineTo(12, 8);
  context.closePath();
  context.fillStyle = '#263238';
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.fill();
  context.stroke();
  return context.getImageData(0, 0, size, size);
}
