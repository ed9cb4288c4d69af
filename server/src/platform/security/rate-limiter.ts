/**
 * Fixed-window counters that hold across server instances: in PostgreSQL by default, in Redis when REDIS_URL is set.
 * A rule is { key, windowSec, max }; `peek` reads the current window, `hit` counts one, `reset` forgets a key.
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface RateRule {
  key: string;
  windowSec: number;
  max: number;
}

export interface RateLimiter {
  peek(key: string, windowSec: number): Promise<number>;
  hit(key: string, windowSec: number): Promise<number>;
  reset(key: string, windowSec: number): Promise<void>;
  close(): Promise<void>;
}

function windowStart(windowSec: number, now = Date.now()): Date {
  const ms = windowSec * 1000;
  return new Date(Math.floor(now / ms) * ms);
}

export function postgresRateLimiter(db: Db): RateLimiter {
  const name = (key: string, windowSec: number) => `${key}|${windowSec}`;
  return {
    async peek(key, windowSec) {
      const row = await db
        .selectFrom('rate_counters')
        .select('count')
        .where('key', '=', name(key, windowSec))
        .where('window_start', '=', windowStart(windowSec))
        .executeTakeFirst();
      return row?.count ?? 0;
    },
    async hit(key, windowSec) {
      const start = windowStart(windowSec);
      const row = await db
        .insertInto('rate_counters')
        .values({
          key: name(key, windowSec),
          window_start: start,
          count: 1,
          expires_at: new Date(start.getTime() + windowSec * 1000),
        })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      // Expired windows are swept now and then by whoever counts; no timer needed in any one process.
      if (Math.random() < 0.01) await db.deleteFrom('rate_counters').where('expires_at', '<', new Date()).execute();
      return row.count;
    },
    async reset(key, windowSec) {
      await db.deleteFrom('rate_counters').where('key', '=', name(key, windowSec)).execute();
    },
    async close() {},
  };
}

/**
 * `namespace` names the database the counters belong to: Redis outlives a database, and a fresh one (a test run,
 * a re-created demo) starts its ids again at 1, so without it user 1's counters from before would count now.
 */
export function redisRateLimiter(url: string, namespace: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const name = (key: string, windowSec: number) =>
    `rl:${namespace}:${key}|${windowSec}:${windowStart(windowSec).getTime()}`;
  return {
    async peek(key, windowSec) {
      return Number((await redis.get(name(key, windowSec))) ?? 0);
    },
    async hit(key, windowSec) {
      const k = name(key, windowSec);
      const [[, count]] = (await redis
        .multi()
        .incr(k)
        .expire(k, windowSec + 1)
        .exec()) as [[null, number]];
      return count;
    },
    async reset(key, windowSec) {
      await redis.del(name(key, windowSec));
    },
    async close() {
      await redis.quit();
    },
  };
}

/** True when any rule's window is already full. */
export async function anyExceeded(limiter: RateLimiter, rules: RateRule[]): Promise<boolean> {
  const counts = await Promise.all(rules.map((r) => limiter.peek(r.key, r.windowSec)));
  return rules.some((r, i) => (counts[i] ?? 0) >= r.max);
}

/**
 * Counts one against each rule, in order, and answers false as soon as one goes over its max (later rules are not
 * counted). The count the hit answers decides, not an earlier peek, so concurrent requests cannot all slip under a limit.
 */
export async function hitWithin(limiter: RateLimiter, rules: RateRule[]): Promise<boolean> {
  for (const r of rules) if ((await limiter.hit(r.key, r.windowSec)) > r.max) return false;
  return true;
}
