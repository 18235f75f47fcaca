// Runs Traccar's own web app (traccar-web, built unmodified) against Rastro and lists every call
// that fails: HTTP answers >= 400 from Rastro, requests that never got an answer, WebSocket errors,
// and the browser's console errors and uncaught exceptions, page by page.
//
//   node scripts/traccar-web-check.mjs <traccar-web build dir> [--port 18650] [--osmand-port 15650]
//        [--shots <dir>] [--json <file>] [--server <apps/server/dist/main.js>] [--only <regex>]
//
// It starts its own Rastro (the built server, a fresh SQLite file, the demo fleet), signs in
// through traccar-web's login page as the administrator, creates one of each entity through the
// API so that every edit page has something to open, then visits every route of traccar-web's
// router (src/Navigation.jsx) and every report with a device and today's period. It downloads
// nothing: calls to other hosts (map tiles) are refused in the browser and listed apart, since
// this machine may have no internet. Exit code 1 when Rastro failed any call.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '18650' },
    'osmand-port': { type: 'string', default: '15650' },
    shots: { type: 'string' },
    json: { type: 'string' },
    server: { type: 'string', default: path.join(root, 'apps/server/dist/main.js') },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    // visit only the routes whose name matches (a regular expression), to look at one failure again
    only: { type: 'string' },
  },
});
const buildDir = positionals[0] && path.resolve(positionals[0]);
if (!buildDir || !fs.existsSync(path.join(buildDir, 'index.html'))) {
  console.error('usage: node scripts/traccar-web-check.mjs <traccar-web build dir (with index.html)> [--port N] [--osmand-port N] [--shots dir] [--json file]');
  process.exit(2);
}
const port = Number(options.port);
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'admin', password: 'traccar-web-check' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-traccar-web-'));
const server = spawn(process.execPath, [options.server], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    RASTRO_PORT: String(port),
    RASTRO_OSMAND_PORT: options['osmand-port'],
    RASTRO_PROTOCOL_PORTS: '0',
    RASTRO_DATA_DIR: dataDir,
    RASTRO_WEB_ROOT: buildDir,
    RASTRO_ADMIN_EMAIL: ADMIN.email,
    RASTRO_ADMIN_PASSWORD: ADMIN.password,
    RASTRO_DEMO: '1',
    RASTRO_LOG_LEVEL: 'warn',
    RASTRO_BILLING_SWEEP_MINUTES: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
let serverErrors = '';
server.stderr.on('data', (chunk) => { serverErrors += chunk; });
let stopping = false;
const stopServer = () => { stopping = true; if (server.exitCode === null) server.kill('SIGTERM'); };
server.on('exit', (code) => {
  if (stopping) return;
  console.error(`the server ended by itself (code ${code}):\n${serverErrors.slice(-4000)}`);
  process.exit(2);
});
process.on('exit', stopServer);

/** Everything that went wrong, each with the page being visited when it happened. */
const failures = [];
/**
 * traccar-web's own defects, seen whatever the server: listed apart, not counted.
 * - It sends on a socket it closed itself: it closes and reopens its socket on every route change
 *   (its socket effect depends on react-router's navigate, new on each path), and the logs page
 *   sends {"logs":true} to the old one in between. (A socket the server closed is reported as such.)
 * - Past its sign-out, a batch of live updates it buffered (over 3 a second) is applied to a store
 *   whose user is gone: its updatePositions reads user.attributes.
 */
const known = [];
const KNOWN = [
  { kind: 'console', test: (text) => text === 'WebSocket is already in CLOSING or CLOSED state.' },
  { kind: 'exception', test: (text) => signedOut && /reading 'attributes'/.test(text) && /updatePositions/.test(text) },
];
function report(failure) {
  if (KNOWN.some((it) => it.kind === failure.kind && it.test(failure.text))) known.push(failure);
  else failures.push(failure);
}
/** Requests to other hosts, refused on purpose (no internet here): listed, not failures. */
const external = new Set();
let current = 'sign-in';
/** Past the sign-out, some refusals are the expected answers. */
let signedOut = false;

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server ended (code ${server.exitCode}):\n${serverErrors}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

function sameOrigin(url) {
  return url.startsWith(base + '/') || url === base;
}

function watch(page) {
  page.on('response', async (response) => {
    if (response.status() < 400 || !sameOrigin(response.url())) return;
    const request = response.request();
    // signed out, "who am I" answers 404 in Traccar too: traccar-web takes it for "show the login"
    if (signedOut && request.method() === 'GET' && response.url() === `${base}/api/session` && response.status() === 404) return;
    let body = '';
    try { body = (await response.text()).slice(0, 200); } catch { /* a body already gone */ }
    failures.push({ page: current, kind: 'http', method: request.method(), url: response.url().slice(base.length), status: response.status(), body });
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    if (!sameOrigin(request.url())) { external.add(new URL(request.url()).host); return; }
    // a fetch cut short by leaving the page is the browser's doing, not the server's
    if (error === 'net::ERR_ABORTED') return;
    failures.push({ page: current, kind: 'request', method: request.method(), url: request.url().slice(base.length), error });
  });
  page.on('websocket', (socket) => {
    const url = socket.url();
    socket.on('socketerror', (error) => failures.push({ page: current, kind: 'websocket', url, error: String(error) }));
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const location = message.location()?.url ?? '';
    // the browser's own line for a refused call to another host, or for an HTTP failure already listed
    if (/ERR_INTERNET_DISCONNECTED|ERR_FAILED/.test(text) && location && !sameOrigin(location)) return;
    // the map library's line for a refused tile or style of another host (listed under "refused")
    const fetched = /Failed to fetch \(\d+\): (\S+)/.exec(text);
    if (fetched && !sameOrigin(fetched[1])) return;
    if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
    report({ page: current, kind: 'console', text: text.slice(0, 300) });
  });
  page.on('pageerror', (error) => report({ page: current, kind: 'exception', text: (error.stack ?? String(error)).slice(0, 500) }));
}

/**
 * The server closing traccar-web's socket stops its live updates for a minute (it reconnects
 * after 60 s) and, unless the close code is its "logout" 4000, makes it re-fetch devices and
 * positions. Playwright cannot tell who closed a socket, so the page's WebSocket is wrapped to
 * report the closes it did not ask for itself (traccar-web's own code is left as it is).
 */
async function watchSocketCloses(context) {
  await context.exposeBinding('__checkSocketClosed', (_source, info) => {
    // the sign-out's own: 4000 is what traccar-web closes with on logout, and takes as such
    if (signedOut && info.code === 4000) return;
    failures.push({ page: current, kind: 'websocket', url: info.url, error: `closed by the server: ${info.code} ${info.reason}` });
  });
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        // the code the page closed with (1005 for none); any other code is the server's
        let asked = null;
        const close = this.close.bind(this);
        this.close = (code, reason) => { asked ??= code ?? 1005; return close(code, reason); };
        this.addEventListener('close', (event) => {
          if (event.code !== asked) window.__checkSocketClosed({ url: this.url, code: event.code, reason: event.reason });
        });
      }
    };
  });
}

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  // a page's second round of calls (after its first answers render) and the socket's frames
  await page.waitForTimeout(1200);
}

