/// <reference lib="dom" />
/**
 * bench/web: the web app with a large fleet. 10,000 devices (each with a first position), then
 * headless Chromium opens /home signed in: time until the map draws the fleet, with the load's
 * milestones and its main-thread time split into JavaScript, waiting on the software WebGL and the
 * rest; then the same for /devices, whose list must show its rows too. Then 1,000 position updates
 * per second stream over OsmAnd for 10 s while the page records its main-thread long tasks and a
 * timeline trace, which splits each long task into its JavaScript, the software WebGL's read-back
 * and the rest (style, layout, paint).
 *
 * "Ready" means drawn: the map loaded (its style's first frame drawn) and the fleet (markers or
 * clusters) drawn on the fleet canvas and then on the screen, with the loading bar gone; for
 * /devices also a device row listed.
 * The server and Chromium run on this machine; the server's ports are free ones the system picks.
 * BENCH_TRACE_DIR=dir keeps the Chromium traces (open them in DevTools' Performance panel).
 * BENCH_UPDATES_ROUTE=/devices streams the updates with the devices list open instead of /home;
 * BENCH_CPU_PROFILE=1 adds V8's sampling profiler to the traces (JavaScript self time per function).
 * BENCH_SCREENSHOT_DIR=dir saves each page as it is when ready, and /home after the updates.
 * BENCH_REPEAT=n loads the pages n times, each time in a new browser context, and gives the median.
 * BENCH_ACCEPT_ENCODING=identity has the browser ask for every response uncompressed;
 * BENCH_NETWORK_MBPS=n loads the pages over an emulated link of n Mbit/s (latency BENCH_NETWORK_RTT_MS).
 * "Settled" is when the main thread has then gone a whole second without a long task.
 *
 * Side by side with Traccar's own web app: build it (fetch traccar/traccar-web, `npm install`,
 * `npx vite build`) and run with BENCH_APP=traccar-web BENCH_WEB_ROOT=<its build>. It talks to this
 * server's Traccar API unchanged; the bench points its map at a custom tile URL on this server
 * (no internet here) and, having no hook into its map, calls it ready when its list shows a
 * device and its map canvas exists — earlier than its markers are drawn, so "settled" is the
 * figure to compare.
 *
 *   node scripts/build.mjs && node --import tsx bench/web.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { chromium, type Page } from '@playwright/test';
import { api, login, machine, percentile, startServer, type ServerProcess } from './lib.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const TRACCAR_WEB = process.env.BENCH_APP === 'traccar-web';
const RATE = 1000;
const SECONDS = 10;
const LONG_TASK_MS = 50;
const CREATE_CONCURRENCY = 16;
/** BENCH_NETWORK_MBPS=n: the pages load over an emulated link of n Mbit/s each way and BENCH_NETWORK_RTT_MS (20) of latency. */
const NETWORK_MBPS = Number(process.env.BENCH_NETWORK_MBPS ?? 0);
const NETWORK_RTT_MS = Number(process.env.BENCH_NETWORK_RTT_MS ?? 20);
/** BENCH_REPEAT=n: the page loads n times, each in a new browser context (a first visit), with their median. */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const uniqueIdOf = (i: number) => `bench-web-${String(i).padStart(5, '0')}`;

/** One OsmAnd report (the Traccar Client's query form) somewhere over greater São Paulo. */
function report(port: number, i: number, step: number): Promise<void> {
  const latitude = -23.55 + Math.sin(i * 12.9898) * 0.25 + step * 1e-4;
  const longitude = -46.63 + Math.cos(i * 78.233) * 0.35 + step * 1e-4;
  const query = new URLSearchParams({
    id: uniqueIdOf(i), lat: latitude.toFixed(6), lon: longitude.toFixed(6), speed: String(10 + (i % 40)),
    bearing: String((i * 37 + step * 10) % 360), timestamp: String(Math.floor(Date.now() / 1000)),
  });
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/?${query}`, agent }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`OsmAnd answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end();
  });
}

async function inBatches(count: number, concurrency: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await work(next++);
  }));
}

