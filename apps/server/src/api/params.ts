import { z } from 'zod';
import { ClientError } from '../domain/errors.ts';
import { asText } from '../domain/json.ts';
import { parseTime } from '../domain/time.ts';

/** Query-string helpers: repeated keys arrive as arrays; every value is checked. */
export function list(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(asText);
}

export function ids(value: unknown, name: string): number[] {
  return list(value).map((text) => {
    const id = Number(text);
    if (!Number.isInteger(id) || id < 0) throw new ClientError(`${name} must be a non-negative integer, got "${text}"`);
    return id;
  });
}

export function optionalId(value: unknown, name: string): number | null {
  const [first] = ids(value, name);
  return first ?? null;
}

export function time(value: unknown, name: string): number {
  const [text] = list(value);
  if (text === undefined) throw new ClientError(`${name} is required`);
  const millis = parseTime(text);
  if (millis === null) throw new ClientError(`${name} must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T10:00:00Z`);
  return millis;
}

export const flagParam = (value: unknown) => list(value)[0] === 'true';

export const pathId = z.object({ id: z.coerce.number().int().positive() });

/** Parses a body with a zod schema; a mismatch is a 400 listing every problem. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    throw new ClientError(`Invalid request: ${problems.join('; ')}`);
  }
  return result.data;
}
