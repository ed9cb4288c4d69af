/**
 * The cover maker (issue 14, covers module).
 *
 * cover_backgrounds: the catalogue bglist answers — gradients, patterns and textures, each a small spec the server
 * renders (no picture files to license or ship). Content staff add and retire them; a retired background stays so
 * saved designs that use it still open, but is no longer offered.
 * cover_designs: a musician's design documents (layers and their properties), to reopen and edit.
 * cover_fingerprints: a 64-bit difference hash (dHash) per cover file — every export of the maker, and the cover a
 * work uses — so an export that nearly copies another release's cover is refused (DistroKid, Juhe: one art on
 * several releases). Compared with bit_count(a # b), the Hamming distance.
 */
import { type Kysely, sql } from 'kysely';

/** The built-in catalogue: [category, zh, en, spec]. */
const BUILT_IN: ReadonlyArray<[string, string, string, object]> = [
  ['gradient', '暮色', 'Dusk', { kind: 'linear', colors: ['#1e3c72', '#e96443'], angle: 135 }],
  ['gradient', '深海', 'Deep sea', { kind: 'linear', colors: ['#0f2027', '#203a43', '#2c5364'], angle: 180 }],
  ['gradient', '蜜桃', 'Peach', { kind: 'linear', colors: ['#ffecd2', '#fcb69f'], angle: 45 }],
  ['gradient', '霓虹', 'Neon', { kind: 'radial', colors: ['#f72585', '#7209b7', '#1b1035'], angle: 0 }],
  ['gradient', '青柠', 'Lime', { kind: 'linear', colors: ['#d4fc79', '#96e6a1'], angle: 90 }],
  ['gradient', '夜空', 'Night sky', { kind: 'radial', colors: ['#2b5876', '#4e4376', '#0b0b1a'], angle: 0 }],
  ['pattern', '条纹', 'Stripes', { kind: 'stripes', colors: ['#f4f1de', '#e07a5f'], scale: 240 }],
  ['pattern', '波点', 'Dots', { kind: 'dots', colors: ['#22223b', '#f2e9e4'], scale: 220 }],
  ['pattern', '网格', 'Grid', { kind: 'grid', colors: ['#0b132b', '#5bc0be'], scale: 300 }],
  ['pattern', '波浪', 'Waves', { kind: 'waves', colors: ['#003049', '#fcbf49'], scale: 360 }],
  ['pattern', '年轮', 'Rings', { kind: 'rings', colors: ['#264653', '#e9c46a'], scale: 180 }],
  ['texture', '胶片颗粒', 'Film grain', { kind: 'grain', colors: ['#3d405b', '#f4f1de'], seed: 7 }],
  ['texture', '云雾', 'Clouds', { kind: 'clouds', colors: ['#a8dadc', '#1d3557'], seed: 3 }],
  ['texture', '宣纸', 'Rice paper', { kind: 'paper', colors: ['#f5efe0', '#8d7b68'], seed: 11 }],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cover_backgrounds (
      id serial PRIMARY KEY,
      category text NOT NULL CHECK (category IN ('gradient', 'pattern', 'texture')),
      name_zh text NOT NULL,
      name_en text NOT NULL,
      spec jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      retired_at timestamptz,
      created_by bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE cover_designs (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      work_id bigint REFERENCES works(id) ON DELETE SET NULL,
      name text NOT NULL DEFAULT '',
      doc jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cover_designs_user ON cover_designs (user_id, updated_at DESC);
    CREATE TABLE cover_fingerprints (
      file_id bigint PRIMARY KEY REFERENCES user_files(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      work_id bigint REFERENCES works(id) ON DELETE SET NULL,
      dhash bit(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cover_fingerprints_work ON cover_fingerprints (work_id) WHERE work_id IS NOT NULL;
  `.execute(db);
  let sort = 0;
  for (const [category, zh, en, spec] of BUILT_IN) {
    const full = { category, [category]: spec };
    await sql`INSERT INTO cover_backgrounds (category, name_zh, name_en, spec, sort)
      VALUES (${category}, ${zh}, ${en}, ${JSON.stringify(full)}::jsonb, ${sort++})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cover_fingerprints, cover_designs, cover_backgrounds`.execute(db);
}