async function seed(server: ServerProcess): Promise<{ devicesSeconds: number; positionsSeconds: number }> {
  const cookie = await login(server.base);
  let started = performance.now();
  await inBatches(DEVICES, CREATE_CONCURRENCY, (i) =>
    api(server.base, cookie, 'POST', '/api/devices', { name: `Veículo ${i + 1}`, uniqueId: uniqueIdOf(i), category: ['car', 'truck', 'van', 'motorcycle', 'bus'][i % 5] }),
  );
  const devicesSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await inBatches(DEVICES, 64, (i) => report(server.ports.osmand, i, 0));
  return { devicesSeconds, positionsSeconds: (performance.now() - started) / 1000 };
}

/**
 * Page instrumentation, installed before the app runs: when the app publishes its map (as
 * `window.__rastroMap`), note its creation and its style load (its first frame drawn); when it
 * publishes the fleet canvas (`window.__rastroFleet`), the frame after it first draws devices or
 * clusters. Ready needs both. A string, so that no compiler helper leaks into the page.
 */
const MILESTONES = `(() => {
  const marks = (window.__benchMarks = {});
  // calls onSet with each non-empty value the app publishes as window[name]
  const watch = (name, onSet) => {
    let current;
    Object.defineProperty(window, name, {
      configurable: true,
      get: () => current,
      set: (value) => {
        current = value;
        if (value) onSet(value);
      },
    });
  };
  watch('__rastroMap', (map) => {
    if (marks.mapCreated) return;
    marks.mapCreated = performance.now();
    map.once('load', () => (marks.mapLoad = performance.now()));
  });
  watch('__rastroFleet', (fleet) => {
    marks.fleetCreated ??= performance.now();
    fleet.onDrawn = (devices, clusters) => {
      marks.firstDraw ??= performance.now();
      if (devices + clusters === 0 || marks.fleetDrawn) return;
      // drawn on the canvas now; on the screen with the frame that follows
      requestAnimationFrame(() => (marks.fleetDrawn ??= performance.now()));
    };
  });
})()`;

interface LoadFigures {
  ready: number;
  settled: number;
  marks: Record<string, number>;
  requests: Record<string, { start: number; end: number; bytes: number }>;
}

/** Opens `route` and waits until it is ready (see the header); milestones in ms after navigation start. */
async function load(page: Page, route: string, needsList: boolean): Promise<LoadFigures> {
  await page.goto(route);
  const handle = TRACCAR_WEB
    ? await page.waitForFunction(
      () => (document.body.innerText.includes('Veículo') && document.querySelector('canvas.maplibregl-canvas') ? performance.now() : false),
      null, { polling: 20, timeout: 120_000 },
    )
    : await page.waitForFunction(
      (list) => {
        const marks = (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks;
        const listed = !list || document.querySelector('[data-testid="device-row"]');
        return marks.mapLoad && marks.fleetDrawn && listed && !document.querySelector('.MuiLinearProgress-root') ? performance.now() : false;
      },
      needsList,
      { polling: 20, timeout: 120_000 },
    );
  const ready = (await handle.jsonValue()) as number;
  // settled: a whole second without a long task after ready (the end of the last one before it)
  const settled = (await (await page.waitForFunction(() => {
    const state = window as unknown as { __quiet?: { last: number } };
    if (!state.__quiet) {
      const quiet = { last: performance.now() };
      state.__quiet = quiet;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
        quiet.last = Math.max(quiet.last, entry.startTime + entry.duration);
      })).observe({ type: 'longtask', buffered: true });
    }
    return performance.now() - state.__quiet.last >= 1000 ? state.__quiet.last : false;
  }, null, { polling: 100, timeout: 120_000 })).jsonValue()) as number;
  await page.evaluate(() => delete (window as unknown as { __quiet?: unknown }).__quiet);
  return page.evaluate(({ readyAt, settledAt }) => {
    const requests: LoadFigures['requests'] = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const name = new URL(entry.name).pathname;
      if (name.startsWith('/api/') || /\/Shell-[^/]*\.js$/.test(name)) {
        requests[name.replace(/-[\w-]+\.js$/, '.js')] = { start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize };
      }
    }
    return { ready: readyAt, settled: Math.max(readyAt, settledAt), marks: (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks, requests };
  }, { readyAt: ready, settledAt: settled });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/** JavaScript entry points on the main thread; their time inside a task is that task's scripting. */
