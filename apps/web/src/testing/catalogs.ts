/** A feature's i18n catalog as its JSON file holds it. */
export type Catalog = { [key: string]: string | Catalog };

/** The text of a dotted key, if the catalog has one. */
export function catalogText(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The keys some catalog lacks: keys built at run time escape the type check, so tests list them. */
export function missingKeys(keys: readonly string[], catalogs: readonly Catalog[]): string[] {
  return keys.filter((key) => catalogs.some((catalog) => !catalogText(catalog, key)));
}
