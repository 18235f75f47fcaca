import { MIN_VERTICES, vertices, withoutVertex, type Shape, type ShapeKind } from './shapes.ts';

/**
 * A drawing or editing session on the map (spec §4). `draw` starts from nothing; `edit` starts from
 * the form's shape. Either way the form keeps its own shape until 'Concluir', so Cancel (which just
 * drops the session) restores it untouched.
 */
export interface Drawing {
  kind: ShapeKind;
  mode: 'draw' | 'edit';
  /** Map clicks since a drawing started (circle: 1 = centre set). */
  clicks: number;
  shape: Shape | null;
  /** The vertex picked on the map, which the delete button removes. */
  active: number | null;
}

/** Spec §4: 0 idle, 1 editing started (with its kind), 2 circle centre set, 3 completed. */
export type DrawingState = 0 | 1 | 2 | 3;

export function drawingState(drawing: Drawing | null): DrawingState {
  if (!drawing) return 0;
  if (drawing.shape) return 3;
  return drawing.kind === 'circle' && drawing.clicks > 0 ? 2 : 1;
}

export const startDrawing = (kind: ShapeKind): Drawing => ({ kind, mode: 'draw', clicks: 0, shape: null, active: null });

export const startEditing = (shape: Shape): Drawing => ({ kind: shape.kind, mode: 'edit', clicks: 0, shape, active: null });

/** A new shape from the map; a vertex count change (midpoint inserted, vertex deleted) drops the pick. */
export function reshaped(drawing: Drawing, shape: Shape | null): Drawing {
  const sameCount = drawing.shape && shape && vertices(drawing.shape).length === vertices(shape).length;
  return { ...drawing, shape, active: sameCount ? drawing.active : null };
}

/** Whether the picked vertex may go: polygons keep 3 points, lines 2. */
export function canDeleteActive(drawing: Drawing): boolean {
  const { shape, active } = drawing;
  return active !== null && !!shape && shape.kind !== 'circle' && active < vertices(shape).length && vertices(shape).length > MIN_VERTICES[shape.kind];
}

export function deleteActive(drawing: Drawing): Drawing {
  if (!canDeleteActive(drawing)) return drawing;
  return { ...drawing, shape: withoutVertex(drawing.shape!, drawing.active!), active: null };
}
