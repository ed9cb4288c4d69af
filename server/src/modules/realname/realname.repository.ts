/** The only code touching identity_profiles, identity_attempts, identity_callback_nonces, minor_accounts, enterprise_profiles. */
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { EnterpriseProfilesTable, IdentityProfilesTable } from '../../platform/db/schema-realname';

export function findProfile(db: Db, userId: number, forUpdate = false) {
  let q = db.selectFrom('identity_profiles').selectAll().where('user_id', '=', userId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Writes the details anew (state back to 'none'): a verified profile is never passed here. */
export async function upsertProfile(db: Db, values: Insertable<IdentityProfilesTable>): Promise<void> {
  const { user_id: _, ...rest } = values;
  await db
    .insertInto('identity_profiles')
    .values({ ...values, state: 'none', fail_reason: '' })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...rest, state: 'none', fail_reason: '', verified_at: null, updated_at: new Date() }),
    )
    .execute();
}

/** Attempts still open for a user end when the details they were made for change. */
export async function closeOpenAttempts(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('identity_attempts')
    .set({ state: 'failed', reason, decided_at: new Date() })
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .execute();
}

export function latestOpenAttempt(db: Db, userId: number, since: Date) {
  return db
    .selectFrom('identity_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAttempt(
  db: Db,
  values: { user_id: number; token: string; provider: string; subject: 'adult' | 'guardian' },
): Promise<void> {
  await db.insertInto('identity_attempts').values(values).execute();
  await db
    .updateTable('identity_profiles')
    .set({ state: 'pending', fail_reason: '', updated_at: new Date() })
    .where('user_id', '=', values.user_id)
    .where('state', '!=', 'verified')
    .execute();
}

export function findAttempt(db: Db, token: string) {
  return db.selectFrom('identity_attempts').selectAll().where('token', '=', token).executeTakeFirst();
}

/** True the first time a nonce is seen: the primary key decides between callbacks arriving together. */
export async function takeNonce(db: Db, nonce: string): Promise<boolean> {
  const res = await db
    .insertInto('identity_callback_nonces')
    .values({ nonce })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return (res.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

/** Decides a pending attempt; undefined when it was already decided (a replay, or a second answer). */
export function decideAttempt(db: Db, token: string, state: 'verified' | 'failed', reason: string) {
  return db
    .updateTable('identity_attempts')
    .set({ state, reason, decided_at: new Date() })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .returning(['id', 'user_id', 'subject'])
    .executeTakeFirst();
}

export async function markProfile(db: Db, userId: number, state: 'verified' | 'failed', reason: string) {
  return db
    .updateTable('identity_profiles')
    .set({
      state,
      fail_reason: state === 'failed' ? reason : '',
      verified_at: state === 'verified' ? new Date() : null,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .returning(['real_name'])
    .executeTakeFirst();
}

/** The session user's fields (spec §3): the real name and is_verify 1. */
export async function setUserVerified(db: Db, userId: number, realName: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ real_name: realName, is_verify: 1, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function findMinorAccount(db: Db, userId: number) {
  return db.selectFrom('minor_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertMinorAccount(
  db: Db,
  values: { user_id: number; guardian_mobile: string; terms_version: string; ip: string },
): Promise<void> {
  await db
    .insertInto('minor_accounts')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ guardian_mobile: values.guardian_mobile }))
    .execute();
}

export function userBasics(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'group_id', 'mobile', 'nickname', 'real_name', 'is_verify', 'company_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The user's own uploaded image at this key (a licence must be one). */
export function ownImage(db: Db, userId: number, key: string) {
  return db
    .selectFrom('user_files')
    .select(['id', 'key'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('kind', '=', 'image')
    .executeTakeFirst();
}

// ---- enterprises ----

export function findEnterprise(db: Db, userId: number) {
  return db.selectFrom('enterprise_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
export type EnterpriseRow = NonNullable<Awaited<ReturnType<typeof findEnterprise>>>;

/** Submits (again): back to the staff queue, unless it is verified already (then nothing changes). */
export async function upsertEnterprise(db: Db, values: Insertable<EnterpriseProfilesTable>): Promise<void> {
  const { user_id: _, ...rest } = values;
  await db
    .insertInto('enterprise_profiles')
    .values({ ...values, state: 'pending', refuse_reason: '' })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...rest, state: 'pending', refuse_reason: '', submitted_at: new Date(), reviewed_at: null })
        .where('enterprise_profiles.state', '!=', 'verified'),
    )
    .execute();
}

export function verifiedElsewhere(db: Db, userId: number, creditCode: string) {
  return db
    .selectFrom('enterprise_profiles')
    .select('user_id')
    .where('credit_code', '=', creditCode)
    .where('state', '=', 'verified')
    .where('user_id', '!=', userId)
    .executeTakeFirst();
}

export async function enterpriseQueue(db: Db, state: 'pending' | 'verified' | 'refused', page: number, limit: number) {
  const base = db.selectFrom('enterprise_profiles as e').where('e.state', '=', state);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('staff as s', 's.id', 'e.reviewed_by')
      .select([
        'e.user_id',
        'u.mobile',
        'e.company_name',
        'e.credit_code',
        'e.contact_name',
        'e.contact_mobile',
        'e.state',
        'e.refuse_reason',
        'e.submitted_at',
        'e.reviewed_at',
        's.name as reviewer',
      ])
      .orderBy('e.submitted_at', state === 'pending' ? 'asc' : 'desc')
      .orderBy('e.user_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Decides a pending request; undefined when it is not pending (decided by someone else first). */
export function decideEnterprise(
  db: Db,
  userId: number,
  staffId: number,
  decision: { state: 'verified' | 'refused'; reason: string },
) {
  return db
    .updateTable('enterprise_profiles')
    .set({ state: decision.state, refuse_reason: decision.reason, reviewed_by: staffId, reviewed_at: new Date() })
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .returning(['company_name'])
    .executeTakeFirst();
}

export async function setEnterpriseVerified(db: Db, userId: number, company: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ company_name: company, is_verify: 1, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
