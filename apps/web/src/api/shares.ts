import { request } from './http.ts';

/** A temporary access token for one device, valid until `expiration`. */
export async function shareDevice(deviceId: number, expiration: Date): Promise<string> {
  const response = await request('/share/device', {
    method: 'POST',
    form: { deviceId: String(deviceId), expiration: expiration.toISOString() },
  });
  return (await response.text()).trim();
}

/** The public link that signs in with a share token. */
export function shareLink(origin: string, token: string): string {
  return `${origin}/share/${encodeURIComponent(token)}`;
}
