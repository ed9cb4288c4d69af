/**
 * Running the jobs: a long-lived runner (inside the server by default, or `npm run worker`), and a one-shot pass
 * that runs every job due and returns (the tests' `t.runJobs()`). Both turn our task definitions into
 * graphile-worker's task list, validating each payload on the way in, and schedule the tasks that have a `cron`.
 */
import { EventEmitter } from 'node:events';
import {
  parseCronItems,
  type Runner,
  runOnce,
  run as runWorker,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type { Deps } from '../deps';
import { Liveness } from './liveness';
import { jobLog, workerLogger } from './log';
import type { JobTask } from './task';

export interface RunnerOptions {
  /** Jobs run at the same time by this runner (WORKER_CONCURRENCY). */
  concurrency: number;
  /** How often the runner looks for jobs that became due without a notification (retries, run_at). */
  pollMs?: number;
  /** How often it looks for jobs left locked by a killed worker (liveness.ts). */
  recoverEveryMs?: number;
  /** On stop: after this long, running jobs see their abort signal... */
  abortAfterMs?: number;
  /** ...and after this long, those still running are released for another worker and the runner ends. */
  releaseAfterMs?: number;
}

export interface JobRunner {
  /** Stops taking jobs, lets the running ones finish (or releases them after releaseAfterMs), and closes. */
  stop(): Promise<void>;
  /** Settles when the runner has ended, by stop() or by a fatal error. */
  done: Promise<void>;
  events: WorkerEvents;
  /** Frees the jobs of killed workers now (it also happens every recoverEveryMs); answers the pools freed. */
  recover(): Promise<string[]>;
}

/**
 * Completions and failures go through graphile-worker's batcher (with no delay), because a stopping pool waits for
 * the batcher: without it the record of the last job done can still be on its way when the process exits, and
 * the job would run again.
 */
const preset = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };

export function taskList(deps: Deps, tasks: readonly JobTask[]): TaskList {
  const names = new Set<string>();
  const list: TaskList = {};
  for (const task of tasks) {
    if (names.has(task.name)) throw new Error(`task ${task.name} is registered twice`);
    names.add(task.name);
    list[task.name] = async (payload, helpers) => {
      const { job } = helpers;
      await task.run(task.payload.parse(payload), {
        deps,
        job: { id: String(job.id), key: job.key, attempt: job.attempts, maxAttempts: job.max_attempts },
        signal: helpers.abortSignal,
        log: jobLog(deps.config.logLevel, { task: task.name, job: String(job.id) }),
      });
    };
  }
  return list;
}

/** One cron item per task that has a schedule, keyed by the task's name so a backfill adds one job, not many. */
export function cronItems(tasks: readonly JobTask[]) {
  return parseCronItems(
    tasks
      .filter((t) => t.cron)
      .map((t) => ({
        task: t.name,
        identifier: t.name,
        match: t.cron!.match,
        options: {
          backfillPeriod: t.cron!.backfillMs ?? 0,
          maxAttempts: t.maxAttempts,
          queueName: t.queueName,
          jobKey: t.name,
          jobKeyMode: 'replace' as const,
        },
      })),
  );
}

export async function startJobRunner(
  deps: Deps,
  databaseUrl: string,
  tasks: readonly JobTask[],
  options: RunnerOptions,
): Promise<JobRunner> {
  const logger = workerLogger(deps.config.logLevel);
  const liveness = new Liveness(databaseUrl, (msg, err) => logger.warn(`${msg}: ${String(err)}`));
  const events = new EventEmitter() as WorkerEvents;
  const holding: Promise<void>[] = [];
  events.on('pool:create', ({ workerPool }) => {
    holding.push(liveness.hold(workerPool.id).catch((err) => logger.warn(`job liveness: ${String(err)}`)));
  });
  let runner: Runner;
  try {
    runner = await runWorker({
      connectionString: databaseUrl,
      // One connection listens for new jobs; the others take, complete and fail them.
      maxPoolSize: options.concurrency + 2,
      concurrency: options.concurrency,
      pollInterval: options.pollMs ?? 2000,
      noHandleSignals: true,
      gracefulShutdownAbortTimeout: options.abortAfterMs ?? 10_000,
      preset,
      logger,
      events,
      taskList: taskList(deps, tasks),
      parsedCronItems: cronItems(tasks),
    });
  } catch (err) {
    await liveness.close();
    throw err;
  }
  await Promise.all(holding);
  // A task that reschedules itself more often than every minute starts now, not at the first cron slot (the job key
  // is the cron's own, so a slot already enqueued is moved up rather than doubled).
  for (const task of tasks.filter((t) => t.cron?.runAtStart))
    await deps.jobs
      .add(task, {}, { jobKey: task.name })
      .catch((err) => logger.warn(`could not enqueue ${task.name} at start: ${String(err)}`));

  const recover = async () => {
    const freed = await liveness.recover();
    if (freed.length) logger.warn(`released the jobs of stopped workers ${freed.join(', ')}`);
    return freed;
  };
  const sweep = () => void recover().catch((err) => logger.warn(`job liveness: ${String(err)}`));
  sweep();
  const timer = setInterval(sweep, options.recoverEveryMs ?? 15_000);
  timer.unref();

  const done = runner.promise.finally(async () => {
    clearInterval(timer);
    await liveness.close();
  });
  done.catch((err) => logger.error(`job runner ended: ${String(err)}`));

  let stopping: Promise<void> | undefined;
  return {
    events: runner.events,
    done,
    recover,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        const graceful = runner.stop().catch(() => undefined);
        let release: NodeJS.Timeout | undefined;
        const forced = new Promise<void>((resolve) => {
          release = setTimeout(() => void runner.kill().finally(resolve), options.releaseAfterMs ?? 15_000);
        });
        await Promise.race([graceful, forced]);
        clearTimeout(release);
        await liveness.close();
      })();
      return stopping;
    },
  };
}

/** Runs every job that is due, one at a time, until none is left; answers how many succeeded and failed. */
export async function runJobsOnce(
  deps: Deps,
  databaseUrl: string,
  tasks: readonly JobTask[],
): Promise<{ succeeded: number; failed: number }> {
  const logger = workerLogger(deps.config.logLevel);
  // Alive like a runner's pool, so a runner on the same database never takes this pass's jobs for a dead worker's.
  const liveness = new Liveness(databaseUrl, (msg, err) => logger.warn(`${msg}: ${String(err)}`));
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => void liveness.hold(workerPool.id).catch(() => undefined));
  const counts = { succeeded: 0, failed: 0 };
  events.on('job:success', () => {
    counts.succeeded += 1;
  });
  events.on('job:error', () => {
    counts.failed += 1;
  });
  try {
    await runOnce({
      connectionString: databaseUrl,
      maxPoolSize: 2,
      noHandleSignals: true,
      preset,
      logger,
      events,
      taskList: taskList(deps, tasks),
    });
  } finally {
    await liveness.close();
  }
  return counts;
}
