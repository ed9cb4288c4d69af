/**
 * Sliding-window rate limits (issue 8). The fixed-window counters (rate_counters) let two SMS go to one mobile
 * 140 ms apart across a minute boundary; rate_log keeps, per rule key ('<key>|<windowSec>'), the instants (epoch
 * microseconds, ascending, unique within the key) of the hits still inside the window.
 *
 * rate_take(key, window, max) decides and counts in one statement under the row's lock: it drops the hits that left
 * the window and, when fewer than `max` remain, adds one. Parallel callers queue on the row, so N of them see N
 * different counts and exactly `max` get through. `hit` is the instant added (null when refused), so that a caller
 * refused further on can give its hit back (rate_give_back).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE rate_counters;

    CREATE TABLE rate_log (
      key text PRIMARY KEY,
      hits bigint[] NOT NULL DEFAULT '{}',
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX rate_log_expiry ON rate_log (expires_at);

    CREATE FUNCTION rate_take(p_key text, p_window_sec integer, p_max integer,
                              OUT allowed boolean, OUT count integer, OUT hit bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      stored bigint[];
      live bigint[];
      now_us bigint;
    BEGIN
      INSERT INTO rate_log (key, expires_at) VALUES (p_key, now()) ON CONFLICT (key) DO NOTHING;
      SELECT r.hits INTO stored FROM rate_log r WHERE r.key = p_key FOR UPDATE;
      -- The clock is read once the row is ours, so the hits of one key are added in time order.
      now_us := floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
      live := ARRAY(SELECT h FROM unnest(stored) h WHERE h > now_us - p_window_sec * 1000000::bigint ORDER BY h);
      count := cardinality(live);
      allowed := count < p_max;
      IF allowed THEN
        hit := greatest(now_us, coalesce(live[count], 0) + 1);
        live := live || hit;
        count := count + 1;
      END IF;
      UPDATE rate_log r
         SET hits = live,
             expires_at = to_timestamp(coalesce(live[cardinality(live)], now_us) / 1000000.0 + p_window_sec)
       WHERE r.key = p_key;
    END
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION rate_take(text, integer, integer);
    DROP TABLE rate_log;
    CREATE TABLE rate_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);
  `.execute(db);
}
