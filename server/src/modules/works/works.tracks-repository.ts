/** The musician side's queries on a work's tracks and materials, and the put-back of an online work's live version. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WorkMaterialsTable, WorkTracksTable } from '../../platform/db/schema';

export type TrackRow = Selectable<WorkTracksTable>;
export type TrackValues = Omit<Insertable<WorkTracksTable>, 'id' | 'work_id' | 'created_at'>;

// ---- tracks ----

export function listTracks(db: Db, workId: number): Promise<TrackRow[]> {
  return db.selectFrom('work_tracks').selectAll().where('work_id', '=', workId).orderBy('position').execute();
}

export async function insertTrack(db: Db, workId: number, values: TrackValues): Promise<number> {
  const row = await db
    .insertInto('work_tracks')
    .values({ ...values, work_id: workId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTrack(
  db: Db,
  workId: number,
  trackId: number,
  values: Partial<TrackValues>,
): Promise<void> {
  await db.updateTable('work_tracks').set(values).where('id', '=', trackId).where('work_id', '=', workId).execute();
}

/** Deletes the work's tracks not in keepIds (their materials go with them). */
export async function deleteTracksExcept(db: Db, workId: number, keepIds: readonly number[]): Promise<void> {
  let q = db.deleteFrom('work_tracks').where('work_id', '=', workId);
  if (keepIds.length > 0) q = q.where('id', 'not in', keepIds);
  await q.execute();
}

/**
 * Clears the ISRCs of the work's tracks before they are written again: the ISRC index is not deferrable, so two
 * tracks swapping codes in one save would otherwise collide halfway.
 */
export async function clearTrackIsrcs(db: Db, workId: number): Promise<void> {
  await db.updateTable('work_tracks').set({ isrc: null }).where('work_id', '=', workId).execute();
}

/** Which of these ISRCs another work's track already has. */
export async function isrcsTakenElsewhere(db: Db, workId: number, isrcs: readonly string[]): Promise<string[]> {
  if (isrcs.length === 0) return [];
  const rows = await db
    .selectFrom('work_tracks')
    .select('isrc')
    .where('isrc', 'in', isrcs)
    .where('work_id', '!=', workId)
    .execute();
  return rows.map((r) => r.isrc!);
}

export async function upcTakenElsewhere(db: Db, workId: number, upc: string): Promise<boolean> {
  const row = await db
    .selectFrom('works')
    .select('id')
    .where('upc', '=', upc)
    .where('id', '!=', workId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- materials ----

/** A material with the file it points at (user_files: the storage module's rows, read here for their keys). */
export function listMaterials(db: Db, workId: number) {
  return db
    .selectFrom('work_materials as m')
    .innerJoin('user_files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.work_id',
      'm.track_id',
      'm.kind',
      'm.file_id',
      'm.created_at',
      'f.key',
      'f.original_name',
      'f.size_bytes',
      'f.content_type',
      'f.kind as file_kind',
      'f.sha256',
      'f.meta',
    ])
    .where('m.work_id', '=', workId)
    .orderBy('m.id')
    .execute();
}
export type MaterialRow = Awaited<ReturnType<typeof listMaterials>>[number];

/** Puts a file in a material slot (one file per kind per track; the cover per work), replacing what was there. */
export async function setMaterial(
  db: Db,
  values: { work_id: number; track_id: number | null; kind: WorkMaterialsTable['kind']; file_id: number },
): Promise<number> {
  await clearMaterialSlot(db, values.work_id, values.track_id, values.kind);
  const row = await db.insertInto('work_materials').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function clearMaterialSlot(
  db: Db,
  workId: number,
  trackId: number | null,
  kind: WorkMaterialsTable['kind'],
): Promise<void> {
  let q = db.deleteFrom('work_materials').where('work_id', '=', workId).where('kind', '=', kind);
  q = trackId === null ? q.where('track_id', 'is', null) : q.where('track_id', '=', trackId);
  await q.execute();
}

/** Removes one material of the work; false when the work has no such material. */
export async function deleteMaterial(db: Db, workId: number, materialId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('work_materials')
    .where('id', '=', materialId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Other works' main audio with one of these SHA-256 sums: whose work it is, so pre-review can tell another
 * account's recording (blocked) from the user's own other work (warned).
 */
export function mainAudioWithHashes(db: Db, workId: number, hashes: readonly string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('work_materials as m')
    .innerJoin('user_files as f', 'f.id', 'm.file_id')
    .innerJoin('works as w', 'w.id', 'm.work_id')
    .select(['f.sha256', 'w.id as work_id', 'w.user_id'])
    .where('m.kind', '=', 'music')
    .where('f.sha256', 'in', hashes)
    .where('m.work_id', '!=', workId)
    .orderBy('w.id')
    .execute();
}

// ---- a change to an online work: the live version kept aside and put back ----

/** Puts back tracks and materials exactly as they were (same ids), after removing whatever the change made. */
export async function restoreTracksAndMaterials(
  db: Db,
  workId: number,
  tracks: readonly TrackRow[],
  materials: ReadonlyArray<Pick<Selectable<WorkMaterialsTable>, 'id' | 'track_id' | 'kind' | 'file_id' | 'created_at'>>,
): Promise<void> {
  await db.deleteFrom('work_materials').where('work_id', '=', workId).execute();
  await db.deleteFrom('work_tracks').where('work_id', '=', workId).execute();
  if (tracks.length > 0)
    await db
      .insertInto('work_tracks')
      .values(tracks.map((t) => ({ ...t, work_id: workId })))
      .execute();
  if (materials.length > 0)
    await db
      .insertInto('work_materials')
      .values(materials.map((m) => ({ ...m, work_id: workId })))
      .execute();
}
