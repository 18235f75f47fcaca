import type { LiveSocket } from './socket-hub.ts';

/** A socket whose frames are held until its opening frame has been sent, then sent in order. */
export class FramesAfterOpening implements LiveSocket {
  private held: string[] | null = [];

  constructor(private readonly socket: LiveSocket & { readonly OPEN: number }) {}

  get readyState(): number {
    return this.socket.readyState;
  }

  send(text: string): void {
    if (this.held) this.held.push(text);
    else this.socket.send(text);
  }

  /** Sends the opening frame, then the frames held meanwhile. */
  open(opening: string): void {
    const held = this.held ?? [];
    this.held = null;
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(opening);
    for (const text of held) this.socket.send(text);
  }
}
