/** graphile-worker's log lines as JSON lines on standard output, filtered by LOG_LEVEL like the server's own. */
import { Logger } from 'graphile-worker';
import type { Config } from '../../config';
import type { JobLog } from './task';

const RANK = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;
const FROM_WORKER = { debug: 'debug', info: 'info', warning: 'warn', error: 'error' } as const;

type Level = keyof typeof RANK;

export type LineWriter = (line: string) => void;

const stdout: LineWriter = (line) => process.stdout.write(`${line}\n`);

function emitter(minimum: Config['logLevel'], write: LineWriter) {
  return (level: Level, msg: string, data: Record<string, unknown>) => {
    if (RANK[level] < RANK[minimum]) return;
    write(JSON.stringify({ level, time: Date.now(), msg, ...data }));
  };
}

export function workerLogger(minimum: Config['logLevel'], write: LineWriter = stdout): Logger {
  const emit = emitter(minimum, write);
  return new Logger((scope) => (level, message, meta) => {
    // meta may hold whole job rows and errors; the scope (worker, task, job id) and the message are what we keep.
    const error = meta?.error instanceof Error ? { err: meta.error.message } : {};
    emit(FROM_WORKER[level], message, { component: 'jobs', ...scope, ...error });
  });
}

/** The log a task handler writes to, tagged with its task and job. */
export function jobLog(minimum: Config['logLevel'], tags: Record<string, unknown>, write: LineWriter = stdout): JobLog {
  const emit = emitter(minimum, write);
  return {
    info: (msg, data) => emit('info', msg, { component: 'jobs', ...tags, ...data }),
    warn: (msg, data) => emit('warn', msg, { component: 'jobs', ...tags, ...data }),
    error: (msg, data) => emit('error', msg, { component: 'jobs', ...tags, ...data }),
  };
}
