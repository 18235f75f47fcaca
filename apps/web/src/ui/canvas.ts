/** A 2D context `width`×`height` CSS pixels large at `pixelRatio`, for images read back at once. */
export function canvas(width: number, height: number, pixelRatio: number): CanvasRenderingContext2D {
  const element = document.createElement('canvas');
  element.width = Math.ceil(width * pixelRatio);
  element.height = Math.ceil(height * pixelRatio);
  // read back at once: a software canvas spares the GPU round trip of getImageData
  const context = element.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2D canvas unavailable');
  context.scale(pixelRatio, pixelRatio);
  return context;
}

export function pixels(context: CanvasRenderingContext2D): ImageData {
  return context.getImageData(0, 0, context.canvas.width, context.canvas.height);
}

/** A disc filled with `fill` and ringed at its edge with `ring`. */
export function ringedDisc(context: CanvasRenderingContext2D, centre: number, radius: number, fill: string, ring: string, ringWidth: number): void {
  context.beginPath();
  context.arc(centre, centre, radius, 0, Math.PI * 2);
  context.fillStyle = fill;
  context.fill();
  context.lineWidth = ringWidth;
  context.strokeStyle = ring;
  context.stroke();
}

/** A closed shape through `points`, filled and outlined in white so that it reads on any map. */
export function outlinedShape(context: CanvasRenderingContext2D, points: readonly [number, number][], color: string): void {
  context.beginPath();
  points.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.closePath();
  context.fillStyle = color;
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.fill();
  context.stroke();
}

/** The rounded plate behind a label, `width`×`height` with a hairline edge. */
export function plate(context: CanvasRenderingContext2D, width: number, height: number, radius: number, fill: string, edge: string): void {
  context.beginPath();
  context.roundRect(0.5, 0.5, width - 1, height - 1, radius);
  context.fillStyle = fill;
  context.strokeStyle = edge;
  context.lineWidth = 1;
  context.fill();
  context.stroke();
}