/**
 * Opens a route. Inside the app it goes as a click on a link does (the router's history, no
 * reload), so a page finds the store filled as it would: traccar-web reads some items (the
 * share page's device) from the store, which a reload empties until the lists arrive.
 */
async function visit(page, route, name = route, { reload = false } = {}) {
  current = name;
  if (reload) await page.goto(base + route, { waitUntil: 'domcontentloaded' });
  else {
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
  }
  await settle(page);
  if (options.shots) {
    const file = path.join(options.shots, `${name.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'map'}.png`);
    await page.screenshot({ path: file });
  }
}

/** Presses the page's Save (or the share page's Show) as a user would, then waits for its calls. */
async function act(page, action, name) {
  current = `${name} (${action})`;
  const button = page.getByRole('button', { name: action === 'save' ? /^(Salvar|Save)$/ : /^(Mostrar|Show)$/ }).last();
  if (!(await button.isEnabled({ timeout: 5000 }).catch(() => false))) {
    failures.push({ page: current, kind: 'page', text: 'its button never became enabled (the item did not load?)' });
    return;
  }
  await button.click();
  await settle(page);
}

/**
 * The calls traccar-web makes on a button rather than on opening a page, made from the page
 * with the same method, URL and body as its code (file named in each): downloads, which it opens
 * with window.location, a token, the computed attribute's and the notification's test.
 */
