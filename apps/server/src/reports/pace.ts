import type { FastifyReply } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ClientError } from '../domain/errors.ts';

/**
 * Report work shares the event loop: SQLite queries (better-sqlite3) are synchronous and their
 * promises resolve as microtasks, so a report built in one go holds the loop for its whole run
 * and every other request (health checks, device ingestion) waits behind it. A `Pace` lets other
 * work run every SLICE_MS and stops the report when its client has gone away.
 */
const SLICE_MS = 5;

/** What report work has done in this process: items stepped through, turns handed back, reports cancelled. */
export const reportWork = { steps: 0, yields: 0, cancelled: 0 };

/** The client closed the connection: nobody reads the answer (nginx's 499). */
export class ReportCancelled extends ClientError {
  constructor() {
    super('Client closed request', 499);
  }
}

export class Pace {
  private since = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  /** Call between items: hands the loop over once the slice is used up, throws once the client is gone. */
  async step(): Promise<void> {
    reportWork.steps++;
    if (performance.now() - this.since >= SLICE_MS) {
      reportWork.yields++;
      await nextTurn();
      this.since = performance.now();
    }
    if (this.signal?.aborted) {
      reportWork.cancelled++;
      throw new ReportCancelled();
    }
  }

  /** `items` mapped one by one, stepping between them. */
  async map<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
    const out: R[] = [];
    for (const item of items) {
      await this.step();
      out.push(fn(item));
    }
    return out;
  }
}

/** A pace for one request: aborted when the connection closes before the answer was sent. */
export function paceOf(reply: FastifyReply): Pace {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Pace(controller.signal);
}

/** A JSON array written in slices, so a large answer does not stop the loop while it is serialised. */
export async function jsonArray(items: readonly unknown[], pace: Pace): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += 500) {
    await pace.step();
    parts.push(items.slice(i, i + 500).map((item) => JSON.stringify(item)).join(','));
  }
  return `[${parts.join(',')}]`;
}
