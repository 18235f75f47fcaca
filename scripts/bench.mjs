// `npm run bench [-- name…]`: builds, then runs the benchmarks in bench/ (all, or those named),
// each printing its figures. Record them in docs/benchmarks.md with the machine and date.
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureDependencies, must, root } from './lib/run.mjs';

ensureDependencies();
await buildAll();
const wanted = process.argv.slice(2);
const benches = fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.ts') && f !== 'lib.ts').map((f) => f.replace(/\.ts$/, ''));
for (const name of wanted.length ? wanted : benches) {
  if (!benches.includes(name)) throw new Error(`no benchmark bench/${name}.ts (have: ${benches.join(', ')})`);
  must(process.execPath, ['--import', 'tsx', path.join(root, 'bench', `${name}.ts`)]);
}
