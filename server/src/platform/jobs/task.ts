/**
 * A background task: a name, the zod schema of its payload and the function that does the work. Each module
 * declares its tasks in `<domain>.tasks.ts` and lists them in src/tasks.ts, the one registry the runners read.
 *
 * Jobs run at least once: a job whose process dies, or that throws, runs again (on another worker, after a
 * back-off). A handler must therefore be idempotent: it decides from the database what is left to do (a natural
 * unique key, a conditional update, a ledger idempotency key) and a second run changes nothing twice.
 */
import type { z } from 'zod';
import type { Deps } from '../deps';

/** `<domain>:<action>`: graphile-worker's task and crontab identifiers allow letters, digits, `:`, `_` and `-`. */
const TASK_NAME = /^[a-z][a-z0-9]*:[a-z0-9][a-z0-9_-]*$/;

export interface TaskContext {
  deps: Deps;
  /** The queue's own record of this run. `attempt` starts at 1; a retry after a failure or a crash counts up. */
  job: { id: string; key: string | null; attempt: number; maxAttempts: number };
  /** Aborted when the worker is shutting down and the job did not finish in time; stop early and throw. */
  signal: AbortSignal;
  log: JobLog;
}

export interface JobLog {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export interface CronSchedule {
  /** A UTC cron pattern (`m h dom mon dow`), e.g. `17 * * * *` for minute 17 of every hour. */
  match: string;
  /** On start, also run the schedule's slots missed within this many milliseconds (default: none). */
  backfillMs?: number;
  /**
   * Also enqueue one run (payload `{}`, job key = the task's name) when a runner starts, rather than wait up to a
   * minute for the first slot: for a task that reschedules itself more often than every minute.
   */
  runAtStart?: boolean;
}

export interface TaskDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  run(payload: z.output<S>, ctx: TaskContext): Promise<void>;
  /** Defaults for jobs of this task (each `add` may override them). graphile-worker's own default is 25. */
  maxAttempts?: number;
  /** Jobs of one named queue run one at a time, in order (e.g. a queue per store for deliveries). */
  queueName?: string;
  /** Enqueued on this schedule by whichever runner gets there first; the payload is `{}` (plus `_cron`). */
  cron?: CronSchedule;
}

export interface JobTask<S extends z.ZodType = z.ZodType> extends TaskDefinition<S> {
  /** Only for type inference of the payload; never set. */
  readonly _payload?: z.input<S>;
}

export type PayloadOf<T> = T extends JobTask<infer S> ? z.input<S> : never;

export function defineTask<S extends z.ZodType>(definition: TaskDefinition<S>): JobTask<S> {
  if (!TASK_NAME.test(definition.name))
    throw new Error(`task name "${definition.name}" must look like domain:action (lower case, digits, _ and -)`);
  return definition;
}
