import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ServerSettings } from '../db/server-settings.ts';

/**
 * Traccar's own web app (traccar-web, served from RASTRO_WEB_ROOT) ships its page and its
 * manifest with `${title}`, `${description}` and `${colorPrimary}` for the server to fill from
 * the server settings' attributes, as Traccar's OverrideTextFilter does. Rastro's own page has
 * none of them and passes through untouched.
 */
const PLACEHOLDER = /\$\{(title|description|colorPrimary)\}/g;
const ANY_PLACEHOLDER = /\$\{(title|description|colorPrimary)\}/;
/** Traccar's own defaults, but for the name, which is this server's. */
const DEFAULTS = { title: 'Rastro', description: 'Rastro GPS Tracking System', colorPrimary: '#1a237e' } as const;
type Key = keyof typeof DEFAULTS;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The administrator's text goes into HTML or into a JSON string: escaped for where it lands. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
const escapeJsonString = (text: string) => JSON.stringify(text).slice(1, -1);

export function fillPlaceholders(text: string, attributes: Record<string, unknown>, kind: 'html' | 'json'): string {
  return text.replace(PLACEHOLDER, (_match, key: Key) => {
    const value = attributes[key];
    const chosen = typeof value === 'string' && value.trim() !== '' ? value : DEFAULTS[key];
    return kind === 'html' ? escapeHtml(chosen) : escapeJsonString(chosen);
  });
}

function parseAttributes(text: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function readText(payload: unknown): Promise<string | null> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  return null;
}

export function registerWebPlaceholders(app: FastifyInstance, settings: ServerSettings): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api') || url.startsWith('/tarkan')) return payload;
    const manifest = url.endsWith('.webmanifest');
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    // a precompressed copy is Rastro's own build, which has no placeholders
    if ((!html && !manifest) || reply.getHeader('content-encoding')) return payload;
    const text = await readText(payload);
    if (text === null) return payload;
    if (!ANY_PLACEHOLDER.test(text)) return text;
    const filled = fillPlaceholders(text, parseAttributes((await settings.get()).attributes), html ? 'html' : 'json');
    reply.removeHeader('content-length');
    return filled;
  });
}
