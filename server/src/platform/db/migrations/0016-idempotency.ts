/**
 * Idempotency keys (issue 9): a state-changing call that carries `Idempotency-Key` is answered once; the same key
 * from the same caller within a day gets the first answer again and changes nothing. `scope` is a hash of who
 * called (their session token, else their address), so one caller's key never meets another's.
 * `pending` while the first call runs; `done` with its answer once it succeeded. Refusals and faults are not kept
 * (they changed nothing), so a retry runs again.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      scope text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'done')),
      status_code integer,
      content_type text,
      body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    );
    CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys`.execute(db);
}
