/** What every module is built from: handed to buildApp by main.ts, or by the test helper in the same way. */
import type { Config } from '../config';
import type { DatabaseHandle } from './db/database';
import type { SessionCache } from './http/session-cache';
import type { Jobs } from './jobs/queue';
import type { RateLimiter } from './security/rate-limiter';
import type { SmsProvider } from './sms/sms-provider';
import type { Storage } from './storage/storage';

export interface Deps {
  config: Config;
  database: DatabaseHandle;
  limiter: RateLimiter;
  sms: SmsProvider;
  storage: Storage;
  sessionCache: SessionCache;
  /** Enqueues background jobs, alone or inside the caller's transaction (platform/jobs). */
  jobs: Jobs;
  /** A server-wide key for hashing SMS and picture codes, kept in the settings table so every instance shares it. */
  secret: string;
}
