/** The only code touching the staff table. */
import type { StaffRole } from '@trackline/contract/staff';
import { sql } from 'kysely';
import { compiledOnce, type Db } from '../../platform/db/database';
import type { SessionLookup } from '../../platform/http/sessions';

const columns = ['id', 'username', 'name', 'password_hash', 'roles', 'disabled', 'created_at'] as const;
export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** The staff member of a live staff session, joined in the same query (see findSessionUser). */
const sessionStaffQuery = compiledOnce((db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('staff as m', 'm.id', 's.subject_id')
    .select(['s.id as session_id', 's.last_seen_at', ...columns.map((c) => `m.${c}` as const)])
    .where('s.token_hash', '=', Buffer.alloc(0))
    .where('s.subject_kind', '=', sql.lit('staff'))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`),
);

export const findSessionStaff: SessionLookup<StaffRow> = async (db, tokenHash) => {
  const [row] = await sessionStaffQuery(db, [tokenHash]);
  if (!row) return undefined;
  const { session_id, last_seen_at, ...member } = row;
  return { sessionId: session_id, subjectId: member.id, lastSeenAt: last_seen_at, subject: member };
};

export function findStaffById(db: Db, id: number) {
  return db.selectFrom('staff').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findStaffByUsername(db: Db, username: string) {
  return db.selectFrom('staff').select(columns).where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff').select(columns).orderBy('id').execute();
}

export async function insertStaff(
  db: Db,
  values: { username: string; name: string; password_hash: string; roles: StaffRole[] },
) {
  const row = await db
    .insertInto('staff')
    .values({ ...values, username: values.username.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStaff(
  db: Db,
  id: number,
  values: { name?: string; roles?: StaffRole[]; disabled?: boolean; password_hash?: string },
): Promise<void> {
  await db
    .updateTable('staff')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Active admins other than the one given: the console must never lose its last admin. */
export async function countOtherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '<>', exceptId)
    .where('disabled', '=', false)
    .where(sql<boolean>`'admin' = ANY(roles)`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
