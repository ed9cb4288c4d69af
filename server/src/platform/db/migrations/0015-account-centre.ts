/**
 * The account centre (issue 10, personal centre half): a musician's bio and the artist names they publish under,
 * the security events of an account (sign-ins, password and mobile changes, sessions ended), requests to delete an
 * account with their cooling-off, and data exports.
 *
 * An erased account keeps its users row (money records and signed letters point at it) with the person's data
 * removed: its mobile becomes `erased-<id>`, which the relaxed check below allows and no login can match.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN bio text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 200),
      ADD COLUMN artist_names text[] NOT NULL DEFAULT '{}' CHECK (cardinality(artist_names) <= 10),
      ADD COLUMN erased_at timestamptz;
    ALTER TABLE users DROP CONSTRAINT users_mobile_check;
    ALTER TABLE users ADD CONSTRAINT users_mobile_check
      CHECK (mobile ~ '^1[3-9][0-9]{9}$' OR (erased_at IS NOT NULL AND mobile = 'erased-' || id::text));

    CREATE TABLE account_events (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('login', 'register', 'password_changed', 'password_reset', 'mobile_changed',
        'session_revoked', 'others_signed_out', 'profile_updated', 'deletion_requested', 'deletion_cancelled',
        'export_requested')),
      ip text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT '',
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_events_user ON account_events (user_id, id DESC);

    CREATE TABLE account_deletions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'cancelled', 'erased')),
      requested_at timestamptz NOT NULL DEFAULT now(),
      erase_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text NOT NULL DEFAULT ''
    );
    -- at most one pending request per account: two requests at once make one
    CREATE UNIQUE INDEX account_deletions_pending ON account_deletions (user_id) WHERE state = 'pending';

    CREATE TABLE account_exports (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready')),
      file_key text,
      size_bytes bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz
    );
    -- one export being built per account at a time
    CREATE UNIQUE INDEX account_exports_pending ON account_exports (user_id) WHERE state = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE account_exports, account_deletions, account_events;
    ALTER TABLE users DROP CONSTRAINT users_mobile_check;
    ALTER TABLE users ADD CONSTRAINT users_mobile_check CHECK (mobile ~ '^1[3-9][0-9]{9}$');
    ALTER TABLE users DROP COLUMN bio, DROP COLUMN artist_names, DROP COLUMN erased_at;
  `.execute(db);
}
