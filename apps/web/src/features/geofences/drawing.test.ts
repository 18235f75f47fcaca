import { describe, expect, it } from 'vitest';
import { canDeleteActive, deleteActive, drawingState, reshaped, startDrawing, startEditing, type Drawing } from './drawing.ts';
import type { Shape } from './shapes.ts';

const square: Shape = { kind: 'polygon', ring: [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]] };

describe('geofence editing states (spec §4)', () => {
  it('goes idle → started → circle centre set → completed', () => {
    expect(drawingState(null)).toBe(0);
    const circle = startDrawing('circle');
    expect(drawingState(circle)).toBe(1);
    expect(drawingState({ ...circle, clicks: 1 })).toBe(2);
    expect(drawingState(reshaped({ ...circle, clicks: 2 }, { kind: 'circle', center: [0, 0], radius: 10 }))).toBe(3);
    // polygons accumulate points without a centre state
    expect(drawingState({ ...startDrawing('polygon'), clicks: 3 })).toBe(1);
  });

  it('starts an edit from the existing shape, completed', () => {
    const editing = startEditing(square);
    expect(editing).toMatchObject({ kind: 'polygon', mode: 'edit', shape: square });
    expect(drawingState(editing)).toBe(3);
  });

  it('deletes the picked vertex down to a triangle, and drops the pick when points change', () => {
    let editing: Drawing = { ...startEditing(square), active: 2 };
    expect(canDeleteActive(editing)).toBe(true);
    editing = deleteActive(editing);
    expect(editing.active).toBeNull();
    expect(editing.shape).toEqual({ kind: 'polygon', ring: [[0, 0], [1, 0], [0, 1], [0, 0]] });
    expect(canDeleteActive({ ...editing, active: 0 })).toBe(false);
    expect(deleteActive({ ...editing, active: 0 }).shape).toBe(editing.shape);

    const picked = { ...startEditing(square), active: 1 };
    const dragged: Shape = { kind: 'polygon', ring: [[0, 0], [2, 0], [1, 1], [0, 1], [0, 0]] };
    expect(reshaped(picked, dragged).active).toBe(1);
    const inserted: Shape = { kind: 'polygon', ring: [[0, 0], [0.5, 0], [1, 0], [1, 1], [0, 1], [0, 0]] };
    expect(reshaped(picked, inserted).active).toBeNull();
  });
});
