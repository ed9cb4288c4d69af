/** Accounts, staff, sessions, site configuration, rate counters and the messages table. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

    CREATE TABLE agents (
      id bigserial PRIMARY KEY,
      domain text NOT NULL UNIQUE,
      is_default boolean NOT NULL DEFAULT false,
      site_title text NOT NULL,
      site_logo text NOT NULL DEFAULT '',
      company_name text NOT NULL DEFAULT '',
      record_number text NOT NULL DEFAULT '',
      record_url text NOT NULL DEFAULT 'https://beian.miit.gov.cn/',
      contact_phone text NOT NULL DEFAULT '',
      contact_email text NOT NULL DEFAULT '',
      contact_address text NOT NULL DEFAULT '',
      qr_ios text NOT NULL DEFAULT '',
      qr_android text NOT NULL DEFAULT '',
      qr_service text NOT NULL DEFAULT '',
      qr_wechat text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- exactly one site answers for unknown domains
    CREATE UNIQUE INDEX agents_one_default ON agents (is_default) WHERE is_default;

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      mobile text NOT NULL UNIQUE CHECK (mobile ~ '^1[3-9][0-9]{9}$'),
      password_hash text NOT NULL,
      nickname text NOT NULL,
      avatar text NOT NULL DEFAULT '',
      real_name text NOT NULL DEFAULT '',
      is_verify smallint NOT NULL DEFAULT 0 CHECK (is_verify IN (0, 1)),
      group_id smallint NOT NULL CHECK (group_id IN (1, 2)),
      company_name text,
      rate smallint NOT NULL DEFAULT 70 CHECK (rate BETWEEN 0 AND 100),
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (group_id = 1 OR company_name IS NOT NULL)
    );

    CREATE TABLE staff (
      id bigserial PRIMARY KEY,
      username text NOT NULL UNIQUE,
      name text NOT NULL,
      password_hash text NOT NULL,
      roles text[] NOT NULL CHECK (roles <@ ARRAY['admin','editor','finance','support','content'] AND cardinality(roles) > 0),
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'staff')),
      subject_id bigint NOT NULL,
      ip text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_subject ON sessions (subject_kind, subject_id) WHERE revoked_at IS NULL;

    CREATE TABLE sms_codes (
      id bigserial PRIMARY KEY,
      mobile text NOT NULL,
      event text NOT NULL,
      code_hash bytea NOT NULL,
      attempts smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sms_codes_lookup ON sms_codes (mobile, event, id DESC);

    CREATE TABLE captchas (
      id text PRIMARY KEY,
      answer_hash bytea NOT NULL,
      expires_at timestamptz NOT NULL
    );

    -- fixed-window counters shared by every server instance (rate limits, failed logins)
    CREATE TABLE rate_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);

    CREATE TABLE messages (
      id bigserial PRIMARY KEY,
      audience text NOT NULL CHECK (audience IN ('user', 'agent', 'all')),
      user_id bigint REFERENCES users(id) ON DELETE CASCADE,
      agent_id bigint REFERENCES agents(id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'system',
      title text NOT NULL,
      content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((audience = 'user') = (user_id IS NOT NULL)),
      CHECK ((audience = 'agent') = (agent_id IS NOT NULL))
    );
    CREATE INDEX messages_user ON messages (user_id, id DESC) WHERE audience = 'user';
    CREATE INDEX messages_broadcast ON messages (audience, agent_id, id DESC) WHERE audience <> 'user';

    CREATE TABLE message_reads (
      message_id bigint NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, message_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_reads, messages, rate_counters, captchas, sms_codes, sessions, staff, users, agents, settings`.execute(
    db,
  );
}
