import { z } from 'zod';

/** JSON value allowed inside an `attributes` object (values keep their JSON type). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Attributes = Record<string, JsonValue>;

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]),
);
export const attributesSchema = z.record(z.string(), jsonValueSchema);
