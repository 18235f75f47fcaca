import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startTestServer, type Dialect, type TestServer } from './harness.ts';
import { Fixtures } from './authz/fixtures.ts';
import { servedRoutes } from './authz/route-table.ts';
import { RULES, routeOf } from './authz/rules.ts';
import { fixedDefects, problemOf, runMatrix, type Outcome } from './authz/runner.ts';
import { victimSnapshot } from './authz/snapshot.ts';

/**
 * The authorization matrix (issue 14): every route the app serves × every role × its own object
 * and another tenant's, generated from the access rules in authz/rules.ts, against a real server
 * on each database. A route without a rule fails the first test, so whoever adds a route says
 * who may call it; the rest follows from the rule.
 */

/**
 * Answers known to be wrong, by outcome id, each with what is wrong; the lead clears them as the
 * fixes land. A listed outcome that has become right fails the matrix too, so the list cannot
 * outlive its defects.
 */
const KNOWN_DEFECTS: Record<string, string> = {};

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let server: TestServer;
  let fx: Fixtures;
  let outcomes: Outcome[] = [];
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    fx = await Fixtures.build(server);
    before = await victimSnapshot(fx);
    outcomes = await runMatrix(fx, RULES);
    after = await victimSnapshot(fx);
  }, 240_000);
  afterAll(async () => server?.stop());

  it('has an access rule for every route the app serves, and no rule for a route it does not', () => {
    const served = servedRoutes(server.rastro.app);
    const declared = new Set(Object.keys(RULES).map(routeOf));
    expect({ undeclared: served.filter((r) => !declared.has(r)), stale: [...declared].filter((r) => !served.includes(r)) })
      .toEqual({ undeclared: [], stale: [] });
    // every route was really called
    const called = new Set(outcomes.map((o) => o.route));
    expect(served.filter((r) => !called.has(r))).toEqual([]);
  });

  it('answers every role on every route as its rule says: own objects by role, other tenants refused, never 500', () => {
    const problems: Record<string, string> = {};
    for (const outcome of outcomes) {
      const problem = problemOf(outcome, fx.victim.device!.id);
      if (problem && !(outcome.id in KNOWN_DEFECTS)) problems[outcome.id] = problem;
    }
    expect(problems).toEqual({});
  });

  it('still shows every listed known defect (a fixed one must leave the list)', () => {
    expect(fixedDefects(KNOWN_DEFECTS, outcomes, fx.victim.device!.id)).toEqual([]);
  });

  it("leaves tenant B exactly as it was, whatever everybody tried on its objects", () => {
    expect(after).toEqual(before);
  });
});
