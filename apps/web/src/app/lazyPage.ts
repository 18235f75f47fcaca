import { lazy, type ComponentType } from 'react';

/** Spec §9: a page chunk that has not arrived in 120 s counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route component loaded on first use, so each page only costs its own chunk. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Page load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
  });
}
