/**
 * Works (issue 3): a release (single or album) with its tracks, the files attached to them, every status change,
 * the signed authorizations, the platforms a work can go to, and the counters ISRC and UPC codes are drawn from.
 *
 * works.status holds the §4 code as text ('00' and '0' differ). A change to a work already online keeps the live
 * version in live_snapshot until the change is approved (cleared) or discarded (restored). Territories: worldwide
 * when `worldwide`, else the ISO codes in `territories`.
 * work_materials points at user_files (the storage module's rows): one file per kind per track (cover: per work).
 * identifier_counters: one row per counter ('isrc:2026', 'upc'); a code is drawn with UPDATE … RETURNING inside the
 * approving transaction, so a number is used once and never again, and codes are also unique by index.
 */
import { type Kysely, sql } from 'kysely';

const STATUSES = `('00','01','10','11','100','101','200','201','300','301','400','401','990','991')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE platforms (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_]{2,40}$'),
      name_zh text NOT NULL,
      name_en text NOT NULL,
      region text NOT NULL CHECK (region IN ('cn', 'global')),
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0
    );
    INSERT INTO platforms (code, name_zh, name_en, region, sort) VALUES
      ('qq_music', 'QQ音乐', 'QQ Music', 'cn', 10),
      ('kugou', '酷狗音乐', 'Kugou Music', 'cn', 20),
      ('kuwo', '酷我音乐', 'Kuwo Music', 'cn', 30),
      ('netease', '网易云音乐', 'NetEase Cloud Music', 'cn', 40),
      ('douyin', '抖音', 'Douyin', 'cn', 50),
      ('migu', '咪咕音乐', 'Migu Music', 'cn', 60),
      ('apple_music', 'Apple Music', 'Apple Music', 'global', 100),
      ('spotify', 'Spotify', 'Spotify', 'global', 110),
      ('youtube_music', 'YouTube Music', 'YouTube Music', 'global', 120),
      ('amazon_music', 'Amazon Music', 'Amazon Music', 'global', 130),
      ('tiktok', 'TikTok', 'TikTok', 'global', 140),
      ('deezer', 'Deezer', 'Deezer', 'global', 150),
      ('tidal', 'TIDAL', 'TIDAL', 'global', 160),
      ('joox', 'JOOX', 'JOOX', 'global', 170);

    CREATE TABLE works (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      agent_id bigint REFERENCES agents(id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('single', 'album')),
      status text NOT NULL DEFAULT '00' CHECK (status IN ${sql.raw(STATUSES)}),
      remark text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 1000),
      reject_reason text CHECK (reject_reason IN ('audio_quality', 'cover', 'metadata', 'rights', 'duplicate', 'content', 'other')),
      reject_text text NOT NULL DEFAULT '' CHECK (char_length(reject_text) <= 1000),
      title text NOT NULL DEFAULT '' CHECK (char_length(title) <= 200),
      version text NOT NULL DEFAULT '' CHECK (char_length(version) <= 100),
      primary_artists text[] NOT NULL DEFAULT '{}',
      featured_artists text[] NOT NULL DEFAULT '{}',
      genre text,
      language text,
      explicit boolean NOT NULL DEFAULT false,
      original_release_date date,
      release_date date,
      label text NOT NULL DEFAULT '' CHECK (char_length(label) <= 100),
      p_line text NOT NULL DEFAULT '' CHECK (char_length(p_line) <= 200),
      c_line text NOT NULL DEFAULT '' CHECK (char_length(c_line) <= 200),
      upc text CHECK (upc ~ '^[0-9]{12,13}$'),
      property smallint CHECK (property BETWEEN 1 AND 5),
      wc_statement smallint CHECK (wc_statement IN (1, 2)),
      source smallint CHECK (source BETWEEN 1 AND 8),
      platforms text[] NOT NULL DEFAULT '{}',
      worldwide boolean NOT NULL DEFAULT true,
      territories text[] NOT NULL DEFAULT '{}',
      live_snapshot jsonb,
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX works_user ON works (user_id, updated_at DESC, id DESC);
    CREATE INDEX works_user_status ON works (user_id, status);
    CREATE INDEX works_review ON works (status, submitted_at) WHERE status IN ('200', '201', '300', '301', '990');
    CREATE UNIQUE INDEX works_upc ON works (upc) WHERE upc IS NOT NULL;

    CREATE TABLE work_tracks (
      id bigserial PRIMARY KEY,
      work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 1),
      title text NOT NULL DEFAULT '' CHECK (char_length(title) <= 200),
      version text NOT NULL DEFAULT '' CHECK (char_length(version) <= 100),
      primary_artists text[] NOT NULL DEFAULT '{}',
      featured_artists text[] NOT NULL DEFAULT '{}',
      lyricist text[] NOT NULL DEFAULT '{}',
      composer text[] NOT NULL DEFAULT '{}',
      arranger text[] NOT NULL DEFAULT '{}',
      producer text[] NOT NULL DEFAULT '{}',
      isrc text CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$'),
      explicit boolean NOT NULL DEFAULT false,
      language text,
      lyrics text NOT NULL DEFAULT '' CHECK (char_length(lyrics) <= 20000),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- deferred, so a reorder can swap positions inside one transaction
      CONSTRAINT work_tracks_position UNIQUE (work_id, position) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE UNIQUE INDEX work_tracks_isrc ON work_tracks (isrc) WHERE isrc IS NOT NULL;

    CREATE TABLE work_materials (
      id bigserial PRIMARY KEY,
      work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
      track_id bigint REFERENCES work_tracks(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('music', 'lyric', 'cover', 'accompany', 'short_audio', 'karaoke', 'mv')),
      file_id bigint NOT NULL REFERENCES user_files(id) ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'cover') = (track_id IS NULL))
    );
    CREATE UNIQUE INDEX work_materials_one ON work_materials (work_id, COALESCE(track_id, 0), kind);
    CREATE INDEX work_materials_file ON work_materials (file_id);

    CREATE TABLE work_events (
      id bigserial PRIMARY KEY,
      work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
      actor text NOT NULL CHECK (actor IN ('user', 'editor', 'system')),
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      staff_id bigint REFERENCES staff(id) ON DELETE SET NULL,
      action text NOT NULL,
      from_status text CHECK (from_status IN ${sql.raw(STATUSES)}),
      to_status text NOT NULL CHECK (to_status IN ${sql.raw(STATUSES)}),
      remark text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX work_events_work ON work_events (work_id, id);

    CREATE TABLE work_authorizations (
      id bigserial PRIMARY KEY,
      work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      signed_at timestamptz NOT NULL DEFAULT now(),
      ip text NOT NULL,
      agreement_version text NOT NULL,
      wc_statement smallint NOT NULL CHECK (wc_statement IN (1, 2)),
      -- the drawn signature (PNG) and the letter (PDF) in storage; no signature when wcStatement 1 chose not to sign
      signature_key text,
      pdf_key text NOT NULL,
      -- what was signed: the work's title, rights claimed and scope, as the letter states them
      terms jsonb NOT NULL
    );
    CREATE INDEX work_authorizations_work ON work_authorizations (work_id, id DESC);

    CREATE TABLE identifier_counters (
      name text PRIMARY KEY,
      value bigint NOT NULL DEFAULT 0 CHECK (value >= 0)
    );

    ALTER TABLE work_orders
      ADD CONSTRAINT work_orders_work FOREIGN KEY (work_id) REFERENCES works(id) ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE work_orders DROP CONSTRAINT IF EXISTS work_orders_work;
    DROP TABLE IF EXISTS identifier_counters, work_authorizations, work_events, work_materials, work_tracks, works,
      platforms;
  `.execute(db);
}
