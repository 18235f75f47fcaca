/**
 * The optional `config.json` beside the web app (spec §7): branding a deployment sets without a
 * rebuild. Absent, or answered by the server's HTML fallback, it counts as empty.
 */
export interface WebConfig {
  /** Service name shown as the brand when there is no logo. */
  title?: string;
  /** Logo image URL for the top bar. */
  logo?: string;
  /** WhatsApp number (digits, with country code) for the floating contact link. */
  whatsapp?: string;
  /** Push settings: `{"push": {"enabled": false}}` (or `"push": false`) hides the top bar's push button. */
  push?: { enabled: boolean };
}

const CONFIG_URL = '/config.json';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function parseWebConfig(value: unknown): WebConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const whatsapp = typeof record.whatsapp === 'number' ? String(record.whatsapp) : record.whatsapp;
  const push = record.push as { enabled?: unknown } | boolean | undefined;
  const pushEnabled = push !== false && !(typeof push === 'object' && push !== null && push.enabled === false);
  return { title: text(record.title), logo: text(record.logo), whatsapp: text(whatsapp), push: { enabled: pushEnabled } };
}

export async function getWebConfig(): Promise<WebConfig> {
  try {
    const response = await fetch(CONFIG_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return {};
    return parseWebConfig(await response.json());
  } catch {
    return {};
  }
}
