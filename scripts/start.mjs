#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built, then runs the server (which starts the embedded
// PostgreSQL when DATABASE_URL is unset, migrates, seeds once and serves API and web on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Trackline needs Node.js 22.18 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

if (!existsSync(`${root}web/dist/index.html`)) {
  console.log('Building the web app (first start) ...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
