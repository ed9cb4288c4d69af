/**
 * The background job platform (server/src/platform/jobs) on a real PostgreSQL: enqueuing inside a transaction,
 * payload validation, retries with back-off, job keys, and workers that are stopped or killed in the middle of a
 * job, as a separate `npm run worker` process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressWriter } from '../src/platform/jobs/progress';
import { createTestApp, type TestApp } from './harness';
import { flakyTask, JOB_TEST_TABLES, recordTask, slowTask, testTasks } from './job-tasks';

const root = fileURLToPath(new URL('../..', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.sql(JOB_TEST_TABLES);
});
afterAll(async () => {
  await t?.close();
});

const runJobs = () => t.runJobs({ tasks: testTasks });

async function effect(key: string): Promise<{ runs: number; done: boolean } | undefined> {
  return (await t.sql('select runs, done from job_effects where key = $1', [key])).rows[0];
}

async function jobsOf(task: string) {
  const { rows } = await t.sql(
    `select id, attempts, max_attempts, last_error, locked_by, key,
            extract(epoch from run_at - now())::float8 as due_in
       from graphile_worker.jobs where task_identifier = $1 order by id`,
    [task],
  );
  return rows as Array<{
    id: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    locked_by: string | null;
    key: string | null;
    due_in: number;
  }>;
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('enqueuing', () => {
  it('a job added in a transaction that rolls back never runs; one that commits runs once', async () => {
    const db = t.deps.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await t.deps.jobs.add(recordTask, { key: 'rolled-back' }, {}, trx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await db.transaction().execute(async (trx) => {
      const { id } = await t.deps.jobs.add(recordTask, { key: 'committed' }, {}, trx);
      expect(id).toMatch(/^\d+$/);
      // Not visible to any worker before the commit.
      expect((await t.sql('select count(*)::int as n from graphile_worker.jobs')).rows[0].n).toBe(0);
    });
    expect(await jobsOf('test:record')).toHaveLength(1);

    expect(await runJobs()).toEqual({ succeeded: 1, failed: 0 });
    expect(await effect('committed')).toEqual({ runs: 1, done: false });
    expect(await effect('rolled-back')).toBeUndefined();
    expect(await jobsOf('test:record')).toHaveLength(0);
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 0 });
    expect((await effect('committed'))?.runs).toBe(1);
  });

  it('refuses a payload its task does not accept, and enqueues nothing', async () => {
    await expect(t.deps.jobs.add(recordTask, { key: '' })).rejects.toThrow();
    // biome-ignore lint/suspicious/noExplicitAny: a caller that bypasses the types
    await expect(t.deps.jobs.add(flakyTask, { key: 'x', failures: 'two' } as any)).rejects.toThrow();
    expect(await jobsOf('test:record')).toHaveLength(0);
    expect(await jobsOf('test:flaky')).toHaveLength(0);
  });

  it('a job key makes enqueuing idempotent, even in a burst of 100', async () => {
    const adds = await Promise.all(
      Array.from({ length: 100 }, () => t.deps.jobs.add(recordTask, { key: 'keyed' }, { jobKey: 'test:record:keyed' })),
    );
    expect(new Set(adds.map((a) => a.id)).size).toBe(1);
    const pending = await jobsOf('test:record');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.key).toBe('test:record:keyed');
    expect(await runJobs()).toEqual({ succeeded: 1, failed: 0 });
    expect((await effect('keyed'))?.runs).toBe(1);
  });

  it('a later run_at waits: the job is not due until then', async () => {
    await t.deps.jobs.add(recordTask, { key: 'later' }, { runAt: new Date(Date.now() + 3600_000) });
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 0 });
    const [job] = await jobsOf('test:record');
    expect(job!.due_in).toBeGreaterThan(3500);
    await t.sql('update graphile_worker._private_jobs set run_at = now() where id = $1', [job!.id]);
    expect(await runJobs()).toEqual({ succeeded: 1, failed: 0 });
  });
});

describe('failures', () => {
  it('a handler that throws is retried with a growing back-off until it succeeds', async () => {
    await t.deps.jobs.add(flakyTask, { key: 'flaky', failures: 2 }, { maxAttempts: 5 });
    const makeDue = () => t.sql(`update graphile_worker._private_jobs set run_at = now() where key is null`);

    expect(await runJobs()).toEqual({ succeeded: 0, failed: 1 });
    let [job] = await jobsOf('test:flaky');
    expect(job).toMatchObject({ attempts: 1, max_attempts: 5, locked_by: null });
    expect(job!.last_error).toContain('failing on purpose (run 1)');
    // exp(1) ≈ 2.7 s before the second attempt; it is not due yet.
    expect(job!.due_in).toBeGreaterThan(1);
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 0 });

    await makeDue();
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 1 });
    [job] = await jobsOf('test:flaky');
    expect(job!.attempts).toBe(2);
    // exp(2) ≈ 7.4 s before the third.
    expect(job!.due_in).toBeGreaterThan(5);

    await makeDue();
    expect(await runJobs()).toEqual({ succeeded: 1, failed: 0 });
    expect(await jobsOf('test:flaky')).toHaveLength(0);
    expect((await effect('flaky'))?.runs).toBe(3);
  });

  it('gives up after maxAttempts and keeps the failed job with its error', async () => {
    await t.deps.jobs.add(flakyTask, { key: 'hopeless', failures: 99 }, { maxAttempts: 2 });
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 1 });
    await t.sql(`update graphile_worker._private_jobs set run_at = now()`);
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 1 });
    await t.sql(`update graphile_worker._private_jobs set run_at = now()`);
    expect(await runJobs()).toEqual({ succeeded: 0, failed: 0 });
    const [job] = await jobsOf('test:flaky');
    expect(job).toMatchObject({ attempts: 2, max_attempts: 2 });
    expect(job!.last_error).toContain('failing on purpose (run 2)');
    await t.sql('delete from graphile_worker._private_jobs');
  });
});

describe('workers that stop or die', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'trackline-worker-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A separate worker process: `npm run worker`'s code, with the test tasks. */
  function startWorker(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/job-worker.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WORKER_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => {
      output += String(d);
    });
    child.stderr!.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  const stepsOf = async (key: string) =>
    (await t.sql('select count(*)::int as n from job_steps where key = $1', [key])).rows[0].n as number;

  it('a worker killed mid-job leaves the job to be run again, to the same result', async () => {
    await t.deps.jobs.add(slowTask, { key: 'killed', steps: 6, stepMs: 400 });
    const worker = startWorker();
    await until('the worker to be half way', async () => (await stepsOf('killed')) >= 2);
    worker.child.kill('SIGKILL');
    await worker.exited;
    const [left] = await jobsOf('test:slow');
    expect(left!.locked_by, worker.output()).toMatch(/^pool-/);
    expect((await effect('killed'))?.done).toBe(false);

    // Another runner sees the dead worker's lock go with its connection and runs the job again.
    const runner = await t.startJobRunner({ tasks: testTasks, recoverEveryMs: 300 });
    await until('the job to be run again', async () => (await jobsOf('test:slow')).length === 0);
    await runner.stop();
    expect(await stepsOf('killed')).toBe(6);
    expect(await effect('killed')).toEqual({ runs: 2, done: true });
  });

  it('a live worker’s jobs are never taken from it', async () => {
    await t.deps.jobs.add(slowTask, { key: 'alive', steps: 10, stepMs: 300 });
    const worker = startWorker();
    await until('the worker to start the job', async () => (await stepsOf('alive')) >= 1);
    // As if it had been running for a minute: well past the grace period.
    await t.sql(`update graphile_worker._private_jobs set locked_at = now() - interval '1 minute'`);
    const runner = await t.startJobRunner({ tasks: testTasks });
    expect(await runner.recover()).toEqual([]);
    expect((await jobsOf('test:slow'))[0]?.locked_by).toMatch(/^pool-/);
    await runner.stop();
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await effect('alive')).toEqual({ runs: 1, done: true });
  });

  it('SIGTERM: the worker takes no new job, finishes the running one and exits', async () => {
    await t.sql('delete from graphile_worker._private_jobs');
    await t.deps.jobs.add(slowTask, { key: 'graceful', steps: 4, stepMs: 300 });
    const worker = startWorker();
    await until('the worker to start the job', async () => (await stepsOf('graceful')) >= 1);
    await t.deps.jobs.add(recordTask, { key: 'after-sigterm' });
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(await effect('graceful')).toEqual({ runs: 1, done: true });
    expect(await jobsOf('test:slow'), worker.output()).toEqual([]);
    // The job added meanwhile waits for the next worker.
    expect(await effect('after-sigterm')).toBeUndefined();
    expect(await runJobs()).toEqual({ succeeded: 1, failed: 0 });
  });
});

describe('progress', () => {
  it('writes a fast loop’s progress at most once per interval, and the last value on flush', async () => {
    const written: number[] = [];
    const progress = progressWriter(async (n: number) => {
      written.push(n);
    }, 60_000);
    for (let i = 1; i <= 1000; i++) await progress.report(i);
    await progress.flush();
    expect(written).toEqual([1, 1000]);
  });
});

// The sweep of stale uploads as the hourly cron job: tus-upload.test.ts.