const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'v8.callFunction', 'v8.evaluateModule', 'V8.GCScavenger', 'MajorGC', 'MinorGC']);
/**
 * The main thread waiting for the software WebGL: without a GPU, Chromium composites in software
 * and reads every WebGL frame back (and waits for SwiftShader to draw it) inside the compositor
 * commit. A GPU composites the canvas without either.
 */
const GL_WAIT_EVENTS = new Set(['GLES2::ReadPixels', 'RenderThreadImpl::EstablishGpuChannelSync']);

interface TaskSplit {
  start: number;
  duration: number;
  script: number;
  gl: number;
}

/** Total time of the `names` events nested in [from, to), counting overlapping ones once. */
function covered(sorted: TraceEvent[], from: number, to: number): number {
  let total = 0;
  let until = 0;
  for (const event of sorted) {
    const end = event.ts + event.dur!;
    if (event.ts < from || end > to || end <= until) continue;
    total += end - Math.max(event.ts, until);
    until = end;
  }
  return total;
}

function mainThread(trace: { traceEvents: TraceEvent[] }) {
  const events = trace.traceEvents;
  // the page's renderer: the one whose main thread did the most
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined);
  const onMain = mains
    .map((main) => complete.filter((event) => event.pid === main.pid && event.tid === main.tid))
    .sort((a, b) => b.length - a.length)[0] ?? [];
  const of = (names: Set<string>) => onMain.filter((event) => names.has(event.name)).sort((a, b) => a.ts - b.ts);
  return { tasks: onMain.filter((event) => event.name === 'RunTask'), scripts: of(SCRIPT_EVENTS), gl: of(GL_WAIT_EVENTS) };
}

/** Main-thread tasks over `minMs` from a Chromium trace, each with its JavaScript and software-GL wait. */
function splitTasks(trace: { traceEvents: TraceEvent[] }, minMs: number): TaskSplit[] {
  const { tasks, scripts, gl } = mainThread(trace);
  return tasks.filter((task) => task.dur! > minMs * 1000).map((task) => ({
    start: task.ts,
    duration: task.dur! / 1000,
    script: covered(scripts, task.ts, task.ts + task.dur!) / 1000,
    gl: covered(gl, task.ts, task.ts + task.dur!) / 1000,
  }));
}

/** Sum of the main thread's task time, and of its JavaScript and software-GL wait, over a whole trace. */
function busy(trace: { traceEvents: TraceEvent[] }): { task: number; script: number; gl: number } {
  const split = splitTasks(trace, 0);
  const sum = (key: 'duration' | 'script' | 'gl') => split.reduce((total, task) => total + task[key], 0);
  return { task: sum('duration'), script: sum('script'), gl: sum('gl') };
}

/**
 * The trace's main-thread work from the navigation until ready (the trace starts before the
 * navigation). The navigation starts with the document's request.
 */
function untilReady(trace: { traceEvents: TraceEvent[] }, route: string, ready: number): { traceEvents: TraceEvent[] } {
  const document = trace.traceEvents.filter((event) => (event.name === 'ResourceWillSendRequest' || event.name === 'ResourceSendRequest') &&
    event.args?.data?.url !== undefined && new URL(event.args.data.url).pathname === route);
  const from = Math.min(...document.map((event) => event.ts));
  if (!Number.isFinite(from)) return trace;
  const until = from + ready * 1000;
  return { traceEvents: trace.traceEvents.filter((event) => event.ph !== 'X' || (event.ts >= from && event.ts + (event.dur ?? 0) <= until)) };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'gpu',
  ...(process.env.BENCH_CPU_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : [])];
/** Where the updates stream: the live map alone by default (spec §2: its panel closed). */
const UPDATES_ROUTE = process.env.BENCH_UPDATES_ROUTE ?? '/home';

function keepTrace(name: string, buffer: Buffer): void {
  const dir = process.env.BENCH_TRACE_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), buffer);
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.BENCH_SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

const ms = (value: number | undefined) => (value === undefined ? '—' : String(Math.round(value)));

