/**
 * Tasks that exist only for the tests of the job platform (jobs.test.ts and the worker process it starts,
 * job-worker.ts). Each is idempotent the way real handlers must be: what it does is keyed in the database, and
 * `runs` counts how many times a handler started, so a test sees a repeat without it changing the result.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../src/platform/db/database';
import { defineTask } from '../src/platform/jobs/task';

export const JOB_TEST_TABLES = `
  create table if not exists job_effects (key text primary key, runs int not null default 1, done boolean not null default false);
  create table if not exists job_steps (key text not null, step int not null, primary key (key, step));`;

async function started(db: Db, key: string): Promise<number> {
  const { rows } = await sql<{ runs: number }>`
    insert into job_effects (key) values (${key})
    on conflict (key) do update set runs = job_effects.runs + 1
    returning runs`.execute(db);
  return rows[0]!.runs;
}

export const recordTask = defineTask({
  name: 'test:record',
  payload: z.object({ key: z.string().min(1) }),
  async run({ key }, { deps }) {
    await started(deps.database.db, key);
  },
});

export const flakyTask = defineTask({
  name: 'test:flaky',
  payload: z.object({ key: z.string().min(1), failures: z.number().int().min(0) }),
  async run({ key, failures }, { deps }) {
    const runs = await started(deps.database.db, key);
    if (runs <= failures) throw new Error(`failing on purpose (run ${runs})`);
  },
});

/** Writes `steps` rows one by one, `stepMs` apart: long enough to be killed in the middle of. */
export const slowTask = defineTask({
  name: 'test:slow',
  payload: z.object({ key: z.string().min(1), steps: z.number().int().min(1), stepMs: z.number().int().min(0) }),
  async run({ key, steps, stepMs }, { deps }) {
    const db = deps.database.db;
    await started(db, key);
    for (let step = 1; step <= steps; step++) {
      await sql`insert into job_steps (key, step) values (${key}, ${step}) on conflict do nothing`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, stepMs));
    }
    await sql`update job_effects set done = true where key = ${key}`.execute(db);
  },
});

export const testTasks = [recordTask, flakyTask, slowTask];
