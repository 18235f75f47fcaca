import { createElement, lazy, type ComponentType } from 'react';

/** Spec §9: a page chunk that has not arrived in 120 s counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page component loaded on first use; `preload` starts loading it ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A route component loaded on first use, so each page only costs its own chunk. Once its code has
 * arrived (say, preloaded while the session was checked) it renders at once: React.lazy would still
 * suspend on its first render, and React holds a revealed boundary back for 300 ms.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Page load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    }).then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(start);
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  // a failed preload is the page's to report when it renders
  return Object.assign(Page, { preload: () => start().then(() => undefined, () => undefined) });
}
