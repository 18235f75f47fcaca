/** A translation catalog: nested objects of texts. */
export type Catalog = { [key: string]: string | Catalog };

/**
 * Merges the shared catalog with the features' own (`features/<area>/i18n/<locale>.json`), so
 * each feature keeps its texts beside its code. A key defined twice is a mistake: it throws.
 */
export function mergeCatalogs(parts: Catalog[], path = ''): Catalog {
  const merged: Catalog = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = merged[key];
      if (existing === undefined) merged[key] = value;
      else if (typeof existing !== 'string' && typeof value !== 'string') merged[key] = mergeCatalogs([existing, value], `${path}${key}.`);
      else throw new Error(`translation key ${path}${key} is defined twice`);
    }
  }
  return merged;
}