async function buttonCalls(page, f, period) {
  const d = f.device?.id;
  const json = { 'Content-Type': 'application/json' };
  const calls = [
    // reports/PositionsReportPage.jsx (export), other/ReplayPage.jsx (download)
    ...['csv', 'gpx', 'kml', 'kmz'].map((format) => ({ url: `/api/positions/${format}?${period}&deviceId=${d}` })),
    { url: `/api/positions/kml?deviceId=${d}&${period}` },
    // settings/PreferencesPage.jsx (token)
    { url: '/api/session/token', method: 'POST', form: `expiration=${new Date(Date.now() + 7 * 86_400_000).toISOString()}` },
    // settings/ComputedAttributePage.jsx (test)
    f.attribute && { url: `/api/attributes/computed/test?deviceId=${d}`, method: 'POST', headers: json, body: JSON.stringify(f.attribute) },
    // settings/NotificationPage.jsx (test, for each notificator of the item)
    f.notification && { url: '/api/notifications/test/web', method: 'POST', headers: json, body: JSON.stringify(f.notification) },
    // common/components/AddressValue.jsx (show the address)
    f.position && { url: `/api/server/geocode?latitude=${f.position.latitude}&longitude=${f.position.longitude}` },
    // settings/AnnouncementPage.jsx (send)
    f.user && { url: `/api/notifications/send/web?userId=${f.user.id}`, method: 'POST', headers: json, body: JSON.stringify({ subject: 'Check', body: 'Announcement' }) },
  ].filter(Boolean);
  current = 'buttons';
  const answers = await page.evaluate(async (list) => Promise.all(list.map(async (call) => {
    const response = await fetch(call.url, { method: call.method ?? 'GET', headers: call.headers, body: call.form ? new URLSearchParams(call.form) : call.body });
    return { ...call, status: response.status, text: response.ok ? '' : (await response.text()).slice(0, 200) };
  })), calls);
  for (const answer of answers) console.log(`  button call ${answer.method ?? 'GET'} ${answer.url.split('?')[0]}: ${answer.status}`);
  return answers.map((answer) => `${answer.method ?? 'GET'} ${answer.url.split('?')[0]}`);
}

/** common/components/RemoveDialog.jsx: each fixture removed as its list's delete button does. */
async function removeAll(page, f) {
  current = 'remove';
  const items = [['commands', f.command], ['maintenance', f.maintenance], ['attributes/computed', f.attribute], ['drivers', f.driver],
    ['notifications', f.notification], ['reports', f.scheduled], ['calendars', f.calendar], ['geofences', f.geofence], ['groups', f.group], ['users', f.user]];
  const answers = await page.evaluate(async (urls) => Promise.all(urls.map(async (url) => ({ url, status: (await fetch(url, { method: 'DELETE' })).status }))),
    items.filter(([, item]) => item).map(([endpoint, item]) => `/api/${endpoint}/${item.id}`));
  for (const answer of answers) console.log(`  button call DELETE ${answer.url}: ${answer.status}`);
  return answers.map((answer) => `DELETE ${answer.url}`);
}

/** Creates an entity through Traccar's API as traccar-web would; a refusal is a failure too. */
async function create(api, endpoint, body) {
  const response = await api.post(`${base}/api/${endpoint}`, { data: body });
  if (!response.ok()) {
    failures.push({ page: 'fixtures', kind: 'http', method: 'POST', url: `/api/${endpoint}`, status: response.status(), body: (await response.text()).slice(0, 200) });
    return null;
  }
  return response.json();
}

