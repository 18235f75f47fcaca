import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'apps/server/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
