import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, reportOsmAnd, withServer } from './harness.ts';
import { startSmtp } from './smtp.ts';
import { PNG } from './uploads.ts';

/**
 * Walks Traccar's API description (shared/reference/traccar-openapi.yaml, kept in the repository
 * as openapi/traccar-openapi.json: no YAML reader is among the dependencies): every operation is
 * called as an administrator, on a seeded server, with valid minimal input, and must neither be
 * missing (404, 405) nor fail (5xx); a 2xx answer must have a documented content type and, where
 * the description gives a JSON schema, its shape (types of the properties present, required
 * ones present, arrays' items, nested and referenced schemas).
 *
 * Nulls: Traccar serialises absent values as null (notes §0: address, geofenceIds, password...)
 * and the description marks only some properties as nullable; a null is accepted for a property
 * the schema does not require. A 204 is accepted where the description lists a 200 without
 * content: Traccar's methods that return nothing (server reboot) answer 204.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
interface Parameter { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema?: Schema }
interface Content { schema?: Schema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { content?: Record<string, Content> }>;
}
interface Document { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }

const spec = JSON.parse(fs.readFileSync(new URL('./openapi/traccar-openapi.json', import.meta.url), 'utf8')) as Document;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })));

/**
 * Operations allowed to be missing (404) for now, each with why. One that answers is checked like
 * the rest; one that is no operation of the file fails the walk. Any other missing operation fails it.
 */
const PENDING: Record<string, string> = {
  // the playlist answers Traccar's empty one; a segment is 404 while no protocol decodes live video (JT/T 1078 is not implemented)
  'GET /stream/{deviceId}/{channel}/live.m3u8': 'no protocol produces live video (JT/T 1078 not implemented): the playlist is always empty',
  'GET /stream/{deviceId}/{channel}/{index}.ts': 'no protocol produces live video (JT/T 1078 not implemented): no segment exists',
};

/**
 * Operations of a feature the walk's server leaves unconfigured, which answer the 400 the
 * description lists for that case (their own tests configure them: openid.test.ts).
 */
const UNCONFIGURED: Record<string, string> = {
  'GET /session/openid/auth': 'OpenID not enabled',
  'GET /session/openid/callback': 'OpenID not enabled',
};

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ics = Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:walk', 'DTSTART:20240101T080000Z',
  'DTEND:20240101T180000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

