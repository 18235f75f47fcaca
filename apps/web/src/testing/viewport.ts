/**
 * A screen width for component tests: jsdom has no layout and no `matchMedia`, so MUI's
 * `useMediaQuery` (breakpoints.down('sm') for a phone) never matches there. This `matchMedia`
 * answers width queries — `(min-width:…px)` and `(max-width:…px)`, joined with `and` — for the
 * width given, and nothing else matches (colour scheme, pointer kind).
 */
export function emulateWidth(width: number): () => void {
  const matches = (query: string): boolean => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    if (!conditions.length) return false;
    return conditions.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
  };
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        media: query,
        matches: matches(query),
        onchange: null,
        // the width never changes during a test: nothing to announce
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });
  return () => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}
