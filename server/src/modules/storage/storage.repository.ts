/** The only code touching user_files: the files users uploaded, one row per stored key. */
import type { Db } from '../../platform/db/database';
import type { UserFilesTable } from '../../platform/db/schema';

export type UserFileKind = UserFilesTable['kind'];

export async function insertUserFile(
  db: Db,
  values: {
    user_id: number;
    key: string;
    kind: UserFileKind;
    content_type: string;
    size_bytes: number;
    original_name: string;
    /** Audio, video and files from upload grants: hex SHA-256 and what the analyzer read. */
    sha256?: string;
    meta?: unknown;
  },
): Promise<number> {
  const { meta, ...rest } = values;
  const row = await db
    .insertInto('user_files')
    .values({ ...rest, meta: meta === undefined ? undefined : JSON.stringify(meta) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Bytes and files the user keeps (every row counts against the quota). */
export async function userFileTotals(db: Db, userId: number): Promise<{ bytes: number; files: number }> {
  const row = await db
    .selectFrom('user_files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string | number>('size_bytes'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<string | number>().as('files'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}

export async function userFileKeyExists(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('user_files').select('id').where('key', '=', key).executeTakeFirst()) !== undefined;
}

/** The rows of these keys that belong to this user (keys of other users, or unknown keys, are simply absent). */
export function findUserFilesByKeys(db: Db, userId: number, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_files')
    .select(['id', 'key', 'kind', 'content_type', 'size_bytes', 'original_name', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', 'in', keys)
    .execute();
}

/** One of the user's files with what its analyzer read (absent when it is not theirs). */
export function findUserFileWithMeta(db: Db, userId: number, key: string) {
  return db
    .selectFrom('user_files')
    .select(['key', 'kind', 'content_type', 'size_bytes', 'original_name', 'sha256', 'meta'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The user's file with these exact bytes (by SHA-256) and kind, if they have one: a repeat makes no second file. */
export function findUserFileBySha256(db: Db, userId: number, sha256: string, kind: UserFileKind) {
  return db
    .selectFrom('user_files')
    .select(['id', 'key', 'size_bytes'])
    .where('user_id', '=', userId)
    .where('sha256', '=', sha256)
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirst();
}
