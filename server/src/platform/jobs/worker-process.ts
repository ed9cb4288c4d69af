/**
 * A process that only runs background jobs (src/worker.ts, `npm run worker`), for machines of their own; the
 * server runs them in-process too unless JOBS_IN_PROCESS=false. It reads the same settings as the server, migrates
 * like it, and runs WORKER_CONCURRENCY jobs at a time. SIGINT/SIGTERM: it stops taking jobs, lets the running ones
 * finish (they see their abort signal after 10 s and are released for another worker after 15 s) and exits.
 */
import { ConfigError, loadConfig } from '../../config';
import { closeDeps, createDeps } from '../boot';
import { installConnectionErrorGuard } from '../db/database';
import { workerLogger } from './log';
import { startJobRunner } from './runner';
import type { JobTask } from './task';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

export async function runWorkerProcess(tasks: readonly JobTask[]): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`${err.message}\nSee the settings table in README.md.`, 2);
    throw err;
  }
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl)
    fail(
      'npm run worker needs DATABASE_URL: the embedded PostgreSQL belongs to the server process, which runs the jobs itself.',
      2,
    );
  const log = workerLogger(config.logLevel);
  const warn = (msg: string, err?: Error) => log.warn(err ? `${msg}: ${err.message}` : msg);
  installConnectionErrorGuard(warn);

  const deps = await createDeps(config, databaseUrl, (err) => warn('database connection lost', err));
  const runner = await startJobRunner(deps, databaseUrl, tasks, { concurrency: config.workerConcurrency });
  log.info(`worker running ${config.workerConcurrency} jobs at a time`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`worker stopping (${signal})`);
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await runner.stop();
      await closeDeps(deps);
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  // A runner that ends on its own (its database gone for good, a fatal error) ends the process, for its supervisor
  // to start again.
  runner.done.then(
    () => !stopping && fail('the job runner ended', 1),
    (err: unknown) => !stopping && fail(`the job runner failed: ${String(err)}`, 1),
  );
}
