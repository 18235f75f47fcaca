import type { FastifyInstance } from 'fastify';
import { ClientError } from '../domain/errors.ts';
import { requireUser } from './auth.ts';
import type { ApiContext } from './context.ts';
import { list } from './params.ts';

/** How many recent log entries are kept, and the longest one kept whole. */
const ENTRIES = 1000;
const LINE_CHARS = 4096;

/** pino's numeric levels by name. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const LEVEL_NAMES = Object.fromEntries(Object.entries(LEVELS).map(([name, n]) => [n, name]));

export interface LogEntry {
  time: string;
  level: string;
  message: string;
}

/**
 * The server log's recent lines, bounded: the logger writes each line to standard output as before
 * and into this ring, oldest dropped first. Lines are already masked (the logger's maskSecrets).
 */
export class LogRing {
  private readonly lines: string[] = [];
  private next = 0;

  /** `output` gets every line (standard output by default), the ring keeps the recent ones as JSON. */
  constructor(private readonly output: (line: string) => void = (line) => void process.stdout.write(line)) {}

  /** A pino destination: the output, and the ring. */
  readonly stream = {
    write: (line: string): void => {
      this.output(line);
      this.push(line);
    },
  };

  push(line: string): void {
    const kept = line.length > LINE_CHARS ? line.slice(0, LINE_CHARS) : line;
    if (this.lines.length < ENTRIES) this.lines.push(kept);
    else this.lines[this.next] = kept;
    this.next = (this.next + 1) % ENTRIES;
  }

  /** Newest first, at most `limit`, at `minLevel` or above. */
  recent(limit: number, minLevel: number): LogEntry[] {
    const ordered = this.lines.length < ENTRIES ? [...this.lines] : [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
    const entries: LogEntry[] = [];
    for (let i = ordered.length - 1; i >= 0 && entries.length < limit; i--) {
      const entry = parse(ordered[i]);
      if ((LEVELS[entry.level] ?? 0) >= minLevel) entries.push(entry);
    }
    return entries;
  }
}

function parse(line: string): LogEntry {
  try {
    const record = JSON.parse(line) as Record<string, unknown>;
    const { time, level, msg, pid: _pid, hostname: _host, ...rest } = record;
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return {
      time: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
      level: LEVEL_NAMES[Number(level)] ?? String(level),
      message: `${typeof msg === 'string' ? msg : ''}${extra}`.trim(),
    };
  } catch {
    // cut short (a very long line) or not JSON: shown as written
    return { time: '', level: 'info', message: line.trim() };
  }
}

/**
 * `GET /api/server/logs` (spec §7): the server's recent log entries, newest first, for an
 * administrator; `limit` (1-1000, default 200) and `level` (the lowest shown, default info).
 */
export function serverLogRoutes(app: FastifyInstance, ctx: ApiContext, ring: LogRing): void {
  app.get('/api/server/logs', (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const query = request.query as Record<string, unknown>;
    const [limitText] = list(query.limit);
    const limit = limitText === undefined ? 200 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > ENTRIES) throw new ClientError(`limit must be an integer from 1 to ${ENTRIES}`);
    const [levelText = 'info'] = list(query.level);
    const minLevel = LEVELS[levelText];
    if (minLevel === undefined) throw new ClientError(`level must be one of ${Object.keys(LEVELS).join(', ')}`);
    return ring.recent(limit, minLevel);
  });
}
