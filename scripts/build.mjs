// Builds the web app (Vite) and the server bundle (esbuild). Skips a part whose sources
// have not changed since its last build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { must, root, ensureDependencies } from './lib/run.mjs';

function fingerprint(dirs) {
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    if (fs.statSync(dir).isFile()) {
      hash.update(dir).update(fs.readFileSync(dir));
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  hash.update(fs.readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

function buildIfChanged(name, dirs, output, build) {
  const stamp = path.join(root, output, '.build-stamp');
  const print = fingerprint(dirs);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === print) {
    console.log(`• ${name}: up to date`);
    return;
  }
  console.log(`• building ${name}…`);
  build();
  fs.writeFileSync(stamp, print);
}

export async function buildAll() {
  buildIfChanged('web app', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/api/src'], 'apps/web/dist', () => {
    must('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
  });
  const serverPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // Runtime dependencies stay in node_modules; the workspace's own TypeScript is bundled.
  const external = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@rastro/'));
  buildIfChanged('server', ['apps/server/src', 'packages/api/src'], 'apps/server/dist', () => {
    fs.mkdirSync(path.join(root, 'apps/server/dist'), { recursive: true });
    must('npx', [
      'esbuild', 'apps/server/src/main.ts', '--bundle', '--platform=node', '--target=node20', '--format=esm',
      '--sourcemap', '--outfile=apps/server/dist/main.js', '--log-level=warning',
      ...external.map((name) => `--external:${name}`),
    ]);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  await buildAll();
}
