/// <reference lib="dom" />
/**
 * bench/web: the web app with a large fleet. 10,000 devices (each with a first position), then
 * headless Chromium opens /home signed in: time until the map draws the fleet. Then 1,000 position
 * updates per second stream over OsmAnd for 10 s while the page records its main-thread long
 * tasks and a timeline trace, which splits each long task into its JavaScript and the rest
 * (style, layout, paint and the software WebGL's compositing).
 *
 *   node scripts/build.mjs && node --import tsx bench/web.ts
 */
import http from 'node:http';
import { chromium, type Page } from '@playwright/test';
import { api, login, machine, startServer, type ServerProcess } from './lib.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const RATE = 1000;
const SECONDS = 10;
const LONG_TASK_MS = 50;
const CREATE_CONCURRENCY = 16;

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

/** Milliseconds from navigation start until the fleet is on the map and the loading bar has gone. */
async function timeToReady(page: Page): Promise<number> {
  await page.goto('/home');
  const handle = await page.waitForFunction(
    () => {
      const map = (window as unknown as { __rastroMap?: { getLayer(id: string): unknown; querySourceFeatures(id: string): unknown[] } }).__rastroMap;
      const drawn = map?.getLayer('devices') && map.querySourceFeatures('devices').length > 0;
      return drawn && !document.querySelector('.MuiLinearProgress-root') ? performance.now() : false;
    },
    undefined,
    { polling: 20, timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** JavaScript entry points on the main thread; their time inside a task is that task's scripting. */
const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'v8.callFunction', 'V8.GCScavenger', 'MajorGC', 'MinorGC']);

interface TaskSplit {
  start: number;
  duration: number;
  script: number;
}

/** Main-thread tasks over 50 ms from a Chromium trace, each with the time spent in JavaScript. */
function longTasks(trace: { traceEvents: TraceEvent[] }): TaskSplit[] {
  const events = trace.traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur! > LONG_TASK_MS * 1000);
  const scripts = onMain.filter((event) => SCRIPT_EVENTS.has(event.name)).sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    let script = 0;
    let coveredUntil = 0;
    for (const event of scripts) {
      const end = event.ts + event.dur!;
      if (event.ts < task.ts || end > task.ts + task.dur! || end <= coveredUntil) continue;
      script += end - Math.max(event.ts, coveredUntil);
      coveredUntil = end;
    }
    return { start: task.ts, duration: task.dur! / 1000, script: script / 1000 };
  });
}

async function main(): Promise<void> {
  const server = await startServer({ RASTRO_WEB_ROOT: 'apps/web/dist' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const seeded = await seed(server);
    const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const signIn = await page.request.post('/api/session', { form: { email: 'admin', password: 'bench' } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);

    const ready = await timeToReady(page);
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
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });

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
          sends.push(report(server.ports.osmand, i, step++).catch(() => void failures++));
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
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const split = longTasks(trace);
    const scriptLong = split.filter((task) => task.script > LONG_TASK_MS);

    console.log(`\nbench/web — ${machine()}, Chromium headless (software WebGL), 1366×768\n`);
    console.log(`seed: ${DEVICES.toLocaleString('en')} devices in ${seeded.devicesSeconds.toFixed(1)} s (POST /api/devices), first positions in ${seeded.positionsSeconds.toFixed(1)} s (OsmAnd)`);
    console.log(`/home ready (fleet drawn, loading bar gone): ${Math.round(ready)} ms after navigation start\n`);
    console.log('| second | positions sent | long tasks | longest (ms) | scripting (ms) | all tasks (ms) |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(`| ${row.second} | ${row.sent} | ${row.longTasks} | ${Math.round(row.maxTask)} | ${Math.round(row.script)} | ${Math.round(row.task)} |`);
    }
    const total = (key: 'script' | 'task') => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
    console.log(`\nmean per second: scripting ${Math.round(total('script'))} ms, all main-thread tasks ${Math.round(total('task'))} ms; ${failures} reports failed`);
    console.log(`long tasks in the trace: ${split.length}; longest ${Math.round(Math.max(0, ...split.map((task) => task.duration)))} ms; ` +
      `JavaScript inside them: max ${Math.round(Math.max(0, ...split.map((task) => task.script)))} ms, ` +
      `${scriptLong.length} with more than ${LONG_TASK_MS} ms of JavaScript`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    agent.destroy();
  }
}

await main();
