import type { Device, Event, Position } from './models.ts';

/** A frame pushed on /api/socket. `{}` is the keepalive. */
export interface SocketMessage {
  devices?: Device[];
  positions?: Position[];
  events?: Event[];
}
