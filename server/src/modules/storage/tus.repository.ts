/**
 * The only code touching tus_uploads (resumable uploads while they are received, and for a day after they ended)
 * and upload_grant_uses (the nonces of used upload grants).
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { TusUploadStatus } from '../../platform/db/schema';
import type { MediaKind } from './media-intake';

export interface TusUploadRow {
  id: string;
  user_id: number;
  kind: MediaKind;
  length_bytes: number;
  received_bytes: number;
  metadata: string;
  original_name: string;
  status: TusUploadStatus;
  lock_token: string | null;
  lock_until: Date | null;
  file_key: string | null;
  failure: unknown;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'length_bytes',
  'received_bytes',
  'metadata',
  'original_name',
  'status',
  'lock_token',
  'lock_until',
  'file_key',
  'failure',
  'updated_at',
] as const;

export async function insertTusUpload(
  db: Db,
  values: {
    id: string;
    user_id: number;
    kind: MediaKind;
    length_bytes: number;
    metadata: string;
    original_name: string;
  },
): Promise<void> {
  await db.insertInto('tus_uploads').values(values).execute();
}

/** The user's own upload; another user's id is absent, like an unknown one. */
export function findTusUpload(db: Db, userId: number, id: string): Promise<TusUploadRow | undefined> {
  return db
    .selectFrom('tus_uploads')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst() as Promise<TusUploadRow | undefined>;
}

/** Bytes the user's unfinished uploads have announced: reserved against the quota until they end. */
export async function reservedUploadBytes(db: Db, userId: number, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom('tus_uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('length_bytes'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['receiving', 'processing']);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Number((await q.executeTakeFirstOrThrow()).bytes);
}

/**
 * Takes the upload's lease (one writer at a time, across instances) when nobody holds it or the holder's ran out.
 * Answers the row as it stands under the lease, or undefined when someone else holds it.
 */
export async function takeTusLease(
  db: Db,
  id: string,
  token: string,
  seconds: number,
  statuses: readonly TusUploadStatus[],
): Promise<TusUploadRow | undefined> {
  return (await db
    .updateTable('tus_uploads')
    .set({ lock_token: token, lock_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .where((eb) => eb.or([eb('lock_token', 'is', null), eb('lock_until', '<', sql<Date>`now()`)]))
    .returning(COLUMNS)
    .executeTakeFirst()) as TusUploadRow | undefined;
}

export async function renewTusLease(db: Db, id: string, token: string, seconds: number): Promise<void> {
  await db
    .updateTable('tus_uploads')
    .set({ lock_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', id)
    .where('lock_token', '=', token)
    .execute();
}

/** Records what the lease holder did and lets go of the lease (or keeps it, for the completion that follows). */
export async function updateTusUpload(
  db: Db,
  id: string,
  token: string,
  values: {
    received_bytes?: number;
    status?: TusUploadStatus;
    file_key?: string;
    failure?: unknown;
    release: boolean;
  },
): Promise<void> {
  const { release, failure, ...rest } = values;
  await db
    .updateTable('tus_uploads')
    .set({
      ...rest,
      ...(failure === undefined ? {} : { failure: JSON.stringify(failure) }),
      ...(release ? { lock_token: null, lock_until: null } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('lock_token', '=', token)
    .execute();
}

export async function deleteTusUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('tus_uploads').where('id', '=', id).execute();
}

/** Ids of uploads untouched for longer than `hours`: the unfinished ones with their bytes, and the ended ones. */
export async function staleTusUploads(db: Db, hours: number): Promise<{ id: string; status: TusUploadStatus }[]> {
  return db
    .selectFrom('tus_uploads')
    .select(['id', 'status'])
    .where('updated_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .where((eb) => eb.or([eb('lock_until', 'is', null), eb('lock_until', '<', sql<Date>`now()`)]))
    .limit(1000)
    .execute();
}

export async function existingTusIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('tus_uploads').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Marks a grant's nonce used; false when it already was (a grant stores one file). */
export async function claimGrantNonce(db: Db, nonce: string, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('upload_grant_uses')
    .values({ nonce, user_id: userId })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteOldGrantUses(db: Db, hours: number): Promise<void> {
  await db
    .deleteFrom('upload_grant_uses')
    .where('used_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .execute();
}
