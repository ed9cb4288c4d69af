/**
 * deps.jobs: enqueues through graphile-worker's own SQL function (graphile_worker.add_job), on whatever Kysely
 * handle it is given. Inside a transaction the job is part of it: rolled back with the change that needed it, and
 * invisible to workers until the commit.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobTask, PayloadOf } from './task';

export interface AddJobOptions {
  /**
   * At most one pending job per key: adding again while it waits replaces it (one run, with the latest payload),
   * so a double click or a retried request enqueues once. Include the task and the domain's id
   * (`royalties:import:42`). A job already running or done does not block a new one: the handler decides.
   */
  jobKey?: string;
  /** `replace` (default) moves run_at to the new value; `preserve_run_at` keeps the first one (throttling). */
  jobKeyMode?: 'replace' | 'preserve_run_at';
  runAt?: Date;
  maxAttempts?: number;
  queueName?: string;
  /** Lower runs first (graphile-worker's convention); default 0. */
  priority?: number;
}

export interface Jobs {
  /** Validates the payload with the task's schema (a bad one throws here, not in a worker) and enqueues it. */
  add<T extends JobTask>(task: T, payload: PayloadOf<T>, options?: AddJobOptions, trx?: Db): Promise<{ id: string }>;
}

export function jobQueue(db: Db): Jobs {
  return {
    async add(task, payload, options = {}, trx) {
      const parsed = task.payload.parse(payload);
      // add_job may answer no row when another transaction races it on the same job key (graphile-worker #580);
      // once more settles it.
      for (let attempt = 0; attempt < 2; attempt++) {
        const { rows } = await sql<{ id: string }>`
          select id::text as id from graphile_worker.add_job(
            identifier => ${task.name}::text,
            payload => ${JSON.stringify(parsed ?? {})}::json,
            queue_name => ${options.queueName ?? task.queueName ?? null}::text,
            run_at => ${options.runAt ?? null}::timestamptz,
            max_attempts => ${options.maxAttempts ?? task.maxAttempts ?? null}::int,
            job_key => ${options.jobKey ?? null}::text,
            priority => ${options.priority ?? null}::int,
            job_key_mode => ${options.jobKeyMode ?? 'replace'}::text
          )`.execute(trx ?? db);
        if (rows[0]?.id) return { id: rows[0].id };
      }
      throw new Error(`could not add a ${task.name} job (key ${options.jobKey})`);
    },
  };
}
