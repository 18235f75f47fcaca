// Rastro's service worker, build __BUILD_ID__. It caches nothing and answers no requests: it notices
// a new build, and shows push notifications (below). Each build stamps its id above, so the browser sees a changed worker,
// installs it beside the running one and the page offers a reload; the page's OK lets it take over.

self.addEventListener('message', (event) => {
  if (event.data === 'activate-new-version') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Web Push (the server's `firebase` channel, apps/server/src/notifications/push.ts): the payload is
// {title, body, tag, url, ...}; the browser has already decrypted it.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Rastro', {
      body: message.body || '',
      icon: '/push-icon.png',
      badge: '/push-icon.png',
      tag: message.tag,
      data: { url: message.url || '/home' },
    }),
  );
});

// A click brings an open tab of the app forward (on the event's page), or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/home', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      await open.focus();
      if (open.url !== target && 'navigate' in open) await open.navigate(target).catch(() => undefined);
    })(),
  );
});