const CALENDAR = Buffer.from([
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//traccar-web-check//EN',
  'BEGIN:VEVENT', 'UID:check-1', 'DTSTART:20260101T080000Z', 'DTEND:20260101T180000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Work hours', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n')).toString('base64');

async function fixtures(api) {
  const devices = await (await api.get(`${base}/api/devices`)).json();
  const device = devices[0];
  const positions = await (await api.get(`${base}/api/positions`)).json();
  const group = await create(api, 'groups', { name: 'Check group', attributes: {} });
  const geofence = await create(api, 'geofences', { name: 'Check area', area: 'CIRCLE (-23.5505 -46.6333, 500)', attributes: {} });
  const calendar = await create(api, 'calendars', { name: 'Check calendar', data: CALENDAR, attributes: {} });
  const attribute = await create(api, 'attributes/computed', { description: 'Check speed', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' });
  const driver = await create(api, 'drivers', { name: 'Check driver', uniqueId: 'check-driver-1', attributes: {} });
  const maintenance = await create(api, 'maintenance', { name: 'Check oil', type: 'totalDistance', start: 1_000_000, period: 10_000_000, attributes: {} });
  const command = await create(api, 'commands', { description: 'Check engine stop', type: 'engineStop', deviceId: 0, textChannel: false, attributes: {} });
  const notification = await create(api, 'notifications', { type: 'deviceOverspeed', always: true, notificators: 'web', attributes: {} });
  const user = await create(api, 'users', { name: 'Check user', email: 'check-user@example.com', password: 'check-user-pass', attributes: {} });
  const scheduled = calendar && await create(api, 'reports', { type: 'events', description: 'Check scheduled', calendarId: calendar.id, attributes: {} });
  const events = device ? await (await api.get(`${base}/api/reports/events?deviceId=${device.id}&from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { headers: { accept: 'application/json' } })).json().catch(() => []) : [];
  return { device, position: positions.find((it) => it.deviceId === device?.id) ?? positions[0], group, geofence, calendar, attribute, driver, maintenance, command, notification, user, scheduled, event: Array.isArray(events) ? events[0] : undefined };
}

function routes(f) {
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate()).toISOString();
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59, 999).toISOString();
  const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const d = f.device?.id;
  // In order list, edit, new: traccar-web keeps the page's item when the router goes from one
  // of a kind's routes straight to another (the same component stays), as no link of it does.
  // [route, name, what to do there]: 'save' presses Save (traccar-web sends back the item it was
  // given, so this is the round trip of each entity's wire shape), 'share' asks for a link
  const list = [
    ['/', 'map'],
    [`/?uniqueId=${encodeURIComponent(f.device?.uniqueId ?? '')}`, 'map, device selected'],
    ['/geofences'], ['/emulator'], ['/stream'],
    [`/replay?deviceId=${d}&${period}`, 'replay'],
    f.position && [`/position/${f.position.id}`],
    f.position && [`/network/${f.position.id}`],
    f.event && [`/event/${f.event.id}`],
    ['/settings/preferences', null, 'save'], ['/settings/notifications'],
    f.notification && [`/settings/notification/${f.notification.id}`, null, 'save'], ['/settings/notification'],
    ['/settings/devices'], [`/settings/device/${d}`, null, 'save'], ['/settings/device'], [`/settings/device/${d}/connections`],
    [`/settings/device/${d}/command`], [`/settings/device/${d}/share`, null, 'share'], [`/settings/accumulators/${d}`, null, 'save'],
    // no '/settings/geofence' (a new one): traccar-web links to it nowhere (geofences are drawn
    // on the map) and the page itself fails on its empty item, whatever the server
    f.geofence && [`/settings/geofence/${f.geofence.id}`, null, 'save'],
    ['/settings/groups'], f.group && [`/settings/group/${f.group.id}`, null, 'save'], ['/settings/group'], f.group && [`/settings/group/${f.group.id}/connections`], f.group && [`/settings/group/${f.group.id}/command`],
    f.group && [`/settings/group/${f.group.id}/share`, null, 'share'],
    ['/settings/drivers'], f.driver && [`/settings/driver/${f.driver.id}`, null, 'save'], ['/settings/driver'],
    ['/settings/calendars'], f.calendar && [`/settings/calendar/${f.calendar.id}`, null, 'save'], ['/settings/calendar'],
    ['/settings/attributes'], f.attribute && [`/settings/attribute/${f.attribute.id}`, null, 'save'], ['/settings/attribute'],
    ['/settings/maintenances'], f.maintenance && [`/settings/maintenance/${f.maintenance.id}`, null, 'save'], ['/settings/maintenance'],
    ['/settings/commands'], f.command && [`/settings/command/${f.command.id}`, null, 'save'], ['/settings/command'],
    ['/settings/announcement'], ['/settings/server', null, 'save'],
    ['/settings/users'], ['/settings/user/1', null, 'save'],
    f.user && [`/settings/user/${f.user.id}`, null, 'save'], ['/settings/user'], f.user && [`/settings/user/${f.user.id}/connections`],
    [`/reports/combined?deviceId=${d}&${period}`, '/reports/combined'],
    [`/reports/route?deviceId=${d}&${period}`, '/reports/route'],
    [`/reports/events?deviceId=${d}&${period}`, '/reports/events'],
    [`/reports/trips?deviceId=${d}&${period}`, '/reports/trips'],
    [`/reports/stops?deviceId=${d}&${period}`, '/reports/stops'],
    [`/reports/summary?deviceId=${d}&${period}`, '/reports/summary'],
    [`/reports/summary?deviceId=${d}&daily=true&${period}`, '/reports/summary (daily)'],
    [`/reports/chart?deviceId=${d}&${period}`, '/reports/chart'],
    [`/reports/geofences?deviceId=${d}${f.geofence ? `&geofenceId=${f.geofence.id}` : ''}&${period}`, '/reports/geofences'],
    ['/reports/scheduled'],
    [`/reports/statistics?${period}`, '/reports/statistics'],
    [`/reports/audit?${period}`, '/reports/audit'],
    ['/reports/logs'],
  ];
  return list.filter(Boolean).map(([route, name, action]) => ({ route, name: name ?? route, action }));
}

async function main() {
  if (options.shots) fs.mkdirSync(options.shots, { recursive: true });
  await waitForServer();
  // the demo fleet's first positions (the map, the reports and the position page need some)
  // (the fleet's default pace, every 5 s: at more than 3 updates a second traccar-web buffers them,
  // and a buffered batch applied after its sign-out throws in its own store, whatever the server)
  const session = await fetch(`${base}/api/session`, { method: 'POST', body: new URLSearchParams(ADMIN) });
  const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
  for (let waited = 0; waited < 30_000; waited += 1000) {
    const positions = await (await fetch(`${base}/api/positions`, { headers: { cookie } })).json();
    if (Array.isArray(positions) && positions.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await fetch(`${base}/api/session`, { method: 'DELETE', headers: { cookie } });
  const browser = await chromium.launch({
    executablePath: options.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  // no internet here: other hosts are refused at once instead of timing out
  await context.route((url) => !sameOrigin(url.href), (route) => route.abort('internetdisconnected'));
  await watchSocketCloses(context);
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  watch(page);

  await visit(page, '/login', '/login', { reload: true });
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await settle(page);
  // the server fills traccar-web's ${title} (as Traccar does)
  const title = await page.title();
  if (title.includes('${')) failures.push({ page: 'map', kind: 'page', text: `the page's title is left as ${title}` });

  const f = await fixtures(context.request);
  const visited = [];
  const period = new URLSearchParams({ from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() }).toString();
  const calls = options.only ? [] : await buttonCalls(page, f, period);
  const only = options.only ? new RegExp(options.only) : null;
  for (const { route, name, action } of routes(f).filter((it) => !only || only.test(it.name))) {
    await visit(page, route, name);
    if (action) await act(page, action, name);
    visited.push(action ? `${name} (${action})` : name);
  }
  // the pages a signed-out visitor sees
  if (!options.only) calls.push(...await removeAll(page, f));
  // signing out as a user does: the account menu's Sair
  await visit(page, '/', 'sign-out');
  await page.getByRole('button', { name: /^(Conta|Account)$/ }).click();
  signedOut = true;
  await page.getByRole('menuitem', { name: /^(Sair|Logout)$/ }).click();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
  await settle(page);
  for (const route of ['/login', '/register', '/reset-password', '/change-server']) {
    await visit(page, route, route, { reload: true });
    visited.push(route);
  }
  await browser.close();
  stopServer();

  console.log(`traccar-web against Rastro: ${visited.length} pages visited, ${calls.length} calls of its buttons made`);
  for (const name of [...visited, ...calls]) console.log(`  ${name}`);
  if (external.size) console.log(`refused (other hosts, no internet here): ${[...external].sort().join(', ')}`);
  for (const item of known) console.log(`traccar-web's own (not counted): [${item.page}] ${item.kind}: ${item.text.split('\n')[0]}`);
  if (!failures.length) console.log('no failed calls');
  else {
    console.log(`${failures.length} failures:`);
    for (const item of failures) {
      const what = item.kind === 'http' ? `${item.status} ${item.method} ${item.url}  ${JSON.stringify(item.body)}`
        : item.kind === 'request' ? `${item.method} ${item.url} ${item.error}`
          : item.kind === 'websocket' ? `${item.url} ${item.error}` : item.text;
      console.log(`  [${item.page}] ${item.kind}: ${what}`);
    }
  }
  if (options.json) fs.writeFileSync(options.json, JSON.stringify({ visited, calls, external: [...external], known, failures }, null, 2));
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  stopServer();
  process.exitCode = 2;
});
