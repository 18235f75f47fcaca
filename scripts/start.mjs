// `npm start`: install what is missing, build, then run the server (it migrates the
// database itself) with the web app on http://localhost:8082. An administrator's
// "restart" (POST /api/server/restart) ends the server with exit code 130: it is started again.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureDependencies, root } from './lib/run.mjs';

const RESTART = 130;
ensureDependencies();
await buildAll();

let server;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server?.kill(signal));
for (;;) {
  server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
  const code = await new Promise((resolve) => server.on('exit', (status) => resolve(status ?? 0)));
  if (code !== RESTART) process.exit(code);
  console.log('• restarting the server…');
}
