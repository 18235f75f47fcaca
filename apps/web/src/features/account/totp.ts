/**
 * Two-step verification (RFC 6238 TOTP as authenticator apps use it: SHA-1, 6 digits, 30 s).
 * The server keeps the secret in the user's `totpKey` and checks the code at sign-in; the web app
 * shows the secret as an `otpauth://` QR code and checks one code itself before saving it, so a
 * secret that did not reach the phone never locks the user out.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;

export const TOTP_ISSUER = 'Rastro';

/** What an authenticator app scans: `otpauth://totp/Rastro:{email}?secret=…&issuer=Rastro`. */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?${new URLSearchParams({ secret, issuer: TOTP_ISSUER })}`;
}

/** The secret in groups of four, easier to type into an app that cannot scan. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return new Uint8Array(bytes);
}

/** The code of the 30-second step `counter` (HOTP over HMAC-SHA-1, RFC 4226 truncation). */
export async function totpCode(secret: string, counter: number, digits = 6): Promise<string> {
  const key = await crypto.subtle.importKey('raw', base32Decode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message.buffer));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Whether `code` is the secret's code now, or one step before or after (a phone's clock drifts). */
export async function checkTotp(secret: string, code: string, now: number = Date.now()): Promise<boolean> {
  const step = Math.floor(now / 1000 / STEP_SECONDS);
  for (const counter of [step, step - 1, step + 1]) {
    if ((await totpCode(secret, counter)) === code) return true;
  }
  return false;
}
