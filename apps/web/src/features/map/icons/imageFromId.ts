import { drawCluster, drawDirection, drawLabel, drawMarker } from './drawing.ts';
import { parseImageId } from './imageIds.ts';

const CLUSTER_COLOR = '#1d4e89';

/** Draws the image an id describes (see imageIds.ts); null for ids of other images. */
export function drawImageFromId(id: string, pixelRatio: number): CanvasRenderingContext2D | null {
  const spec = parseImageId(id);
  if (!spec) return null;
  switch (spec.kind) {
    case 'device':
      return drawMarker(spec.style, pixelRatio);
    case 'direction':
      return drawDirection(spec.color, pixelRatio);
    case 'label':
      return drawLabel(spec.text, pixelRatio);
    case 'cluster':
      return drawCluster(spec.count, CLUSTER_COLOR, pixelRatio);
  }
}
