import { registerPushToken, unregisterPushToken } from '../../api/push.ts';

/**
 * This browser's Web Push subscription, made through the service worker (/sw.js) with the
 * server's VAPID key and registered on the user with POST /tarkan/notification.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** The worker is registered once the page has loaded; without one (dev server) push is unsupported. */
const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with this key (the server's key may have been replaced). */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const expected = keyBytes(publicKey);
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((b, i) => b === expected[i]);
}

/**
 * The bell's state. A subscription that exists is registered again (the server forgets one the
 * push service reported gone, and this user may not be the one who subscribed).
 */
export async function readPushState(userId: number, publicKey: string): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  if (!madeWith(subscription, publicKey)) {
    await subscription.unsubscribe();
    return 'off';
  }
  await registerPushToken(userId, JSON.stringify(subscription));
  return 'on';
}

export async function turnPushOn(userId: number, publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  try {
    await registerPushToken(userId, JSON.stringify(subscription));
  } catch (error) {
    // a subscription the server does not know would never deliver: do not keep it
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Unregisters first, then unsubscribes even if that failed (a dead endpoint is removed on its first 410). */
export async function turnPushOff(userId: number): Promise<PushState> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return 'off';
  try {
    await unregisterPushToken(userId, JSON.stringify(subscription));
  } finally {
    await subscription.unsubscribe();
  }
  return 'off';
}

/** On logout: the next person signing in on this browser must not receive this user's alerts. */
export async function forgetPushSubscription(userId: number): Promise<void> {
  if (!pushSupported() || !(await navigator.serviceWorker.getRegistration())) return;
  await turnPushOff(userId).catch(() => undefined);
}
