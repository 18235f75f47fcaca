import { ADVANCED_PERMISSIONS_KEY, PERMISSION_ACTIONS, PERMISSION_AREAS, formatPermissions, permissionBit } from '@rastro/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startTestServer, type Dialect, type TestServer } from './harness.ts';
import { COLLECTION, ENTITY_KINDS, Fixtures, type Wire } from './authz/fixtures.ts';
import { NONE, RULES, routeOf, type Governed, type Rule } from './authz/rules.ts';
import { fixedDefects, problemOf, runJobs, type Job, type Outcome } from './authz/runner.ts';
import { victimSnapshot } from './authz/snapshot.ts';

/**
 * The authorization matrix with advanced permissions on (spec §6, issue 14), generated from the
 * `advanced` field of every rule in authz/rules.ts. With `tarkan.enableAdvancedPerms` on:
 * - a governed route, called by a regular user and a manager (where the rule lets them, or the
 *   bit opens it) holding every bit but the route's, is refused and changes nothing;
 * - the same callers holding every bit get what the rule without advanced permissions says,
 *   and still nothing of tenant B's;
 * - a route declared NONE answers callers holding no bit at all as the rule says, so no route
 *   checks a bit it does not declare.
 */

/** Answers known to be wrong, by outcome id, each with what is wrong (as in authz-matrix.test.ts). */
const KNOWN_DEFECTS: Record<string, string> = {};

/** The callers the bits are tried on: the plain user and the manager (who alone creates and deletes users). */
const ACTORS = ['regular', 'manager'] as const;
type Actor = (typeof ACTORS)[number];

const governed = (rule: Rule): Governed | null => (rule.advanced === NONE ? null : rule.advanced);
const bits = (set: (bit: number) => boolean) => formatPermissions(Array.from({ length: 128 }, (_, bit) => set(bit)));
const NO_BITS = bits(() => false);
const EVERY_BIT = bits(() => true);

/** Who may be tried on a governed route: those the rule lets in, or anyone where the bit opens it. */
const actorsOf = (rule: Rule, g: Governed): Actor[] => ACTORS.filter((a) => rule.allow.includes(a) || g.opens === true);

type Phase = 'no bits' | 'without' | 'every bit';
type Planned = Job & { phase: Phase; key: string; bit: number };

function plan(fx: Fixtures): Planned[] {
  const jobs: Planned[] = [];
  const add = (phase: Phase, key: string, rule: Rule, c: Rule['cases'][number], role: Actor, target: Job['target'], bit: number, extra: Partial<Job> = {}) =>
    jobs.push({ id: `${phase} · ${key} · ${c.name} · ${role} · ${target}`, route: routeOf(key), rule, c, role, target, phase, key, bit, ...extra });
  for (const [key, rule] of Object.entries(RULES)) {
    const g = governed(rule);
    for (const c of rule.cases) {
      const targets: Job['target'][] = !c.object ? ['none'] : c.only === 'other' ? ['other'] : ['own', 'other'];
      if (!g) {
        for (const role of ACTORS) for (const target of targets) add('no bits', key, rule, c, role, target, -1);
        continue;
      }
      for (const role of actorsOf(rule, g)) {
        // a user editing himself needs selfEdit, a manager editing his sub-user edit
        const onSelf = fx.own.get(role)!.user?.id === fx.userIds.get(role);
        const bit = permissionBit(g.area, g.self && onSelf ? g.self : g.action);
        for (const target of targets) {
          add('every bit', key, rule, c, role, target, bit, { expect: target === 'other' ? 'refused' : 'allowed' });
          if (target !== 'other') add('without', key, rule, c, role, target, bit, { expect: 'refused', reuse: true });
        }
      }
    }
  }
  return jobs;
}

/** The callers' advanced permissions, as an administrator sets them. */
async function hold(fx: Fixtures, value: string): Promise<void> {
  for (const actor of ACTORS) {
    const id = fx.userIds.get(actor)!;
    const user = await fx.admin.json('GET', `/api/users/${id}`);
    await fx.admin.json('PUT', `/api/users/${id}`, { ...user, attributes: { ...user.attributes, [ADVANCED_PERMISSIONS_KEY]: value } });
  }
}

/** Rows in id order: lists come sorted by name, and rows of equal names in any order (PostgreSQL). */
const byId = (rows: Wire[]): Wire[] => [...rows].sort((x, y) => x.id - y.id);

