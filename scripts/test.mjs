// `npm test`: install what is missing (npm packages, Debian's chromium), build, lint (type checks,
// ESLint, import rules), then run every test: units and server integration (SQLite, PostgreSQL, Redis) with Vitest,
// and the browser end-to-end tests with Playwright in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { lint } from './lint.mjs';
import { ensureChromium, ensureDependencies, root, run } from './lib/run.mjs';

ensureDependencies();
ensureChromium();
await buildAll();

const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

console.log('• lint: type checks, ESLint, import rules…');
const lintFailed = await lint();
if (lintFailed.length) {
  console.error(`\n✗ lint failed: ${lintFailed.join(', ')}`);
  process.exit(1);
}

console.log('• unit and integration tests (Vitest)…');
const vitestJson = path.join(results, 'vitest.json');
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('• browser end-to-end tests (Playwright, Chromium)…');
const playwrightJson = path.join(results, 'playwright.json');
const playwright = run('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const v = read(vitestJson);
const p = read(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0);
const flaky = p?.stats?.flaky ?? 0;
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
if (flaky) console.log(`\n${flaky} browser test(s) passed only on their retry: see the list above`);
console.log(`\n${passed + flaky} passed, ${failed} failed, ${skipped} skipped`);
const ok = vitest === 0 && playwright === 0 && passed > 0 && failed === 0;
process.exit(ok ? 0 : 1);
