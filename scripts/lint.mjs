// `npm run lint` (and the first step of `npm test`): type checks, ESLint and the import rules.
// The four type checks and ESLint keep their state in node_modules/.cache, so a second run
// only looks again at what changed; the independent checks run two at a time (two cores).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './lib/run.mjs';

const cache = path.join(root, 'node_modules/.cache/rastro-lint');
const projects = ['packages/api', 'apps/server', 'apps/web', 'apps/web/e2e', 'bench'];

const checks = [
  ...projects.map((project) => ({
    name: `tsc -p ${project}`,
    args: ['tsc', '-p', project, '--incremental', '--tsBuildInfoFile', path.join(cache, `${project.replaceAll('/', '_')}.tsbuildinfo`)],
  })),
  { name: 'eslint', args: ['eslint', '--cache', '--cache-location', path.join(cache, 'eslint'), '--max-warnings', '0', '.'] },
  { name: 'dependency-cruiser', args: ['depcruise', 'apps/server/src', 'apps/web/src', 'packages/api/src', '--output-type', 'err'] },
];

/** Runs the checks with at most `parallel` at once; prints each one's output as one block when it ends. */
export async function lint(parallel = 2) {
  const failed = [];
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const started = Date.now();
      const { code, output } = await capture('npx', check.args);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '  ✓' : '  ✗'} ${check.name} (${seconds} s)`);
      if (code !== 0) {
        failed.push(check.name);
        process.stdout.write(output);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return failed;
}

function capture(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  console.log('• lint: type checks, ESLint, import rules…');
  const failed = await lint();
  if (failed.length) {
    console.error(`\n✗ lint failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
