/**
 * The process: config → database (embedded PostgreSQL when DATABASE_URL is unset) → migrations → seed → app → listen,
 * and the background job runner unless JOBS_IN_PROCESS=false.
 * SIGINT/SIGTERM: new requests get 503 + Connection: close for SHUTDOWN_GRACE_SECONDS (kept-alive connections too),
 * in-flight requests finish, running jobs finish or are released, the pool closes, the embedded PostgreSQL stops.
 */
import { mkdir } from 'node:fs/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeDeps, createDeps } from './platform/boot';
import { installConnectionErrorGuard } from './platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded';
import { type JobRunner, startJobRunner } from './platform/jobs/runner';
import { DEMO_MUSICIAN, seed } from './seed';
import { tasks } from './tasks';

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee the settings table in README.md.\n`);
      process.exit(2);
    }
    throw err;
  }
  await mkdir(config.filesDir, { recursive: true });
  installConnectionErrorGuard((msg) => process.stderr.write(`${JSON.stringify({ level: 'warn', msg })}\n`));

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`Starting the embedded PostgreSQL under ${config.dataDir}/postgres ...`);
    embedded = await startEmbeddedPostgres(config.dataDir, () => undefined);
    databaseUrl = embedded.url;
  }

  const deps = await createDeps(config, databaseUrl, (err) => {
    process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'database connection lost', err: err.message })}\n`);
  });
  const report = await seed(deps);
  const app = await buildApp(deps);
  let jobs: JobRunner | undefined;
  if (config.jobsInProcess)
    jobs = await startJobRunner(deps, databaseUrl, tasks, { concurrency: config.workerConcurrency });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      // Answer 503 + Connection: close for a while rather than drop kept-alive connections under their clients.
      app.startDraining();
      const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
      await Promise.all([drained.then(() => app.close()), jobs?.stop()]);
      await closeDeps(deps);
      await embedded?.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  const url = config.publicBaseUrl ?? `http://localhost:${port}`;
  say('');
  say(`Trackline is running at ${url}`);
  say(`  API docs:       ${url}/api/docs`);
  say(`  Staff console:  ${url}/admin`);
  if (report.adminPasswordGenerated)
    say(`  First staff admin: admin / ${report.adminPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
  else if (report.adminCreated) say('  First staff admin: admin / the ADMIN_PASSWORD you set');
  if (report.demoSeeded) say(`  Demo musician:  ${DEMO_MUSICIAN.mobile} / ${DEMO_MUSICIAN.password}`);
  say('');
}

main().catch((err) => {
  process.stderr.write(
    `Trackline could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
