/**
 * The musician side's queries on the works tables: works, work_tracks, work_materials (joined to the user_files
 * they point at), work_events (read), work_authorizations and platforms. Status itself is written by
 * work-transition.ts alone; the review side has its own queries in review.repository.ts.
 */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WorkMaterialsTable, WorkStatusColumn, WorksTable, WorkTracksTable } from '../../platform/db/schema';
import { likePattern } from '../content/content.repository';

export type WorkRow = Selectable<WorksTable>;
export type TrackRow = Selectable<WorkTracksTable>;
export type TrackValues = Omit<Insertable<WorkTracksTable>, 'id' | 'work_id' | 'created_at'>;

// ---- works ----

export async function insertWork(
  db: Db,
  values: { user_id: number; agent_id: number | null; kind: 'single' | 'album' },
): Promise<number> {
  const row = await db.insertInto('works').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One work; with userId only when it is that user's (another user's work and an unknown id look the same).
 * forUpdate locks the row: every writer of a work takes this lock first, so saves, signing and review never
 * interleave on one work.
 */
export async function findWork(
  db: Db,
  id: number,
  options: { userId?: number; forUpdate?: boolean } = {},
): Promise<WorkRow | undefined> {
  let q = db.selectFrom('works').selectAll().where('id', '=', id);
  if (options.userId !== undefined) q = q.where('user_id', '=', options.userId);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Writes the work's own columns (never its status: work-transition.ts does that) and touches updated_at. */
export async function updateWork(
  db: Db,
  id: number,
  set: Omit<Updateable<WorksTable>, 'id' | 'user_id' | 'status' | 'created_at'>,
): Promise<void> {
  await db
    .updateTable('works')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteWork(db: Db, id: number): Promise<void> {
  await db.deleteFrom('works').where('id', '=', id).execute();
}

/** The user's works among `ids`, locked in id order (two overlapping batches never deadlock); others' are absent. */
export async function lockOwnWorks(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Array<{ id: number; status: string }>> {
  return db
    .selectFrom('works')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function deleteWorks(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('works')
      .where('id', 'in', [...ids])
      .execute();
}

/**
 * Takes the user's row lock for the rest of the transaction: a musician's new drafts are counted and inserted one
 * at a time, so a burst of first saves cannot pass the unfinished-works limit together.
 */
export async function lockUserForNewWork(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Works not yet submitted and never online (drafts and rejected new works): what the draft limit counts. */
export async function countUnfinished(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['00', '10', '100', '400'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countByStatus(db: Db, userId: number): Promise<Map<WorkStatusColumn, number>> {
  const rows = await db
    .selectFrom('works')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export interface WorkListFilter {
  statuses?: readonly WorkStatusColumn[];
  keyword?: string;
  /** created_at bounds (inclusive from, exclusive to) */
  createdFrom?: Date;
  createdBefore?: Date;
}

function listBase(db: Db, userId: number, filter: WorkListFilter) {
  let q = db.selectFrom('works as w').where('w.user_id', '=', userId);
  if (filter.statuses)
    // a group and a status that do not meet (online and 00) match nothing
    q = filter.statuses.length > 0 ? q.where('w.status', 'in', filter.statuses) : q.where(sql<boolean>`false`);
  if (filter.createdFrom) q = q.where('w.created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) q = q.where('w.created_at', '<', filter.createdBefore);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    q = q.where((eb) =>
      eb.or([
        eb('w.title', 'ilike', pattern),
        eb(sql`array_to_string(w.primary_artists || w.featured_artists, ' ')`, 'ilike', pattern),
        // an album is also found by one of its tracks' titles or artists
        eb.exists(
          eb
            .selectFrom('work_tracks as t')
            .select('t.id')
            .whereRef('t.work_id', '=', 'w.id')
            .where((t) =>
              t.or([
                t('t.title', 'ilike', pattern),
                t(sql`array_to_string(t.primary_artists || t.featured_artists, ' ')`, 'ilike', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  return q;
}

/** What a list row shows: the work's columns, its cover's key and its number of tracks. */
function listColumns(q: ReturnType<typeof listBase>) {
  return q.select((eb) => [
    'w.id',
    'w.kind',
    'w.status',
    'w.remark',
    'w.reject_reason',
    'w.reject_text',
    'w.title',
    'w.primary_artists',
    'w.release_date',
    'w.created_at',
    'w.updated_at',
    eb
      .selectFrom('work_materials as m')
      .innerJoin('user_files as f', 'f.id', 'm.file_id')
      .select('f.key')
      .whereRef('m.work_id', '=', 'w.id')
      .where('m.kind', '=', 'cover')
      .limit(1)
      .as('cover_key'),
    eb
      .selectFrom('work_tracks as t')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('t.work_id', '=', 'w.id')
      .as('track_count'),
    'w.upc',
    sql<string[] | null>`(SELECT array_agg(t.isrc ORDER BY t.position) FROM work_tracks t
      WHERE t.work_id = w.id AND t.isrc IS NOT NULL)`.as('isrcs'),
  ]);
}

export type WorkListRow = Awaited<ReturnType<typeof pageWorks>>['rows'][number];

/** A page of the user's works, the most recently changed first. */
export async function pageWorks(
  db: Db,
  userId: number,
  filter: WorkListFilter,
  page: { offset: number; limit: number },
) {
  const base = listBase(db, userId, filter);
  const [rows, count] = await Promise.all([
    listColumns(base)
      .orderBy('w.updated_at', 'desc')
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

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

// ---- events, authorizations, platforms ----

/** The work's history, oldest first, with the name of who acted (the musician's nickname, the editor's name). */
export function listEvents(db: Db, workId: number) {
  return db
    .selectFrom('work_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('staff as s', 's.id', 'e.staff_id')
    .select([
      'e.id',
      'e.actor',
      'e.action',
      'e.from_status',
      'e.to_status',
      'e.remark',
      'e.created_at',
      'u.nickname as user_name',
      's.name as staff_name',
    ])
    .where('e.work_id', '=', workId)
    .orderBy('e.id')
    .execute();
}

export async function insertAuthorization(
  db: Db,
  values: {
    work_id: number;
    user_id: number;
    signed_at: Date;
    ip: string;
    agreement_version: string;
    wc_statement: number;
    signature_key: string | null;
    pdf_key: string;
    terms: string;
  },
): Promise<number> {
  const row = await db.insertInto('work_authorizations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The latest signed letter of a work. */
export function latestAuthorization(db: Db, workId: number) {
  return db
    .selectFrom('work_authorizations')
    .select(['id', 'signed_at', 'agreement_version', 'signature_key', 'pdf_key', 'wc_statement'])
    .where('work_id', '=', workId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every stored file of the work's letters (signatures, PDFs): removed from storage with the work. */
export async function authorizationKeys(db: Db, workId: number | readonly number[]): Promise<string[]> {
  const ids = typeof workId === 'number' ? [workId] : [...workId];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('work_authorizations')
    .select(['signature_key', 'pdf_key'])
    .where('work_id', 'in', ids)
    .execute();
  return rows.flatMap((r) => (r.signature_key ? [r.signature_key, r.pdf_key] : [r.pdf_key]));
}

export function enabledPlatforms(db: Db) {
  return db
    .selectFrom('platforms')
    .select(['code', 'name_zh', 'name_en', 'region'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
