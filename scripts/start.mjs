// `npm start`: install what is missing, build, then run the server (it migrates the
// database itself) with the web app on http://localhost:8082.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureDependencies, root } from './lib/run.mjs';

ensureDependencies();
await buildAll();
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