/** Everything a refused call could have changed, as the administrator reads it: every user and object, latest positions, shares. */
async function everything(fx: Fixtures): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { users: byId(await fx.admin.json('GET', '/api/users')) };
  for (const kind of ENTITY_KINDS) {
    const list: Wire[] = await fx.admin.json('GET', `${COLLECTION[kind]}?all=true`);
    // a device's status and last update follow the clock, not the requests
    out[kind] = byId(list.map(({ status: _status, lastUpdate: _lastUpdate, ...rest }) => rest));
  }
  out.positions = byId(await fx.admin.json('GET', '/api/positions'));
  out.shares = byId(await fx.admin.json('GET', '/tarkan/shares'));
  return out;
}

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(dialects)('authorization matrix with advanced permissions on, on %s', (dialect) => {
  let server: TestServer;
  let fx: Fixtures;
  const outcomes = new Map<Phase, Outcome[]>();
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;
  let unchanged: { before: Record<string, unknown>; after: Record<string, unknown> };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    fx = await Fixtures.build(server);
    await fx.admin.setServerAttributes({ 'tarkan.enableAdvancedPerms': true });
    const jobs = plan(fx);
    const of = (phase: Phase) => jobs.filter((j) => j.phase === phase);
    before = await victimSnapshot(fx);

    // shares used up by callers holding no bit are made while they may still share
    await hold(fx, EVERY_BIT);
    for (const job of of('no bits').filter((j) => j.c.fresh && j.c.object === 'share' && j.target === 'own')) {
      const key = `share ${job.role}`;
      fx.spares.set(key, [...(fx.spares.get(key) ?? []), (await fx.fresh('share', job.role))!]);
    }
    await hold(fx, NO_BITS);
    outcomes.set('no bits', await runJobs(fx, of('no bits')));

    // one bit missing at a time; the refused calls must leave every object as it was
    const snapshot = await everything(fx);
    const refused: Outcome[] = [];
    for (const bit of [...new Set(of('without').map((j) => j.bit))].sort((a, b) => a - b)) {
      await hold(fx, bits((b) => b !== bit));
      refused.push(...(await runJobs(fx, of('without').filter((j) => j.bit === bit))));
    }
    await hold(fx, NO_BITS);
    unchanged = { before: snapshot, after: await everything(fx) };
    outcomes.set('without', refused.sort((a, b) => a.id.localeCompare(b.id)));

    await hold(fx, EVERY_BIT);
    outcomes.set('every bit', await runJobs(fx, of('every bit')));
    after = await victimSnapshot(fx);
  }, 240_000);
  afterAll(async () => server?.stop());

  const problems = (phase: Phase) => {
    const found: Record<string, string> = {};
    for (const outcome of outcomes.get(phase) ?? []) {
      const problem = problemOf(outcome, fx.victim.device!.id);
      // the callers are signed in: a 401 means a lost session, which refuses everything and proves nothing
      const lost = phase === 'without' && outcome.status === 401 ? 'answered 401: the caller lost his session' : null;
      if ((problem ?? lost) && !(outcome.id in KNOWN_DEFECTS)) found[outcome.id] = (problem ?? lost)!;
    }
    return found;
  };

  it('has every rule say which bit governs its route, or that none does; every governed rule is tried', () => {
    const undeclared = Object.keys(RULES).filter((key) => RULES[key].advanced === undefined);
    const invalid = Object.entries(RULES).filter(([, rule]) => {
      const g = governed(rule);
      return g && (!(g.area in PERMISSION_AREAS) || !(g.action in PERMISSION_ACTIONS) || (g.self !== undefined && !(g.self in PERMISSION_ACTIONS)));
    }).map(([key]) => key);
    // a governed rule no caller may reach proves nothing: it must open the area to them, or not be governed
    const tried = new Set((outcomes.get('without') ?? []).map((o) => o.id.split(' · ')[1]));
    const untried = Object.keys(RULES).filter((key) => governed(RULES[key]) && !tried.has(key));
    expect({ undeclared, invalid, untried }).toEqual({ undeclared: [], invalid: [], untried: [] });
  });

  it('refuses a caller who holds every bit but the route\'s', () => {
    expect(problems('without')).toEqual({});
  });

  it('changes nothing by the refused calls', () => {
    expect(unchanged.after).toEqual(unchanged.before);
  });

  it('lets the same caller holding the bit do what the rule allows, and nothing on tenant B\'s objects', () => {
    expect(problems('every bit')).toEqual({});
  });

  it('answers routes no bit governs as without advanced permissions, to callers holding no bit at all', () => {
    expect(problems('no bits')).toEqual({});
  });

  it('still shows every listed known defect (a fixed one must leave the list)', () => {
    expect(fixedDefects(KNOWN_DEFECTS, [...outcomes.values()].flat(), fx.victim.device!.id)).toEqual([]);
  });

  it('leaves tenant B exactly as it was, whatever the callers tried with whatever bits', () => {
    expect(after).toEqual(before);
  });
});
