import { requestJson } from './http.ts';

/** One entry of the server's log (`GET /api/server/logs`), newest first. */
export interface ServerLogEntry {
  time: string;
  level: string;
  message: string;
}

export const SERVER_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type ServerLogLevel = (typeof SERVER_LOG_LEVELS)[number];

/** The server's recent log entries at `level` or above (administrators). */
export function getServerLogs(level: ServerLogLevel, limit = 500): Promise<ServerLogEntry[]> {
  return requestJson('/server/logs', { query: { level, limit } });
}
