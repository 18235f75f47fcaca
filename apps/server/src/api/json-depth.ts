import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientError } from '../domain/errors.ts';

/**
 * How deep a JSON body may nest. Traccar's objects are flat with one `attributes` map, whose values
 * are occasionally objects themselves; 32 levels leave room for any real client, while thousands of
 * levels would recurse through validation, serialization and logging until the stack gives out.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped); stops counting past `limit`. */
export function jsonDepth(text: string, limit = Number.MAX_SAFE_INTEGER): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Replaces the JSON body parser with Fastify's own (prototype-poisoning checks included) behind a
 * depth check, so a too-deep body is a clear 400 before anything walks it.
 */
export function boundJsonDepth(app: FastifyInstance): void {
  // Typed as either parser form; Fastify's own JSON parser is the callback one and returns nothing.
  const parse = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new ClientError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
