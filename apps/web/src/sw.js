// Rastro's service worker, build __BUILD_ID__. It caches nothing and answers no requests: its only
// job is to notice a new build. Each build stamps its id above, so the browser sees a changed worker,
// installs it beside the running one and the page offers a reload; the page's OK lets it take over.

self.addEventListener('message', (event) => {
  if (event.data === 'activate-new-version') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
