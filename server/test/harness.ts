/**
 * Builds the real app on a database of its own (cloned from the migrated template), the way main.ts does,
 * with the console SMS provider writing into an array the test can read.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/platform/boot';
import { installConnectionErrorGuard } from '../src/platform/db/database';
import type { Deps } from '../src/platform/deps';
import { type JobRunner, type RunnerOptions, runJobsOnce, startJobRunner } from '../src/platform/jobs/runner';
import type { JobTask } from '../src/platform/jobs/task';
import { consoleSmsProvider } from '../src/platform/sms/sms-provider';
import { seed } from '../src/seed';
import { tasks as registeredTasks } from '../src/tasks';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  /** A second server instance on the same database (as behind a load balancer); closed with this one. */
  secondInstance(): Promise<FastifyInstance>;
  deps: Deps;
  dbName: string;
  /** The test's own database, for a process of its own (a worker) to connect to. */
  databaseUrl: string;
  /** Runs SQL as the superuser against the test's own database (to expire a code, take the database away...). */
  sql(text: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Runs SQL on the server's maintenance database. */
  adminSql(text: string, params?: unknown[]): Promise<pg.QueryResult>;
  smsLines: string[];
  lastSmsCode(mobile: string, event: string): string | undefined;
  /**
   * Runs this database's due jobs in this process, one at a time, until none is due (jobs they add included; a
   * retry waiting for its back-off is not due). `tasks`: every registered task by default.
   */
  runJobs(options?: { tasks?: readonly JobTask[] }): Promise<{ succeeded: number; failed: number }>;
  /** Starts a real runner (as main.ts does) on this database; stopped by close() if the test has not. */
  startJobRunner(options?: Partial<RunnerOptions> & { tasks?: readonly JobTask[] }): Promise<JobRunner>;
  close(): Promise<void>;
}

export const ADMIN_PASSWORD = 'AdminPass2026';

// The same guard main.ts installs: a database outage test must not be reported as a crash.
installConnectionErrorGuard(() => undefined);

/** `demoWorks`: seed the demo musician's works too (off by default: ~35 MB of files and a second per app). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { demoWorks?: boolean } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const dbName = `tl_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
  const url = withDatabase(adminUrl, dbName);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trackline-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DB_POOL_MAX: '4',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const deps = await createDeps(config, url);
  const smsLines: string[] = [];
  deps.sms = consoleSmsProvider((line) => smsLines.push(line));
  await seed(deps, { demoWorks: options.demoWorks ?? false });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  // A pool (not one client) so the test's own connection survives the database being taken away and returning.
  const own = new pg.Pool({ connectionString: url, max: 1 });
  own.on('error', () => undefined);
  const others: Array<{ app: FastifyInstance; deps: Deps }> = [];
  const runners: JobRunner[] = [];
  return {
    app,
    async secondInstance() {
      const otherDeps = await createDeps(config, url);
      const other = await buildApp(otherDeps, { logger: false });
      await other.ready();
      others.push({ app: other, deps: otherDeps });
      return other;
    },
    deps,
    dbName,
    databaseUrl: url,
    sql: (text, params) => own.query(text, params as unknown[]),
    adminSql: (text, params) => admin.query(text, params as unknown[]),
    smsLines,
    lastSmsCode(mobile, event) {
      for (let i = smsLines.length - 1; i >= 0; i--) {
        const m = JSON.parse(smsLines[i]!) as { mobile: string; event: string; code: string };
        if (m.mobile === mobile && m.event === event) return m.code;
      }
      return undefined;
    },
    runJobs: (options = {}) => runJobsOnce(deps, url, options.tasks ?? registeredTasks),
    async startJobRunner({ tasks, ...options } = {}) {
      const runner = await startJobRunner(deps, url, tasks ?? registeredTasks, {
        concurrency: 2,
        pollMs: 200,
        ...options,
      });
      runners.push(runner);
      return runner;
    },
    async close() {
      await Promise.all(runners.map((r) => r.stop()));
      for (const o of others) {
        await o.app.close();
        await closeDeps(o.deps).catch(() => undefined);
      }
      await app.close();
      await closeDeps(deps).catch(() => undefined);
      await own.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Calls the app and answers the parsed envelope with the HTTP status and the response's cookies. */
export async function call(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject(opts);
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each call answers
  let body: { code: number; msg: string; data: any };
  try {
    body = res.json();
  } catch {
    body = { code: Number.NaN, msg: res.body, data: null };
  }
  return { status: res.statusCode, body, cookies: res.cookies, headers: res.headers };
}

let mobileSeq = 0;
/** A fresh mainland mobile number per call, distinct across test files running side by side. */
export function freshMobile(): string {
  mobileSeq += 1;
  const tail = (process.pid * 1000 + mobileSeq) % 100_000_000;
  return `139${String(tail).padStart(8, '0')}`;
}

/** Registers a musician through the real calls; answers the token and the user. */
export async function registerUser(t: TestApp, overrides: Record<string, unknown> = {}, ip = '10.0.0.1') {
  const mobile = (overrides.mobile as string) ?? freshMobile();
  const sent = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=register`,
    remoteAddress: ip,
  });
  if (sent.body.code !== 1) throw new Error(`sms send failed: ${JSON.stringify(sent.body)}`);
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: ip,
    payload: { mobile, code: t.lastSmsCode(mobile, 'register'), password: 'Secret123', group_id: 1, ...overrides },
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return {
    mobile,
    password: 'Secret123',
    token: res.body.data.userinfo.token as string,
    userinfo: res.body.data.userinfo,
  };
}

/** Client addresses from a range of the file's own (10.<range>.x.y), so one test's per-IP limits never reach another. */
export function ipSequence(range: number): () => string {
  let seq = 0;
  return () => {
    seq += 1;
    return `10.${range}.${Math.floor(seq / 250)}.${seq % 250}`;
  };
}

/** Logs a staff member in through the real call and answers their `admin-token`. */
export async function staffLogin(t: TestApp, username = 'admin', password = ADMIN_PASSWORD, ip = '10.99.0.1') {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });
  if (res.body.code !== 1) throw new Error(`staff login failed: ${JSON.stringify(res.body)}`);
  return res.cookies.find((c) => c.name === 'admin_token')!.value;
}

/**
 * A musician with a verified real name (issue 10): what step 3 needs before a work can be submitted. The name is
 * written straight to the row, as the verification provider's callback would leave it (realname.test.ts covers
 * the real flow).
 */
export async function registerVerifiedUser(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  ip = '10.0.0.1',
  realName = '测试音乐人',
) {
  const u = await registerUser(t, overrides, ip);
  await t.sql('UPDATE users SET real_name = $2, is_verify = 1 WHERE id = $1', [u.userinfo.id, realName]);
  return u;
}
