import { TARKAN_BASE, requestJson, requestVoid } from './http.ts';

const tarkan = { base: TARKAN_BASE } as const;

/** The server's Web Push settings: off, or the VAPID public key to subscribe with (base64url). */
export interface PushInfo {
  enabled: boolean;
  publicKey: string | null;
}

export function getPushInfo(): Promise<PushInfo> {
  return requestJson('/push', tarkan);
}

/** Spec §7 POST /tarkan/notification: a push token (here a Web Push subscription's JSON) for a user. */
export function registerPushToken(userId: number, token: string): Promise<void> {
  return requestVoid('/notification', { ...tarkan, method: 'POST', json: { userId, token } });
}

export function unregisterPushToken(userId: number, token: string): Promise<void> {
  return requestVoid('/notification', { ...tarkan, method: 'DELETE', json: { userId, token } });
}
