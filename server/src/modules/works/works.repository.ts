/**
 * The musician side's queries on the works tables: works, work_events (read), work_authorizations and platforms
 * (work_tracks and work_materials are in works.tracks-repository.ts). Status itself is written by
 * work-transition.ts alone; the review side has its own queries in review.repository.ts.
 */
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WorkStatusColumn, WorksTable } from '../../platform/db/schema';
import { likePattern } from '../content/content.repository';

export type WorkRow = Selectable<WorksTable>;

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
