/** The only code touching users and sms_codes (and, for the session join below, reading sessions). */
import { sql } from 'kysely';
import { compiledOnce, type Db } from '../../platform/db/database';
import type { SessionLookup } from '../../platform/http/sessions';

export type UserRow = Awaited<ReturnType<typeof findUserById>>;

const userColumns = [
  'id',
  'agent_id',
  'mobile',
  'password_hash',
  'nickname',
  'avatar',
  'real_name',
  'is_verify',
  'group_id',
  'company_name',
  'rate',
  'disabled',
  'created_at',
] as const;

export type SessionUser = NonNullable<Awaited<ReturnType<typeof findUserById>>> & {
  /** The available balance in fen (spec §3 user_account_info), null before any money moved for the user. */
  balance_fen: string | null;
};

/**
 * The session user in one round trip: the live session of this token hash joined to its user. Nearly every
 * musician call needs both, and this is the hot path of GET /api/user/info (bench/api).
 */
const sessionUserQuery = compiledOnce((db) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.subject_id')
    .select(['s.id as session_id', 's.last_seen_at', ...userColumns.map((c) => `u.${c}` as const)])
    // The balance rides along (and is cached with the session): /api/user/info shows it on every page. The ledger
    // evicts the user's cached sessions in the transaction that changes it (royalties/ledger.ts), so it is never
    // older than the last posting. A read of the royalties module's table, kept to this one column.
    .select(
      sql<string | null>`(SELECT la.balance::text FROM ledger_accounts la
        WHERE la.user_id = u.id AND la.kind = 'available')`.as('balance_fen'),
    )
    .where('s.token_hash', '=', Buffer.alloc(0))
    .where('s.subject_kind', '=', sql.lit('user'))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`),
);

export const findSessionUser: SessionLookup<SessionUser> = async (db, tokenHash) => {
  const [row] = await sessionUserQuery(db, [tokenHash]);
  if (!row) return undefined;
  const { session_id, last_seen_at, ...user } = row;
  return { sessionId: session_id, subjectId: user.id, lastSeenAt: last_seen_at, subject: user };
};

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserByMobile(db: Db, mobile: string) {
  return db.selectFrom('users').select(userColumns).where('mobile', '=', mobile).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  values: {
    agent_id: number;
    mobile: string;
    password_hash: string;
    nickname: string;
    group_id: number;
    company_name: string | null;
  },
): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: Db, id: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function insertSmsCode(
  db: Db,
  values: { mobile: string; event: string; code_hash: Buffer; expires_at: Date },
) {
  await db.insertInto('sms_codes').values(values).execute();
}

/** The newest code sent for this mobile and event, used or not: only the newest one counts. */
export function latestSmsCode(db: Db, mobile: string, event: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('mobile', '=', mobile)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Spends one try of the newest live code of this mobile and event, atomically: the row is updated only while it has
 * tries left, so parallel guesses queue on it and at most `maxTries` of them ever get the hash to compare. Answers
 * the code with its tries counted, or undefined when there is none to try (then latestSmsCode says why).
 */
export function takeSmsTry(db: Db, mobile: string, event: string, maxTries: number) {
  return db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('sms_codes')
        .select('id')
        .where('mobile', '=', mobile)
        .where('event', '=', event)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', maxTries)
    .returning(['id', 'code_hash', 'attempts'])
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first (so a code works exactly once). */
export async function useSmsCode(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable('sms_codes')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}
