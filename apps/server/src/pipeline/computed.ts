import type { Attributes, JsonValue } from '@rastro/api';
import { evaluate } from '../domain/expressions.ts';
import { asText } from '../domain/json.ts';
import type { ComputedInfo, DeviceContext } from './device-context.ts';
import type { StoredPosition, WorkingPosition } from '../position/types.ts';
import type { PositionHandler } from './types.ts';

/** Targets that set a position field instead of an attribute (Traccar's ComputedAttributesHandler). */
const FIELDS: ReadonlySet<string> = new Set(
  ['valid', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'address', 'accuracy'] satisfies (keyof WorkingPosition)[],
);

/** Variables an expression sees: the position's fields, then each attribute by name, then `last<Name>`. */
export function expressionVariables(position: WorkingPosition, last: StoredPosition | null, context: Pick<DeviceContext, 'lookup'>): Record<string, unknown> {
  const { attributes, ...fields } = position;
  const variables: Record<string, unknown> = { ...fields, ...attributes };
  if (last && context.lookup('processing.computedAttributes.lastAttributes') === true) {
    for (const [key, value] of Object.entries(last.attributes)) variables[`last${key[0].toUpperCase()}${key.slice(1)}`] = value;
  }
  return variables;
}

export function convert(value: unknown, type: string): JsonValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'boolean') return Boolean(value);
  return asText(value);
}

function apply(position: WorkingPosition, last: StoredPosition | null, context: DeviceContext, list: ComputedInfo[]): WorkingPosition {
  let current = position;
  for (const attribute of list) {
    let result: unknown;
    try {
      result = evaluate(attribute.expression, expressionVariables(current, last, context));
    } catch {
      // A failing expression is skipped, as in Traccar; the test button shows its error.
      continue;
    }
    const value = convert(result, attribute.type);
    if (FIELDS.has(attribute.attribute)) {
      if (value !== undefined) current = { ...current, [attribute.attribute]: attribute.attribute === 'valid' ? Boolean(value) : value };
      continue;
    }
    const { [attribute.attribute]: _removed, ...others } = current.attributes;
    const attributes: Attributes = value === undefined ? others : { ...current.attributes, [attribute.attribute]: value };
    current = { ...current, attributes };
  }
  return current;
}

/** Early pass: computed attributes with a negative priority, before any other processing. */
export const computedEarly: PositionHandler = (position, last, context) =>
  apply(position, last, context, context.computed.filter((a) => a.priority < 0));

/** Late pass: priority 0 and above, after motion (so expressions can read `motion`). */
export const computedLate: PositionHandler = (position, last, context) =>
  apply(position, last, context, context.computed.filter((a) => a.priority >= 0));
