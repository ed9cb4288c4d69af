/** The only code touching the covers module's tables (migration 0014). */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export function listBackgrounds(db: Db, options: { includeRetired: boolean }) {
  let q = db
    .selectFrom('cover_backgrounds')
    .select(['id', 'category', 'name_zh', 'name_en', 'spec', 'sort', 'retired_at', 'created_at'])
    .orderBy('sort')
    .orderBy('id');
  if (!options.includeRetired) q = q.where('retired_at', 'is', null);
  return q.execute();
}

/** A background by id, retired ones too (a saved design that uses one still opens and renders). */
export function findBackground(db: Db, id: number) {
  return db
    .selectFrom('cover_backgrounds')
    .select(['id', 'category', 'spec', 'retired_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertBackground(
  db: Db,
  row: {
    category: 'gradient' | 'pattern' | 'texture';
    name_zh: string;
    name_en: string;
    spec: unknown;
    staffId: number;
  },
) {
  return db
    .insertInto('cover_backgrounds')
    .values({
      category: row.category,
      name_zh: row.name_zh,
      name_en: row.name_en,
      spec: JSON.stringify(row.spec),
      created_by: row.staffId,
      sort: sql<number>`(SELECT coalesce(max(sort), 0) + 1 FROM cover_backgrounds)`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setBackgroundRetired(db: Db, id: number, retired: boolean): Promise<boolean> {
  const r = await db
    .updateTable('cover_backgrounds')
    .set({ retired_at: retired ? sql<Date>`coalesce(retired_at, now())` : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function insertDesign(db: Db, row: { userId: number; workId: number | null; name: string; doc: unknown }) {
  return db
    .insertInto('cover_designs')
    .values({ user_id: row.userId, work_id: row.workId, name: row.name, doc: JSON.stringify(row.doc) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Updates the user's own design; false when it is not theirs (or gone). */
export async function updateDesign(
  db: Db,
  row: { id: number; userId: number; workId: number | null; name: string; doc: unknown },
): Promise<boolean> {
  const r = await db
    .updateTable('cover_designs')
    .set({ work_id: row.workId, name: row.name, doc: JSON.stringify(row.doc), updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('user_id', '=', row.userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function findDesign(db: Db, userId: number, id: number) {
  return db
    .selectFrom('cover_designs')
    .select(['id', 'name', 'work_id', 'doc', 'updated_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listDesigns(db: Db, userId: number, limit = 50) {
  return db
    .selectFrom('cover_designs')
    .select(['id', 'name', 'work_id', 'doc', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Records a cover file's fingerprint (again: the same file keeps one row). */
export async function upsertFingerprint(
  db: Db,
  row: { fileId: number; userId: number; workId: number | null; dhash: string },
): Promise<void> {
  await sql`
    INSERT INTO cover_fingerprints (file_id, user_id, work_id, dhash)
    VALUES (${row.fileId}, ${row.userId}, ${row.workId}, ${row.dhash}::bit(64))
    ON CONFLICT (file_id) DO UPDATE SET work_id = coalesce(EXCLUDED.work_id, cover_fingerprints.work_id)
  `.execute(db);
}

/**
 * The closest cover of another release (a fingerprint attached to a work other than `workId`) within `maxBits`,
 * or none. A sequential scan of 8-byte rows: fine to hundreds of thousands of covers.
 */
export async function nearestOtherCover(db: Db, dhash: string, workId: number | null, maxBits: number) {
  const r = await sql<{ work_id: number; distance: number }>`
    SELECT work_id, bit_count(dhash # ${dhash}::bit(64))::int AS distance
    FROM cover_fingerprints
    WHERE work_id IS NOT NULL AND (${workId}::bigint IS NULL OR work_id <> ${workId}::bigint)
      AND bit_count(dhash # ${dhash}::bit(64)) <= ${maxBits}
    ORDER BY distance, work_id
    LIMIT 1
  `.execute(db);
  return r.rows[0] ?? null;
}
