import { SOCKET_RECONNECT_MS, type SocketMessage } from '@rastro/api';
import { API_BASE } from './http.ts';

export interface LiveSocketHandlers {
  onMessage: (message: SocketMessage) => void;
  /** Called on every open; `reconnected` is false the first time. */
  onOpen?: (reconnected: boolean) => void;
}

export interface LiveSocket {
  /** Closes for good: no reconnect follows. */
  close: () => void;
}

/** The socket is on the page's own origin, ws or wss to match the page. */
export function socketUrl(page: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}${API_BASE}/socket`;
}

export function parseSocketMessage(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Opens /api/socket (the session cookie authenticates it) and reopens it 5 s after every close. */
export function openLiveSocket(handlers: LiveSocketHandlers): LiveSocket {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let opened = false;

  const connect = () => {
    socket = new WebSocket(socketUrl(window.location));
    socket.onopen = () => {
      handlers.onOpen?.(opened);
      opened = true;
    };
    socket.onmessage = (event) => {
      const message = parseSocketMessage(event.data);
      if (message) handlers.onMessage(message);
    };
    socket.onclose = () => {
      socket = null;
      if (!closed) retry = setTimeout(connect, SOCKET_RECONNECT_MS);
    };
  };
  connect();

  return {
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
