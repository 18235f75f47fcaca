/**
 * Lazy (safe-mode) deletion (spec §3): a soft-deleted device keeps its row, positions and events
 * under a uniqueId of exactly three dash-separated parts, `deleted-<epoch ms>-<original>`, which
 * frees the original identifier for a new device and hides the old one. The original's own dashes
 * (IMEIs rarely have any, hand-typed identifiers often do) are percent-escaped, with `%` itself, so
 * the third part never holds a dash and the original comes back byte for byte on restore.
 */

export const DELETED_PREFIX = 'deleted';

/** SQL LIKE pattern matching every soft-deleted uniqueId (and, by construction, nothing else). */
export const DELETED_UNIQUE_ID_PATTERN = `${DELETED_PREFIX}-%-%`;

const SHAPE = /^deleted-(\d+)-([^-]*)$/;

function escape(original: string): string {
  return original.replace(/%/g, '%25').replace(/-/g, '%2D');
}

function unescape(encoded: string): string | null {
  // only the two escapes this module writes are valid
  if (/%(?!25|2D)/i.test(encoded)) return null;
  return encoded.replace(/%2D/gi, '-').replace(/%25/g, '%');
}

/** The uniqueId a device is stored under once soft-deleted at `deletedAt`. */
export function deletedUniqueId(original: string, deletedAt: number): string {
  return `${DELETED_PREFIX}-${Math.trunc(deletedAt)}-${escape(original)}`;
}

/**
 * Whether a uniqueId marks a soft-deleted device. Kept loose on purpose (the SQL pattern's
 * meaning): any identifier starting `deleted-` with a further dash is reserved, so that a client
 * cannot create a device the lists would hide.
 */
export function isDeletedUniqueId(uniqueId: string): boolean {
  return uniqueId.startsWith(`${DELETED_PREFIX}-`) && uniqueId.indexOf('-', DELETED_PREFIX.length + 1) !== -1;
}

/** The original identifier and the deletion time of a soft-deleted uniqueId; null when it is not one. */
export function parseDeletedUniqueId(uniqueId: string): { original: string; deletedAt: number } | null {
  const match = SHAPE.exec(uniqueId);
  if (!match) return null;
  const original = unescape(match[2]);
  if (original === null || original === '') return null;
  return { original, deletedAt: Number(match[1]) };
}
