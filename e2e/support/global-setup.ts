/**
 * Starts the real server (built web included) for the browser tests: on a fresh database of its own on
 * DATABASE_URL's server, else on an embedded PostgreSQL in a temporary data folder. The database's URL is
 * handed to the tests (E2E_DATABASE_URL) for their account factory. Its output goes to
 * e2e/test-results/server.log, where the console SMS provider's lines give the tests their codes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../server/src/platform/db/embedded';
import { ADMIN_PASSWORD, SERVER_LOG } from './env';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${SERVER_LOG}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${url} within ${ms} ms; see ${SERVER_LOG}`);
}

export default async function globalSetup() {
  if (!existsSync(path.join(root, 'web/dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build` first');
  const port = process.env.E2E_PORT!;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trackline-e2e-'));
  // mkdtemp makes it 0700; an embedded PostgreSQL inside runs as `postgres` when we are root and must get through.
  await chmod(dataDir, 0o755);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    // Each test speaks from its own address (X-Forwarded-For), so per-IP limits do not couple the journeys.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // Stores' acknowledgements are read every 5 s, so a journey sees a store's answer soon (delivery, issue 13).
    DELIVERY_POLL_SECONDS: '5',
    // Background jobs run inside the server, as with `npm start`.
    JOBS_IN_PROCESS: 'true',
  };
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'), () => undefined);
    adminUrl = embedded.url;
  }
  const dbName = `tl_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  env.DATABASE_URL = dbUrl.toString();
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  // Where local-folder stores receive deliveries (DELIVERY_DIR's default): a journey plays such a store's answer.
  process.env.E2E_DELIVERY_DIR = path.join(dataDir, 'delivery');

  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, 90_000);

  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
