import type { ReactNode } from 'react';

export type FieldKind = 'text' | 'multiline' | 'password' | 'number' | 'boolean' | 'select' | 'multiselect' | 'color' | 'datetime' | 'custom';

export interface FieldOption {
  value: string | number;
  /** Text shown, already translated. */
  label: string;
  /** Shown disabled with this note, e.g. a channel the server has not configured. */
  note?: string;
}

/**
 * One field of an edit form. `path` addresses the wire object: `name`, or `attributes.speedLimit`
 * for a value kept among the attributes. Labels are already translated.
 */
export interface FieldSpec<T = unknown> {
  path: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  minLength?: number;
  /** Messages instead of the generic ones, e.g. spec §5's 'Field name is required.'. */
  requiredMessage?: string;
  minLengthMessage?: string;
  /** Shown value = wire value × scale (knots → km/h, metres → km). */
  scale?: number;
  /** Multiselects are stored as a comma list (notificators, alarms). */
  options?: FieldOption[];
  /**
   * A select's stored value that none of the options names (saved by Traccar or an older version)
   * is shown as "Other: value" and kept on save, not lost as an empty choice.
   */
  keepOther?: boolean;
  helper?: string;
  /**
   * What a boolean attribute means while it is not stored (off unless said): the box shows it, and
   * only a choice that differs from it is stored, e.g. a server switch that is on by default.
   */
  defaultValue?: boolean;
  /** Fields are grouped under these headings, in first-seen order. */
  section?: string;
  visible?: (item: T) => boolean;
  render?: (item: T, change: (item: T) => void) => ReactNode;
}

type Bag = Record<string, unknown>;

/** `attributes.tarkan.lang` is the key `tarkan.lang` of `attributes`: only the first dot nests. */
function splitPath(path: string): [string, string | null] {
  const dot = path.indexOf('.');
  return dot < 0 ? [path, null] : [path.slice(0, dot), path.slice(dot + 1)];
}

export function readPath(item: unknown, path: string): unknown {
  const [head, key] = splitPath(path);
  const value = item && typeof item === 'object' ? (item as Bag)[head] : undefined;
  if (key === null) return value;
  return value && typeof value === 'object' ? (value as Bag)[key] : undefined;
}

/** A copy of `bag` with `name` set, or without it when `value` is `undefined`. */
function withKey(bag: Bag, name: string, value: unknown): Bag {
  if (value !== undefined) return { ...bag, [name]: value };
  const { [name]: _removed, ...others } = bag;
  return others;
}

/** A copy of `item` with `path` set; `undefined` removes the key (an attribute left empty is not stored). */
export function writePath<T>(item: T, path: string, value: unknown): T {
  const [head, key] = splitPath(path);
  const bag = item as Bag;
  if (key === null) return withKey(bag, head, value) as T;
  const nested: Bag = { ...(bag[head] ?? {}) };
  return { ...bag, [head]: withKey(nested, key, value) } as T;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The value a field shows for the wire object. */
export function displayValue(field: FieldSpec, item: unknown): string | number | boolean | string[] {
  const raw = readPath(item, field.path);
  switch (field.kind) {
    case 'boolean':
      return raw === undefined || raw === null ? field.defaultValue === true : raw === true;
    case 'number':
      return typeof raw === 'number' ? round(raw * (field.scale ?? 1)) : '';
    case 'multiselect':
      return typeof raw === 'string' && raw ? raw.split(',') : [];
    case 'datetime':
      // the instant: DateTimeField shows it in the user's zone
      return typeof raw === 'string' && raw ? Date.parse(raw) : '';
    default:
      return raw === null || raw === undefined ? '' : (raw as string | number);
  }
}

/** The wire object after a field changed to `shown`. */
export function applyValue<T>(field: FieldSpec, item: T, shown: unknown): T {
  const inAttributes = field.path.startsWith('attributes.');
  const empty = inAttributes ? undefined : null;
  switch (field.kind) {
    case 'boolean': {
      const on = shown === true;
      // an attribute is stored only when it differs from what its absence means
      return writePath(item, field.path, inAttributes && on === (field.defaultValue ?? false) ? undefined : on);
    }
    case 'number': {
      if (shown === '' || shown === null) return writePath(item, field.path, empty);
      const number = Number(shown);
      return Number.isFinite(number) ? writePath(item, field.path, number / (field.scale ?? 1)) : item;
    }
    case 'multiselect': {
      const list = (shown as string[]).filter(Boolean);
      return writePath(item, field.path, list.length ? list.join(',') : empty);
    }
    case 'datetime':
      return writePath(item, field.path, typeof shown === 'number' && Number.isFinite(shown) ? new Date(shown).toISOString() : empty);
    case 'select': {
      const option = field.options?.find((o) => String(o.value) === String(shown));
      if (option) return writePath(item, field.path, option.value);
      // the stored value no option names, chosen again: kept as it is (EntityForm shows it as "Other")
      const stored = readPath(item, field.path);
      const kept = field.keepOther === true && (typeof stored === 'string' || typeof stored === 'number') && String(stored) === String(shown);
      return writePath(item, field.path, kept ? stored : empty);
    }
    default:
      return writePath(item, field.path, shown === '' && inAttributes ? undefined : shown);
  }
}

export type FieldProblem = 'required' | 'minLength';

/** Spec §5: the problems of a form, by field path; empty when it may be saved. */
export function validate<T>(fields: FieldSpec<T>[], item: T): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    if (field.visible && !field.visible(item)) continue;
    const value = readPath(item, field.path);
    const text = typeof value === 'string' ? value.trim() : value;
    if (field.required && (text === undefined || text === null || text === '')) problems[field.path] = 'required';
    // an optional field left empty is fine; typed text must be long enough
    else if (field.minLength && typeof text === 'string' && text !== '' && text.length < field.minLength) problems[field.path] = 'minLength';
  }
  return problems;
}