function printLoad(route: string, figures: LoadFigures, main: { task: number; script: number; gl: number }): void {
  const request = (name: string) => {
    const entry = figures.requests[name];
    return entry ? `${ms(entry.start)}–${ms(entry.end)} ms (${(entry.bytes / 1e6).toFixed(1)} MB)` : '—';
  };
  console.log(`${route} ready: ${ms(figures.ready)} ms after navigation start; settled ${ms(figures.settled)} ms`);
  console.log(`  map code (Shell chunk) ${request('/assets/Shell.js')}; /api/devices ${request('/api/devices')}; /api/positions ${request('/api/positions')}`);
  console.log(`  map created ${ms(figures.marks.mapCreated)} ms, style loaded ${ms(figures.marks.mapLoad)} ms, fleet canvas created ${ms(figures.marks.fleetCreated)} ms, first drawn ${ms(figures.marks.firstDraw)} ms, fleet drawn ${ms(figures.marks.fleetDrawn)} ms`);
  console.log(`  main thread until ready: ${ms(main.task)} ms in tasks, of which JavaScript ${ms(main.script)} ms, ` +
    `waiting on the software WebGL ${ms(main.gl)} ms, other (style, layout, paint, parsing) ${ms(main.task - main.script - main.gl)} ms`);
}

