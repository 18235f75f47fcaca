import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default in a run is one worker fewer than the cores: a single file at a time on a 2-core
// machine, while most files spend their time waiting on sockets, PostgreSQL and Redis. Each test
// file has its own server, SQLite file, PostgreSQL schema and Redis namespace (db/deployment.ts), so
// files run side by side; RASTRO_TEST_WORKERS overrides the count (docs/benchmarks.md has the timings).
const workers = Number(process.env.RASTRO_TEST_WORKERS) || os.availableParallelism() + 1;

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'apps/server/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: workers,
    minWorkers: 1,
  },
});
