import { describe, expect, it } from 'vitest';
import { FramesAfterOpening } from './frames-after-opening.ts';

/** Records what reaches the wire of a socket in a given state (1 open, 3 closed, as WebSocket). */
function wire(readyState = 1) {
  const sent: string[] = [];
  return { sent, socket: { OPEN: 1, readyState, send: (text: string) => void sent.push(text) } };
}

describe('FramesAfterOpening', () => {
  it('sends the opening frame first and the frames that came meanwhile after it, in order', () => {
    const { sent, socket } = wire();
    const live = new FramesAfterOpening(socket);
    live.send('{"positions":[{"id":7}]}');
    live.send('{"events":[]}');
    expect(sent).toEqual([]);
    live.open('{"positions":[{"id":1},{"id":2}]}');
    expect(sent).toEqual(['{"positions":[{"id":1},{"id":2}]}', '{"positions":[{"id":7}]}', '{"events":[]}']);
    live.send('{}');
    expect(sent.at(-1)).toBe('{}');
  });

  it('sends nothing on a socket that closed before its opening frame', () => {
    const { sent, socket } = wire(3);
    const live = new FramesAfterOpening(socket);
    live.send('{"positions":[]}');
    live.open('{"positions":[]}');
    expect(sent).toEqual([]);
  });
});
