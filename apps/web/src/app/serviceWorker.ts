import { createStore, useStore } from '../state/store.ts';

/** A newer build's worker, installed and waiting for the user's OK; null while the page is current. */
const waitingWorker = createStore<ServiceWorker | null>(null);

/** How often a long-open page asks whether a new build was deployed. */
const UPDATE_CHECK_MS = 15 * 60_000;

/**
 * Registers /sw.js (production builds only: the dev server has none). A worker that installs while
 * another controls the page is a new build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').then(
    (registration) => {
      const offer = (worker: ServiceWorker | null) => {
        if (worker && navigator.serviceWorker.controller) waitingWorker.set(worker);
      };
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    (error: unknown) => console.warn('Service worker not registered', error),
  );
}

/** Lets the waiting worker take over, then reloads into the new build. */
export function activateNewVersion(): void {
  const worker = waitingWorker.get();
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage('activate-new-version');
}

export function useNewVersionWaiting(): boolean {
  return useStore(waitingWorker) !== null;
}