async function main(): Promise<void> {
  // BENCH_WEB_ROOT: another build of the web app to measure against the same server (e.g. an earlier one)
  const server = await startServer({ RASTRO_WEB_ROOT: process.env.BENCH_WEB_ROOT ?? 'apps/web/dist' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const seeded = await seed(server);
    const openPage = async () => {
      const context = await browser.newContext({
        baseURL: server.base, viewport: { width: 1366, height: 768 }, locale: 'pt-BR',
        // BENCH_ACCEPT_ENCODING=identity: the browser asks for everything uncompressed (A/B against compression)
        ...(process.env.BENCH_ACCEPT_ENCODING ? { extraHTTPHeaders: { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } } : {}),
      });
      const page = await context.newPage();
      if (NETWORK_MBPS > 0) {
        // the browser's own throttling, on the bytes as they cross the wire (compressed or not)
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false, latency: NETWORK_RTT_MS, downloadThroughput: (NETWORK_MBPS * 1e6) / 8, uploadThroughput: (NETWORK_MBPS * 1e6) / 8,
        });
      }
      const signIn = await page.request.post('/api/session', { form: { email: 'admin', password: 'bench' } });
      if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
      await context.addInitScript({ content: MILESTONES });
      return { context, page };
    };
    let { context, page } = await openPage();
    if (TRACCAR_WEB) {
      // its default map styles live on the internet; a custom raster URL on this server draws nothing but lets the markers draw
      const current = await (await page.request.get('/api/server')).json();
      const mapUrl = `${server.base}/offline-tiles/{z}/{x}/{y}.png`;
      const put = await page.request.put('/api/server', { data: { ...current, map: 'custom', mapUrl, attributes: { ...current.attributes, activeMapStyles: 'custom' } } });
      if (!put.ok()) throw new Error(`server settings for traccar-web: ${put.status()}`);
    }
    const loads: { route: string; figures: LoadFigures; main: ReturnType<typeof busy> }[] = [];
    // /home first, on an empty cache; /devices then loads the app again, its code from the cache
    const routes: [string, boolean][] = TRACCAR_WEB ? [['/', true]] : [['/home', false], ['/devices', true]];
    for (let run = 1; run <= REPEAT; run++) {
      // each run in a new browser context: a first visit again
      if (run > 1) {
        await context.close();
        ({ context, page } = await openPage());
      }
      for (const [route, needsList] of routes) {
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        const figures = await load(page, route, needsList);
        await screenshot(page, `load${route.replace('/', '-')}.png`);
        const buffer = await browser.stopTracing();
        keepTrace(`load${route.replace('/', '-')}${REPEAT > 1 ? `-${run}` : ''}.json`, buffer);
        const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        loads.push({ route, figures, main: busy(untilReady(trace, route, figures.ready)) });
      }
    }
    await load(page, TRACCAR_WEB ? '/' : UPDATES_ROUTE, UPDATES_ROUTE === '/devices');
    await page.waitForTimeout(3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
      return { script: value('ScriptDuration') * 1000, task: value('TaskDuration') * 1000 };
    };

    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.startTime, entry.duration))).observe({ type: 'longtask' });
    });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });

    const rows: { second: number; sent: number; longTasks: number; maxTask: number; script: number; task: number }[] = [];
    let previous = await metrics();
    let step = 1;
    let failures = 0;
    for (let second = 1; second <= SECONDS; second++) {
      const pageStart = await page.evaluate(() => performance.now());
      const startedAt = performance.now();
      const sends: Promise<void>[] = [];
      // 1,000 reports spread over the second, ten every 10 ms
      for (let slice = 0; slice < 100; slice++) {
        for (let k = 0; k < RATE / 100; k++) {
          const i = Math.floor(Math.random() * DEVICES);
          sends.push(report(server.ports.osmand, i, step++).catch(() => {
            failures++;
          }));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + (slice + 1) * 10 - performance.now())));
      }
      await Promise.all(sends);
      const now = await metrics();
      const tasks = await page.evaluate((from) => {
        const flat = (window as unknown as { __longTasks: number[] }).__longTasks;
        const durations: number[] = [];
        for (let j = 0; j < flat.length; j += 2) if (flat[j] >= from) durations.push(flat[j + 1]);
        return durations;
      }, pageStart);
      rows.push({
        second, sent: RATE, longTasks: tasks.length, maxTask: Math.max(0, ...tasks),
        script: now.script - previous.script, task: now.task - previous.task,
      });
      previous = now;
    }
    const buffer = await browser.stopTracing();
    keepTrace('updates.json', buffer);
    await screenshot(page, 'updates.png');
    const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const split = splitTasks(trace, LONG_TASK_MS);
    const scriptLong = split.filter((task) => task.script > LONG_TASK_MS);
    const updatesMain = busy(trace);

    console.log(`\nbench/web — ${machine()}, Chromium headless (software WebGL), 1366×768\n`);
    console.log(`seed: ${DEVICES.toLocaleString('en')} devices in ${seeded.devicesSeconds.toFixed(1)} s (POST /api/devices), first positions in ${seeded.positionsSeconds.toFixed(1)} s (OsmAnd)`);
    for (const { route, figures, main: thread } of loads) printLoad(route, figures, thread);
    if (REPEAT > 1) {
      for (const [route] of routes) {
        const ready = loads.filter((entry) => entry.route === route).map((entry) => entry.figures.ready).sort((a, b) => a - b);
        console.log(`${route} ready over ${REPEAT} first visits: median ${ms(percentile(ready, 50))} ms (${ready.map(ms).join(', ')})`);
      }
    }
    console.log(`\nupdates on ${TRACCAR_WEB ? '/ (traccar-web)' : UPDATES_ROUTE}`);
    console.log('| second | positions sent | long tasks | longest (ms) | scripting (ms) | all tasks (ms) |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(`| ${row.second} | ${row.sent} | ${row.longTasks} | ${Math.round(row.maxTask)} | ${Math.round(row.script)} | ${Math.round(row.task)} |`);
    }
    const total = (key: 'script' | 'task') => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
    console.log(`\nmean per second: scripting ${Math.round(total('script'))} ms, all main-thread tasks ${Math.round(total('task'))} ms; ${failures} reports failed`);
    console.log(`long tasks in the trace: ${split.length}; longest ${Math.round(Math.max(0, ...split.map((task) => task.duration)))} ms; ` +
      `JavaScript inside them: max ${Math.round(Math.max(0, ...split.map((task) => task.script)))} ms, ` +
      `${scriptLong.length} with more than ${LONG_TASK_MS} ms of JavaScript; ` +
      `software-WebGL wait inside them: max ${Math.round(Math.max(0, ...split.map((task) => task.gl)))} ms, ` +
      `${split.filter((task) => task.duration - task.gl <= LONG_TASK_MS).length} of ${split.length} under ${LONG_TASK_MS} ms without it`);
    console.log(`main thread over the ${SECONDS} s of updates (trace): ${ms(updatesMain.task / SECONDS)} ms per second in tasks, ` +
      `JavaScript ${ms(updatesMain.script / SECONDS)} ms, software-WebGL wait ${ms(updatesMain.gl / SECONDS)} ms`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    agent.destroy();
  }
}

await main();