/** A valid new object of each schema the description's bodies name. */
function minimal(schema: string, seeds: Seeds): Record<string, unknown> | unknown[] {
  switch (schema) {
    case 'Device': return { name: 'Walk device', uniqueId: unique('walk-device') };
    case 'Group': return { name: 'Walk group' };
    case 'User': return { name: 'Walk user', email: `${unique('walk-user')}@example.com`, password: 'walk-secret-1' };
    case 'Geofence': return { name: 'Walk fence', area: 'CIRCLE (-23.55 -46.63, 300)' };
    case 'Calendar': return { name: 'Walk calendar', data: ics };
    case 'Notification': return { type: 'deviceOnline', notificators: 'web', always: false };
    case 'Command': return { description: 'Walk command', type: 'custom', attributes: { data: 'ping' } };
    case 'Attribute': return { description: 'Speed in km/h', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' };
    case 'Driver': return { name: 'Walk driver', uniqueId: unique('walk-driver') };
    case 'Maintenance': return { name: 'Oil', type: 'totalDistance', start: 0, period: 10_000_000 };
    case 'Order': return { uniqueId: unique('walk-order'), description: 'Walk order', fromAddress: 'Rua A, 1', toAddress: 'Rua B, 2' };
    case 'DeviceAccumulators': return { deviceId: seeds.device.id, totalDistance: 1000 };
    case 'NotificationMessage': return { subject: 'Walk', body: 'Walk message' };
    case 'Permission': return { userId: seeds.user.id, deviceId: seeds.linkable.id };
    default: throw new Error(`the walk has no minimal ${schema}: add one`);
  }
}

/** Collections of the description and the seeded object, or the schema of a new one, for their `{id}`. */
const COLLECTIONS: Record<string, { seed: keyof Seeds; schema: string; url: string }> = {
  devices: { seed: 'device', schema: 'Device', url: '/api/devices' },
  groups: { seed: 'group', schema: 'Group', url: '/api/groups' },
  users: { seed: 'user', schema: 'User', url: '/api/users' },
  geofences: { seed: 'geofence', schema: 'Geofence', url: '/api/geofences' },
  calendars: { seed: 'calendar', schema: 'Calendar', url: '/api/calendars' },
  notifications: { seed: 'notification', schema: 'Notification', url: '/api/notifications' },
  commands: { seed: 'command', schema: 'Command', url: '/api/commands' },
  'attributes/computed': { seed: 'attribute', schema: 'Attribute', url: '/api/attributes/computed' },
  drivers: { seed: 'driver', schema: 'Driver', url: '/api/drivers' },
  maintenance: { seed: 'maintenance', schema: 'Maintenance', url: '/api/maintenance' },
  orders: { seed: 'order', schema: 'Order', url: '/api/orders' },
  positions: { seed: 'position', schema: '', url: '' },
  events: { seed: 'event', schema: '', url: '' },
};

type Wire = Record<string, unknown> & { id: number };
interface Seeds {
  device: Wire; linkable: Wire; group: Wire; user: Wire; geofence: Wire; calendar: Wire; notification: Wire; command: Wire;
  attribute: Wire; driver: Wire; maintenance: Wire; order: Wire; position: Wire; event: Wire;
}

interface Call { url: string; body?: string | Buffer; type?: string; client?: Client }

function ref(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = spec.components.schemas[name];
  if (!target) throw new Error(`no schema ${schema.$ref}`);
  return target;
}

/** What is wrong with a value against a schema, as lines naming where. */
function shapeProblems(value: unknown, schema: Schema, at: string, required: boolean): string[] {
  const s = ref(schema);
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (value === null) return types.length === 0 || types.includes('null') || !required ? [] : [`${at}: null, expected ${types.join('|')}`];
  if (value === undefined) return required ? [`${at}: missing`] : [];
  const fits = (type: string) => {
    switch (type) {
      case 'integer': return Number.isInteger(value);
      case 'number': return typeof value === 'number' && Number.isFinite(value);
      case 'string': return typeof value === 'string' && (s.format !== 'date-time' || !Number.isNaN(Date.parse(value)));
      case 'boolean': return typeof value === 'boolean';
      case 'array': return Array.isArray(value);
      case 'object': return typeof value === 'object' && !Array.isArray(value);
      default: return true;
    }
  };
  if (types.length && !types.some(fits)) return [`${at}: ${JSON.stringify(value).slice(0, 80)} is not ${types.join('|')}${s.format ? ` (${s.format})` : ''}`];
  const problems: string[] = [];
  if (Array.isArray(value) && s.items) value.forEach((item, i) => problems.push(...shapeProblems(item, s.items!, `${at}[${i}]`, true)));
  if (value && typeof value === 'object' && !Array.isArray(value) && s.properties) {
    const object = value as Record<string, unknown>;
    for (const [name, property] of Object.entries(s.properties)) {
      problems.push(...shapeProblems(object[name], property, `${at}.${name}`, s.required?.includes(name) ?? false));
    }
  }
  return problems;
}

describe('every operation of Traccar\'s API description', () => {
  // lost-password links need the public address to point at
  const { server, admin } = withServer({ dialect: 'sqlite', env: { RASTRO_PUBLIC_URL: 'https://walk.example.com/', RASTRO_PASSWORD_RESET_RESEND_SECONDS: '0' } });
  let seeds: Seeds;
  let token = '';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    seeds = await seed();
  });
  afterAll(async () => smtp?.close());

  /** The secret of the last lost-password mail, once it is in. */
  async function resetSecret(): Promise<string> {
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // quoted-printable: soft line breaks and '=' escaped
    const text = smtp.mails.at(-1)!.data.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const secret = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!secret) throw new Error(`no link in the lost-password mail: ${text.slice(0, 300)}`);
    return secret;
  }

  /** Objects of each kind for the operations to name, made as an administrator would. */
  async function seed(): Promise<Seeds> {
    const post = (url: string, body: unknown) => admin.json<Wire>('POST', url, body);
    const device = await post('/api/devices', { name: 'Seeded', uniqueId: 'walk-seeded' });
    const sent = await reportOsmAnd(server.osmand, { id: 'walk-seeded', lat: -23.55, lon: -46.63, speed: 12, timestamp: Math.floor(Date.now() / 1000) - 120 });
    expect(sent.status).toBe(200);
    await reportOsmAnd(server.osmand, { id: 'walk-seeded', lat: -23.56, lon: -46.64, speed: 0, timestamp: Math.floor(Date.now() / 1000) - 60 });
    const made: Partial<Seeds> = { device, linkable: await post('/api/devices', { name: 'Linkable', uniqueId: 'walk-linkable' }) };
    for (const [, c] of Object.entries(COLLECTIONS)) {
      if (c.url && c.seed !== 'device') made[c.seed] = await post(c.url, minimal(c.schema, made as Seeds));
    }
    made.position = (await admin.json('GET', `/api/positions?deviceId=${device.id}`))[0];
    // the device came online: its status event is stored a moment later
    const range = `deviceId=${device.id}&from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`;
    for (let tries = 0; !made.event && tries < 100; tries++) {
      made.event = (await admin.json('GET', `/api/reports/events?${range}`))[0];
      if (!made.event) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!made.event) throw new Error('the seeded device raised no event');
    // what the calls need of the server: one-time passwords on (POST /users/totp), mail (lost password)
    await admin.setServerAttributes({ totpEnable: true });
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'walk@example.com', senderName: 'Walk' });
    return made as Seeds;
  }

  /** The request of an operation: its path and query filled in, its body made. */
  async function callOf(method: string, path: string, op: Operation): Promise<Call> {
    const collection = Object.keys(COLLECTIONS).find((c) => path.startsWith(`/${c}/{id}`));
    let url = `/api${path}`;
    for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) {
      let value: string | number;
      if (p.name === 'id' && collection) {
        const c = COLLECTIONS[collection];
        // a delete uses up its object: a new one of its own
        value = method === 'DELETE' && c.url ? (await admin.json('POST', c.url, minimal(c.schema, seeds))).id : seeds[c.seed].id;
      } else if (path === '/session/{id}') value = seeds.user.id;
      else if (p.name === 'type') value = 'xlsx';
      else if (p.name === 'notificator') value = 'web';
      else if (p.name === 'path') value = 'walk.txt';
      else if (p.name === 'deviceId') value = seeds.device.id;
      else value = 1;
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    }
    const query = new URLSearchParams();
    for (const p of (op.parameters ?? []).filter((x) => x.in === 'query' && x.required)) {
      if (p.name === 'from') query.set('from', iso(Date.now() - 24 * HOUR));
      else if (p.name === 'to') query.set('to', iso(Date.now() + HOUR));
      // deleting history: of the device without any, so the seeded device keeps its positions for the rest
      else if (p.name === 'deviceId') query.set('deviceId', String(method === 'DELETE' ? seeds.linkable.id : seeds.device.id));
      else if (p.name === 'latitude') query.set('latitude', '-23.55');
      else if (p.name === 'longitude') query.set('longitude', '-46.63');
      else throw new Error(`${method} ${path}: the walk has no value for the query parameter ${p.name}`);
    }
    // GET /permissions lists the links of one owner
    if (method === 'GET' && path === '/permissions') {
      query.set('userId', String(seeds.user.id));
      query.set('deviceId', '0');
    }
    if ([...query.keys()].length) url += `?${query.toString()}`;

    const content = op.requestBody?.content ?? {};
    const [type] = Object.keys(content);
    if (!type) return { url };
    if (type === 'application/x-www-form-urlencoded') return { url, type, body: new URLSearchParams(await form(path)).toString(), client: formClient(path) };
    if (type.startsWith('image/')) return { url, type: 'image/png', body: PNG };
    if (type === 'application/octet-stream') return { url, type, body: Buffer.from('walked\n') };
    const schema = content[type].schema!;
    let body: unknown;
    if (schema.type === 'array') body = [minimal((schema.items?.$ref ?? '').replace('#/components/schemas/', ''), seeds)];
    else {
      const name = schema.$ref!.replace('#/components/schemas/', '');
      if (method === 'PUT' && collection && path === `/${collection}/{id}`) body = await admin.json('GET', `${COLLECTIONS[collection].url}/${seeds[COLLECTIONS[collection].seed].id}`);
      else if (name === 'Server') body = await admin.json('GET', '/api/server');
      else if (name === 'Command' && path === '/commands/send') body = { deviceId: seeds.device.id, type: 'custom', attributes: { data: 'ping' } };
      else body = minimal(name, seeds);
    }
    return { url, type, body: JSON.stringify(body) };
  }

  async function form(path: string): Promise<Record<string, string>> {
    switch (path) {
      case '/share/device': return { deviceId: String(seeds.device.id), expiration: iso(Date.now() + HOUR) };
      case '/share/group': return { groupId: String(seeds.group.id), expiration: iso(Date.now() + HOUR) };
      // the seeded user's password: the administrator's sessions would end with his
      case '/password/reset': return { email: String(seeds.user.email) };
      case '/password/update': return { token: await resetSecret(), password: 'walk-secret-2' };
      case '/session': return { ...ADMIN };
      case '/session/token': return {};
      case '/session/token/revoke': return { token };
      default: throw new Error(`the walk has no form for ${path}: add one`);
    }
  }

  /** Signing in gets a session of its own, so the administrator's stays as it is. */
  function formClient(path: string): Client | undefined {
    return path === '/session' ? new Client(server.base) : undefined;
  }

  it('names only operations of the description as pending', () => {
    const keys = new Set(operations.map((o) => o.key));
    expect(Object.keys(PENDING).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(operations)('$key answers as described', async ({ key, method, path, operation }) => {
    if (key === 'POST /session/token/revoke') token = await (await admin.form('/api/session/token', {})).text();
    const call = await callOf(method, path, operation);
    // signing out ends the session it is sent with: a session of its own
    // taking over a user's session ends the caller's: a session of its own too
    const client = call.client ?? (key === 'DELETE /session' || key === 'GET /session/{id}' ? await Client.login(server.base, ADMIN.email, ADMIN.password) : admin);
    const response = await client.request(method, call.url, call.body, call.type ? { 'content-type': call.type } : {});
    const text = Buffer.from(await response.arrayBuffer());
    const status = response.status;
    if (status === 404 && key in PENDING) return;
    if (status === 400 && key in UNCONFIGURED && operation.responses['400']) {
      expect(text.toString()).toBe(UNCONFIGURED[key]);
      return;
    }
    const problems: string[] = [];
    if (status === 404 || status === 405) problems.push(`answered ${status}: ${text.toString().slice(0, 200)} (missing)`);
    if (status >= 500) problems.push(`answered ${status}: ${text.toString().slice(0, 200)}`);
    // valid input from an administrator on a server that has what the call needs: nothing to refuse
    if (status >= 400 && status < 500 && status !== 404 && status !== 405) problems.push(`refused valid input: ${status} ${text.toString().slice(0, 200)}`);
    if (status >= 200 && status < 300) {
      // Traccar's methods without an answer (void) answer 204 where the description writes a bare 200
      const bare200 = status === 204 && operation.responses['200'] && !Object.keys(operation.responses['200'].content ?? {}).length;
      const documented = operation.responses[String(status)] ?? (bare200 ? operation.responses['200'] : operation.responses.default);
      if (!documented) problems.push(`answered ${status}, which the description does not list (${Object.keys(operation.responses).join(', ')})`);
      const contents = documented?.content ?? {};
      const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
      if (text.length > 0 && Object.keys(contents).length > 0 && !Object.keys(contents).some((c) => c === type || (c.endsWith('/*') && type.startsWith(c.slice(0, -1))))) {
        problems.push(`answered ${type || 'no content type'}, described: ${Object.keys(contents).join(', ')}`);
      }
      const schema = contents['application/json']?.schema;
      if (schema && type === 'application/json') {
        let value: unknown;
        try {
          value = JSON.parse(text.toString());
        } catch {
          problems.push(`answered JSON that does not parse: ${text.toString().slice(0, 120)}`);
        }
        if (value !== undefined) problems.push(...shapeProblems(value, schema, 'answer', true));
      }
    }
    expect(problems, `${key} -> ${status}`).toEqual([]);
  });
});
