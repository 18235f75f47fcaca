import WebSocket from 'ws';
import type { Client } from '../harness.ts';
import { VICTIM_MARK, type Fixtures, type Objects } from './fixtures.ts';
import { ROLES, type Role } from './roles.ts';
import { routeOf, type Case, type Expect, type Req, type Rule } from './rules.ts';

/** Statuses that refuse, per Traccar: 400 (access denied), 401 (unauthenticated), 403 (walled off), 404. */
const REFUSED = [400, 401, 403, 404];

export interface Outcome {
  /** `METHOD /path · case · role · own|other|none`: the name a known defect is listed by. */
  id: string;
  route: string;
  role: Role;
  target: 'own' | 'other' | 'none';
  expect: Expect;
  /** Also accepted for tenant B's object: `200 []` (a list filtered to what the caller sees). */
  emptyListOk: boolean;
  status: number;
  body: string;
}

export interface Job {
  id: string;
  route: string;
  rule: Rule;
  c: Case;
  role: Role;
  target: Outcome['target'];
  /** What the answer must be, where not the rule's (the advanced-permissions matrix). */
  expect?: Expect;
  /** A call expected to be refused names the caller's own object, not a fresh one it would use up. */
  reuse?: boolean;
}

/** Every route × case × role × (own object, tenant B's object), from the rules alone. */
export function jobsOf(rules: Record<string, Rule>): Job[] {
  const jobs: Job[] = [];
  for (const [key, rule] of Object.entries(rules)) {
    for (const c of rule.cases) {
      for (const role of ROLES) {
        const targets: Outcome['target'][] = !c.object ? ['none'] : role === 'administrator' ? ['own'] : c.only === 'other' ? ['other'] : ['own', 'other'];
        // the administrator reaches every tenant by right: he is the one who checks tenant B afterwards
        for (const target of targets) {
          if (role === 'administrator' && c.only === 'other') continue;
          jobs.push({ id: `${routeOf(key)} · ${c.name} · ${role} · ${target}`, route: routeOf(key), rule, c, role, target });
        }
      }
    }
  }
  return jobs;
}

function expectationOf(job: Job): Expect {
  if (job.expect) return job.expect;
  if (job.role === 'anonymous') return job.rule.allow.includes('anonymous') ? 'allowed' : (job.rule.anonymous ?? 'unauthenticated');
  if (job.target === 'other') return 'refused';
  return job.rule.allow.includes(job.role) ? 'allowed' : 'refused';
}

/** The matrix of the rules: every route × case × role × target, as the rules expect. */
export function runMatrix(fx: Fixtures, rules: Record<string, Rule>, concurrency = 4): Promise<Outcome[]> {
  return runJobs(fx, jobsOf(rules), concurrency);
}

/** Runs the jobs, a few at a time; a job that does not apply to its caller (no such object) is left out. */
export async function runJobs(fx: Fixtures, jobs: Job[], concurrency = 4): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const outcome = await run(fx, job);
      if (outcome) outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes.sort((a, b) => a.id.localeCompare(b.id));
}

async function run(fx: Fixtures, job: Job): Promise<Outcome | null> {
  const { c, role } = job;
  const self = fx.userIds.get(role) ?? 0;
  const own: Objects = fx.own.get(role) ?? { owner: 0 };
  let obj: Objects = job.target === 'other' ? fx.victim : own;
  if (c.object && job.target === 'own') {
    if (c.fresh && !job.reuse) {
      const fresh = await fx.fresh(c.object, role);
      if (!fresh) return null;
      obj = { ...own, [c.object]: fresh };
      await c.prepare?.(fx, obj);
    }
    if (!obj[c.object]) return null;
  }
  const req = c.build({ self, own, obj, fx });
  if (!req) return null;
  const client = job.rule.isolated ? await fx.login(role) : fx.clients.get(role) ?? null;
  const { status, body } = await send(fx.test.base, client, job.route, req);
  return {
    id: job.id, route: job.route, role, target: job.target, expect: expectationOf(job),
    emptyListOk: job.target === 'other' && c.foreign === 'emptyList', status, body,
  };
}

async function send(base: string, client: Client | null, route: string, req: Req): Promise<{ status: number; body: string }> {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = req.query ? `?${new URLSearchParams(Object.entries(req.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  const cookie: Record<string, string> = client?.cookie ? { cookie: client.cookie } : {};
  if (req.socket) return openSocket(`${base.replace('http', 'ws')}${path}${query}`, cookie);
  const headers: Record<string, string> = { ...cookie };
  let body: string | undefined;
  let raw: Buffer | undefined;
  if (req.raw) {
    headers['content-type'] = req.raw.type;
    raw = Buffer.from(req.raw.data);
  } else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const response = await fetch(base + path + query, { method, headers, body: raw ?? body });
  return { status: response.status, body: await response.text() };
}

/** A live socket counts as 200 once open, with its opening frame as the body; else the refusal's status. */
function openSocket(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    const done = (body: string) => {
      clearTimeout(timer);
      ws.close();
      resolve({ status: 200, body });
    };
    // the opening frame (latest positions of the devices the caller sees) follows the upgrade at once
    const timer = setTimeout(() => done(''), 5000);
    ws.once('message', (data) => done((data as Buffer).toString()));
    ws.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      resolve({ status: 0, body: String(error) });
    });
  });
}

/**
 * What is wrong with an answer, or null. `victimDeviceId` is tenant B's device: positions and
 * events name it only by id, so an answer naming it is a leak as much as one carrying its name.
 */
export function problemOf(o: Outcome, victimDeviceId: number): string | null {
  if (o.status >= 500 || o.status === 0) return `answered ${o.status}: ${o.body.slice(0, 200)}`;
  const ok = o.status >= 200 && o.status < 300;
  // nobody but an administrator ever reads anything of tenant B's
  const leak = o.body.toLowerCase().includes(VICTIM_MARK) || new RegExp(`"deviceId":${victimDeviceId}[,}]`).test(o.body);
  if (ok && o.role !== 'administrator' && leak) return `leaked tenant B's data (${o.status}): ${o.body.slice(0, 200)}`;
  switch (o.expect) {
    case 'allowed':
      return ok ? null : `refused (${o.status} ${o.body.slice(0, 120)}), but the rule allows it`;
    case 'unauthenticated':
      return o.status === 401 ? null : `answered ${o.status} ${ok ? 'with data' : o.body.slice(0, 120)} to an anonymous caller, expected 401`;
    case 'notFound':
      return o.status === 404 ? null : `answered ${o.status}, expected 404`;
    case 'refused':
      if (REFUSED.includes(o.status)) return null;
      if (o.emptyListOk && o.status === 200 && o.body.trim() === '[]') return null;
      return `answered ${o.status} ${ok ? `with ${o.body.slice(0, 120) || 'no body'}` : o.body.slice(0, 120)}, expected a refusal`;
  }
}

/** The known defects (by outcome id) that no outcome shows any more: each must leave its test's list. */
export function fixedDefects(knownDefects: Record<string, string>, outcomes: Iterable<Outcome>, victimDeviceId: number): string[] {
  const byId = new Map([...outcomes].map((o) => [o.id, o]));
  return Object.keys(knownDefects).filter((id) => {
    const outcome = byId.get(id);
    return !outcome || problemOf(outcome, victimDeviceId) === null;
  });
}
