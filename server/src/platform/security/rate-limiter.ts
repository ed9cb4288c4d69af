/**
 * Sliding-window rate limits that hold across server instances and under parallel requests: in PostgreSQL by
 * default, in Redis when REDIS_URL is set. A rule is { key, windowSec, max }: at most `max` hits in any `windowSec`
 * seconds, not per clock window (fixed windows let two hits through either side of a boundary).
 *
 * `take` is the one decision: it counts a hit only when the window has room, atomically (a row lock in PostgreSQL,
 * a Lua script in Redis), and answers the count with this hit in it. N parallel callers therefore see N different
 * counts and exactly `max` get through. A caller that is refused later on (a picture code missing, another rule
 * full) gives its hit back, so what was not done is not counted.
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface RateRule {
  key: string;
  windowSec: number;
  max: number;
}

export interface Taken {
  /** The window had room and this hit is counted. */
  allowed: boolean;
  /** Hits in the window, this one included when allowed. */
  count: number;
  /** This hit's mark, to give it back; null when refused. */
  hit: string | null;
}

export interface RateLimiter {
  take(rule: RateRule): Promise<Taken>;
  giveBack(rule: Pick<RateRule, 'key' | 'windowSec'>, hit: string): Promise<void>;
  /** Hits in the window now (for reading only: never decide on it). */
  peek(key: string, windowSec: number): Promise<number>;
  reset(key: string, windowSec: number): Promise<void>;
  close(): Promise<void>;
}

const ruleName = (key: string, windowSec: number) => `${key}|${windowSec}`;

export function postgresRateLimiter(db: Db): RateLimiter {
  return {
    async take({ key, windowSec, max }) {
      const { rows } = await sql<{ allowed: boolean; count: number; hit: string | null }>`
        SELECT allowed, count, hit FROM rate_take(${ruleName(key, windowSec)}, ${windowSec}::int, ${max}::int)
      `.execute(db);
      // Rows of keys whose window has passed are swept now and then by whoever counts; no timer in any process.
      if (Math.random() < 0.01) await db.deleteFrom('rate_log').where('expires_at', '<', new Date()).execute();
      const row = rows[0]!;
      return { allowed: row.allowed, count: row.count, hit: row.hit };
    },
    async giveBack({ key, windowSec }, hit) {
      await sql`UPDATE rate_log SET hits = array_remove(hits, ${hit}::bigint) WHERE key = ${ruleName(key, windowSec)}`.execute(
        db,
      );
    },
    async peek(key, windowSec) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM rate_log r, unnest(r.hits) h
         WHERE r.key = ${ruleName(key, windowSec)}
           AND h > floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint - ${windowSec}::bigint * 1000000
      `.execute(db);
      return rows[0]?.n ?? 0;
    },
    async reset(key, windowSec) {
      await db.deleteFrom('rate_log').where('key', '=', ruleName(key, windowSec)).execute();
    },
    async close() {},
  };
}

/**
 * One sorted set per rule: members are hit instants (epoch microseconds by the Redis server's clock, unique within
 * the key), scored by themselves. The script drops what left the window and adds a hit only when there is room.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local window = tonumber(ARGV[1]) * 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return {0, n, ''} end
local hit = now
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and tonumber(last[2]) >= hit then hit = tonumber(last[2]) + 1 end
local member = string.format('%.0f', hit)
redis.call('ZADD', KEYS[1], member, member)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 1000 + 1000)
return {1, n + 1, member}
`;

type RedisWithTake = Redis & {
  rateTake(key: string, windowSec: number, max: number): Promise<[number, number, string]>;
};

/**
 * `namespace` names the database the counters belong to: Redis outlives a database, and a fresh one (a test run,
 * a re-created demo) starts its ids again at 1, so without it user 1's counters from before would count now.
 */
export function redisRateLimiter(url: string, namespace: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 }) as RedisWithTake;
  redis.defineCommand('rateTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const name = (key: string, windowSec: number) => `rl:${namespace}:${ruleName(key, windowSec)}`;
  return {
    async take({ key, windowSec, max }) {
      const [allowed, count, hit] = await redis.rateTake(name(key, windowSec), windowSec, max);
      return { allowed: allowed === 1, count, hit: allowed === 1 ? hit : null };
    },
    async giveBack({ key, windowSec }, hit) {
      await redis.zrem(name(key, windowSec), hit);
    },
    async peek(key, windowSec) {
      return redis.zcount(name(key, windowSec), `(${(Date.now() - windowSec * 1000) * 1000}`, '+inf');
    },
    async reset(key, windowSec) {
      await redis.del(name(key, windowSec));
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Hits taken together: given back as one when the caller is refused after taking them. */
export interface Held {
  giveBack(): Promise<void>;
}

/**
 * Takes a hit from each rule, in order. When one is full, the hits already taken are given back and the answer is
 * null (nothing counted); otherwise the hits are held, and the caller may still give them back.
 */
export async function takeAll(limiter: RateLimiter, rules: RateRule[]): Promise<Held | null> {
  const taken: Array<{ rule: RateRule; hit: string }> = [];
  const held: Held = {
    async giveBack() {
      await Promise.all(taken.map(({ rule, hit }) => limiter.giveBack(rule, hit)));
      taken.length = 0;
    },
  };
  for (const rule of rules) {
    const t = await limiter.take(rule);
    if (!t.allowed || t.hit === null) {
      await held.giveBack();
      return null;
    }
    taken.push({ rule, hit: t.hit });
  }
  return held;
}

/** True when every rule had room; the hits are counted. */
export async function hitWithin(limiter: RateLimiter, rules: RateRule[]): Promise<boolean> {
  return (await takeAll(limiter, rules)) !== null;
}
