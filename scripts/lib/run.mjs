// Small helpers for the project scripts; they use only Node's built-ins because they run
// before the dependencies are installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** Installs the npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  // `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional packages out
  // of the lockfile, which `npm ci` then refuses; `install` keeps the locked versions.
  console.log('• installing dependencies (npm install)…');
  must('npm', ['install', '--no-audit', '--no-fund']);
}

/** Installs Debian's Chromium for the browser tests when it is absent. */
export function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  console.log('• installing Debian chromium for the browser tests (apt-get)…');
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (sudo.length ? must('sudo', ['apt-get', ...args], { env }) : must('apt-get', args, { env }));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium', 'fonts-liberation']);
}
