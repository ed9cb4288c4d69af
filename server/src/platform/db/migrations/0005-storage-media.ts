/**
 * Audio and video files, resumable uploads and upload grants (storage module).
 *
 * user_files: sha256 (hex, of the whole file) finds the same recording uploaded twice, by one user or by two;
 * meta is what the analyzer read from the file (format, sample rate, duration...). Both stay NULL for the small
 * files of POST /api/common/upload. kind may now be 'video' too.
 *
 * tus_uploads: one resumable (tus 1.0) upload while it is received and for a day after it ended, so the client
 * can still learn how it ended. The state is here, not beside the bytes, so every server instance behind a load
 * balancer answers HEAD and PATCH alike; the bytes themselves are in the staging directory
 * (UPLOAD_STAGING_DIR, shared between instances). lock_token/lock_until is a lease: one PATCH at a time appends,
 * and a lease left by a process that died runs out by itself.
 *
 * upload_grant_uses: the nonce of every upload grant that was used, so a signed URL stores one file only.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_files
      ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      ADD COLUMN meta jsonb,
      DROP CONSTRAINT user_files_kind_check,
      ADD CONSTRAINT user_files_kind_check CHECK (kind IN ('image', 'pdf', 'text', 'audio', 'video'));
    CREATE INDEX user_files_sha256 ON user_files (sha256) WHERE sha256 IS NOT NULL;

    CREATE TABLE tus_uploads (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('audio', 'video')),
      length_bytes bigint NOT NULL CHECK (length_bytes > 0),
      received_bytes bigint NOT NULL DEFAULT 0 CHECK (received_bytes BETWEEN 0 AND length_bytes),
      -- the Upload-Metadata header as sent, echoed by HEAD
      metadata text NOT NULL DEFAULT '',
      original_name text NOT NULL DEFAULT '' CHECK (char_length(original_name) <= 200),
      status text NOT NULL DEFAULT 'receiving' CHECK (status IN ('receiving', 'processing', 'stored', 'refused')),
      lock_token text,
      lock_until timestamptz,
      file_key text,
      -- why it was refused: { key, issues? }
      failure jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'stored') = (file_key IS NOT NULL)),
      CHECK ((status = 'refused') = (failure IS NOT NULL))
    );
    CREATE INDEX tus_uploads_user ON tus_uploads (user_id) WHERE status IN ('receiving', 'processing');
    CREATE INDEX tus_uploads_updated ON tus_uploads (updated_at);

    CREATE TABLE upload_grant_uses (
      nonce text PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      used_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE upload_grant_uses;
    DROP TABLE tus_uploads;
    DELETE FROM user_files WHERE kind = 'video';
    ALTER TABLE user_files
      DROP COLUMN sha256,
      DROP COLUMN meta,
      DROP CONSTRAINT user_files_kind_check,
      ADD CONSTRAINT user_files_kind_check CHECK (kind IN ('image', 'pdf', 'text', 'audio'));
  `.execute(db);
}
