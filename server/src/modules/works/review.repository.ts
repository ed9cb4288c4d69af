/**
 * The review side's queries on the works tables (the musician side has its own in works.repository.ts) and the only
 * code touching identifier_counters. Status itself is written by work-transition.ts alone.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WorkStatusColumn } from '../../platform/db/schema';
import { likePattern } from '../content/content.repository';

/** The statuses of each queue stage; `distributing` (990) waits for an editor to mark it online. */
export const REVIEW_STATUSES = {
  first: ['200', '201'],
  final: ['300', '301'],
  distributing: ['990'],
  all: ['200', '201', '300', '301', '990'],
} as const satisfies Record<string, readonly WorkStatusColumn[]>;

export interface QueueFilter {
  stage: keyof typeof REVIEW_STATUSES;
  version?: 'new' | 'change';
  keyword?: string;
}

/**
 * A 990 work is a change when it has been online before: a change approved in final review lands in 990 like a new
 * work does (its status no longer ends in 1), and only a work once online (991) can have started one.
 */
const wasOnline = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM work_events e WHERE e.work_id = w.id AND e.to_status = '991')`;

function queueBase(db: Db, filter: QueueFilter) {
  const statuses: readonly WorkStatusColumn[] = REVIEW_STATUSES[filter.stage];
  let q = db.selectFrom('works as w').innerJoin('users as u', 'u.id', 'w.user_id').where('w.status', 'in', statuses);
  const version = filter.version;
  if (version) {
    // In review, the status says it (ending 1: a change); in 990, the work's history does.
    const reviewed = statuses.filter((s) => s !== '990' && s.endsWith(version === 'change' ? '1' : '0'));
    const distributing = statuses.includes('990');
    q = q.where((eb) =>
      eb.or([
        ...(reviewed.length > 0 ? [eb('w.status', 'in', reviewed)] : []),
        ...(distributing
          ? [eb.and([eb('w.status', '=', '990'), version === 'change' ? wasOnline() : eb.not(wasOnline())])]
          : []),
      ]),
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    // Title, artists or nickname; a number also finds the work by id, a mobile its musician.
    const pattern = likePattern(keyword);
    q = q.where((eb) =>
      eb.or([
        eb('w.title', 'ilike', pattern),
        eb(sql`array_to_string(w.primary_artists, ' ')`, 'ilike', pattern),
        eb('u.nickname', 'ilike', pattern),
        ...(/^\d{1,15}$/.test(keyword) ? [eb('w.id', '=', Number(keyword))] : []),
        ...(/^1\d{10}$/.test(keyword) ? [eb('u.mobile', '=', keyword)] : []),
      ]),
    );
  }
  return q;
}

/** The queue, oldest submission first (the works_review index), with what a row of it shows. */
export async function pageQueue(db: Db, filter: QueueFilter, page: { offset: number; limit: number }) {
  const base = queueBase(db, filter);
  const [rows, count] = await Promise.all([
    base
      .select([
        'w.id',
        'w.kind',
        'w.status',
        'w.title',
        'w.version',
        'w.primary_artists',
        'w.submitted_at',
        'w.updated_at',
        'u.id as user_id',
        'u.nickname',
        'u.mobile',
      ])
      .select([
        sql<number>`(SELECT count(*) FROM work_tracks t WHERE t.work_id = w.id)`.as('track_count'),
        sql<boolean>`w.status = '990' AND ${wasOnline()}`.as('approved_change'),
        sql<string | null>`(SELECT f.key FROM work_materials m JOIN user_files f ON f.id = m.file_id
          WHERE m.work_id = w.id AND m.kind = 'cover' LIMIT 1)`.as('cover_key'),
        sql<Date | null>`(SELECT max(e.created_at) FROM work_events e
          WHERE e.work_id = w.id AND e.to_status = w.status)`.as('status_since'),
        sql<number>`floor(extract(epoch FROM now() - coalesce(w.submitted_at, w.updated_at)))`.as('age_seconds'),
      ])
      .orderBy(sql`w.submitted_at ASC NULLS LAST`)
      .orderBy('w.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The work's status and its musician, or undefined for an unknown work. */
export function findWorkOwner(db: Db, workId: number) {
  return db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.status', 'u.id as user_id', 'u.nickname', 'u.mobile', 'u.real_name'])
    .where('w.id', '=', workId)
    .executeTakeFirst();
}

/** Names of the platforms with these codes, disabled ones included (a work keeps what it was submitted with). */
export function platformsByCode(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('platforms').select(['code', 'name_zh', 'name_en']).where('code', 'in', codes).execute();
}

/**
 * The work's row for an editor's action. `lock` takes the row FOR UPDATE, for the rest of the transaction: another
 * editor's action on the same work waits, then sees what this one did.
 */
export function readWorkForAction(db: Db, workId: number, lock: boolean) {
  const q = db
    .selectFrom('works')
    .select(['id', 'status', 'user_id', 'title', 'release_date'])
    .where('id', '=', workId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

// Identifiers (identifier-assignment.ts).

/** The next value of a counter (1 for a new one); the counter's row stays locked until the transaction ends. */
export async function nextCounterValue(db: Db, name: string): Promise<number> {
  const row = await db
    .insertInto('identifier_counters')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`identifier_counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function isrcInUse(db: Db, isrc: string): Promise<boolean> {
  return !!(await db.selectFrom('work_tracks').select('id').where('isrc', '=', isrc).executeTakeFirst());
}

export async function upcInUse(db: Db, upc: string): Promise<boolean> {
  return !!(await db.selectFrom('works').select('id').where('upc', '=', upc).executeTakeFirst());
}

export async function releaseCodes(db: Db, workId: number) {
  const work = await db.selectFrom('works').select('upc').where('id', '=', workId).executeTakeFirstOrThrow();
  const tracks = await db
    .selectFrom('work_tracks')
    .select(['id', 'position', 'isrc'])
    .where('work_id', '=', workId)
    .orderBy('position')
    .execute();
  return { upc: work.upc, tracks };
}

export async function setWorkUpc(db: Db, workId: number, upc: string): Promise<void> {
  await db.updateTable('works').set({ upc }).where('id', '=', workId).execute();
}

export async function setTrackIsrc(db: Db, trackId: number, isrc: string): Promise<void> {
  await db.updateTable('work_tracks').set({ isrc }).where('id', '=', trackId).execute();
}
