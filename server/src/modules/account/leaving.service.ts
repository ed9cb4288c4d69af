/**
 * Leaving (issue 10): deleting an account and taking one's data along first.
 *
 * - Deletion is refused, with the reason, while money is owed or on its way (the ledger's available balance is not
 *   zero, or something is held or being withdrawn: royalties/ledger.ts balancesOf) or works are live, being
 *   distributed or in review. Otherwise an SMS code to the account's own mobile confirms it, every session ends,
 *   and the account waits DELETION_COOLING_OFF_DAYS; logging in during that time cancels the request.
 * - When the cooling-off ends, the `account:erase` job erases the account (rerunnable: it decides from the database
 *   what is left, and removes files before the rows that name them). What the law needs kept stays, with the
 *   person's data removed: the users row (mobile `erased-<id>`, no name, nickname, avatar, bio or password) that money
 *   records and signed letters point at, the ledger, and works with a signed authorization letter (with the
 *   letter). Everything else goes: unsigned works and uploads, messages, work orders, cover designs, sessions,
 *   security events, exports; feedback keeps its text without the person.
 * - The data export (`account:export`) is in data-export.service.ts.
 */
import type { DeletionBlocker, DeletionCheck } from '@trackline/contract/account-centre';
import { DELETION_COOLING_OFF_DAYS } from '@trackline/contract/account-centre';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { revokeSubjectSessions, subjectChangedAtCommit } from '../../platform/http/sessions';
import { sendToUser } from '../messages/messages.service';
import { balancesOf } from '../royalties/ledger';
import { findUserById } from './account.repository';
// A cycle by design: the tasks run this module's functions, and this module enqueues them (used only at call time).
import { eraseAccountTask } from './account.tasks';
import {
  cancelPendingDeletion,
  countLiveWorks,
  deletionById,
  endDeletion,
  insertDeletion,
  insertEvent,
  pendingDeletion,
} from './centre.repository';
import { consumeSmsCode } from './sms-codes';

const DAY_MS = 86_400_000;

/** What stands in the way of deleting the account now (empty: nothing). */
export async function deletionBlockers(db: Db, userId: number): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = [];
  const balances = await balancesOf(db, userId);
  if (balances) {
    if (balances.available !== 0n) blockers.push({ kind: 'balance', amount: balances.available.toString() });
    if (balances.held !== 0n) blockers.push({ kind: 'held', amount: balances.held.toString() });
    if (balances.withdrawing !== 0n) blockers.push({ kind: 'withdrawing', amount: balances.withdrawing.toString() });
  }
  const live = await countLiveWorks(db, userId);
  if (live > 0) blockers.push({ kind: 'live_works', amount: String(live) });
  return blockers;
}

const BLOCKER_ERROR = {
  balance: 'DELETION_BALANCE',
  held: 'DELETION_HELD',
  withdrawing: 'DELETION_WITHDRAWING',
  live_works: 'DELETION_LIVE_WORKS',
} as const;

export async function deletionCheck(deps: Deps, userId: number): Promise<DeletionCheck> {
  const { db } = deps.database;
  const pending = await pendingDeletion(db, userId);
  return {
    blockers: await deletionBlockers(db, userId),
    deletion: pending
      ? { requested_at: pending.requested_at.toISOString(), erase_at: pending.erase_at.toISOString() }
      : null,
    cooling_off_days: DELETION_COOLING_OFF_DAYS,
  };
}

/** POST /api/user/logoutaccount: checks, the SMS confirmation, the request with its erasure job, every session ended. */
export async function requestDeletion(
  deps: Deps,
  userId: number,
  code: string,
  meta: { ip: string; userAgent: string; lang: 'zh-CN' | 'en' },
) {
  const { db } = deps.database;
  const user = await findUserById(db, userId);
  if (!user || user.disabled) throw new AppError('LOGIN_INVALID');
  if (await pendingDeletion(db, userId)) throw new AppError('DELETION_PENDING');
  const blockers = await deletionBlockers(db, userId);
  if (blockers.length > 0) throw new AppError(BLOCKER_ERROR[blockers[0]!.kind], { blockers });
  await consumeSmsCode(deps, user.mobile, 'logoutaccount', code);
  const eraseAt = new Date(Date.now() + DELETION_COOLING_OFF_DAYS * DAY_MS);
  const request = await db.transaction().execute(async (trx) => {
    const row = await insertDeletion(trx, userId, eraseAt);
    if (!row) return undefined;
    await insertEvent(trx, userId, 'deletion_requested', meta, { erase_at: eraseAt.toISOString() });
    await deps.jobs.add(
      eraseAccountTask,
      { deletion_id: row.id },
      { jobKey: `account:erase:${userId}`, runAt: eraseAt },
      trx,
    );
    await sendToUser(deps, userId, deletionMessage(meta.lang, 'requested', eraseAt), trx);
    return row;
  });
  if (!request) throw new AppError('DELETION_PENDING');
  // Every session ends: the account is left alone until it is erased, or a login cancels the request.
  await revokeSubjectSessions(db, 'user', userId);
  return { requested_at: request.requested_at.toISOString(), erase_at: request.erase_at.toISOString() };
}

function deletionMessage(lang: 'zh-CN' | 'en', what: 'requested' | 'cancelled' | 'blocked', eraseAt?: Date) {
  const date = eraseAt?.toISOString().slice(0, 10) ?? '';
  if (lang === 'en') {
    return {
      requested: {
        kind: 'account',
        title: 'Account deletion requested',
        content: `Your account will be erased on ${date}. Logging in before then cancels the request.`,
      },
      cancelled: {
        kind: 'account',
        title: 'Account deletion cancelled',
        content: 'You logged in during the cooling-off period, so your account was not deleted.',
      },
      blocked: {
        kind: 'account',
        title: 'Account deletion stopped',
        content: 'Money or live works appeared during the cooling-off period; settle them and request deletion again.',
      },
    }[what];
  }
  return {
    requested: {
      kind: 'account',
      title: '已提交注销申请',
      content: `账号将于 ${date} 注销并删除个人数据。在此之前重新登录即可撤销注销。`,
    },
    cancelled: { kind: 'account', title: '注销申请已撤销', content: '你在冷静期内重新登录，账号未被注销。' },
    blocked: {
      kind: 'account',
      title: '注销已中止',
      content: '冷静期内账户出现了余额或上线作品，请处理后重新申请注销。',
    },
  }[what];
}

/** A successful login during the cooling-off cancels the request; answers whether it did. */
export async function cancelDeletionOnLogin(
  deps: Deps,
  userId: number,
  meta: { ip: string; userAgent: string; lang: 'zh-CN' | 'en' },
): Promise<boolean> {
  const { db } = deps.database;
  return db.transaction().execute(async (trx) => {
    const row = await cancelPendingDeletion(trx, userId, 'login');
    if (!row) return false;
    await insertEvent(trx, userId, 'deletion_cancelled', meta, { by: 'login' });
    await sendToUser(deps, userId, deletionMessage(meta.lang, 'cancelled'), trx);
    return true;
  });
}

/**
 * The erasure, run by the `account:erase` job when the cooling-off ends. Rerunnable: a cancelled or erased request
 * does nothing; files go before the rows naming them, so a run killed half way leaves rows that the next run finds.
 */
export async function eraseAccount(
  deps: Deps,
  deletionId: number,
  now = new Date(),
): Promise<'erased' | 'skipped' | 'blocked'> {
  const { db } = deps.database;
  const request = await deletionById(db, deletionId);
  if (!request || request.state !== 'pending' || request.erase_at.getTime() > now.getTime()) return 'skipped';
  const userId = request.user_id;
  const blockers = await deletionBlockers(db, userId);
  if (blockers.length > 0) {
    if (await endDeletion(db, deletionId, 'cancelled', `blocked:${blockers.map((b) => b.kind).join(',')}`))
      await sendToUser(deps, userId, deletionMessage('zh-CN', 'blocked'));
    return 'blocked';
  }
  const user = await findUserById(db, userId);
  if (!user) return 'skipped';

  // Works with a signed authorization letter are kept (the letter is a legal record); the rest go.
  const signed = db.selectFrom('work_authorizations').select('work_id').where('user_id', '=', userId);
  const keptFiles = db
    .selectFrom('work_materials')
    .innerJoin('works', 'works.id', 'work_materials.work_id')
    .select('work_materials.file_id')
    .where('works.user_id', '=', userId)
    .where('works.id', 'in', signed);
  const doomedFiles = await db
    .selectFrom('user_files')
    .select(['id', 'key'])
    .where('user_id', '=', userId)
    .where('id', 'not in', keptFiles)
    .execute();
  const exports = await db
    .selectFrom('account_exports')
    .select('file_key')
    .where('user_id', '=', userId)
    .where('file_key', 'is not', null)
    .execute();
  // Identity papers (real names, minors, enterprises: issue 10) are the most sensitive data an account holds; none
  // is a record the law asks to keep once the account is gone (the signed letters name the party themselves).
  const identity = await db
    .selectFrom('identity_profiles')
    .select(['consent_pdf_key', 'consent_signature_key'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const licence = await db
    .selectFrom('enterprise_profiles')
    .select('licence_key')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const identityKeys = [identity?.consent_pdf_key, identity?.consent_signature_key, licence?.licence_key].filter(
    (k): k is string => !!k,
  );
  for (const key of [...doomedFiles.map((f) => f.key), ...exports.map((e) => e.file_key!), ...identityKeys]) {
    await deps.storage.remove(key).catch(() => undefined);
  }

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('works').where('user_id', '=', userId).where('id', 'not in', signed).execute();
    const ids = doomedFiles.map((f) => f.id);
    if (ids.length > 0) await trx.deleteFrom('user_files').where('id', 'in', ids).execute();
    await trx.deleteFrom('cover_designs').where('user_id', '=', userId).execute();
    await trx.deleteFrom('work_orders').where('user_id', '=', userId).execute();
    await trx.deleteFrom('message_reads').where('user_id', '=', userId).execute();
    await trx.deleteFrom('messages').where('audience', '=', 'user').where('user_id', '=', userId).execute();
    await trx.deleteFrom('tus_uploads').where('user_id', '=', userId).execute();
    await trx.deleteFrom('upload_grant_uses').where('user_id', '=', userId).execute();
    await trx
      .updateTable('problem_feedback')
      .set({ user_id: null, mobile: '' })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('subject_kind', '=', 'user').where('subject_id', '=', userId).execute();
    await trx.deleteFrom('sms_codes').where('mobile', '=', user.mobile).execute();
    await trx.deleteFrom('account_events').where('user_id', '=', userId).execute();
    await trx.deleteFrom('identity_attempts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('identity_profiles').where('user_id', '=', userId).execute();
    await trx.deleteFrom('minor_accounts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('enterprise_profiles').where('user_id', '=', userId).execute();
    // Bank cards stay as the payouts' records (bank and last four digits), without the number, holder or mobile.
    await trx
      .updateTable('bank_cards')
      .set({ card_cipher: '', holder_name: '', reserved_mobile: null, active: false })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('withdrawal_freezes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_exports').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        mobile: `erased-${userId}`,
        password_hash: '!erased',
        nickname: '已注销用户',
        avatar: '',
        real_name: '',
        bio: '',
        artist_names: [],
        disabled: true,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('account_deletions')
      .set({ state: 'erased', ended_at: now, end_reason: 'cooling_off_ended' })
      .where('id', '=', deletionId)
      .execute();
    await subjectChangedAtCommit(trx, 'user', userId);
  });
  return 'erased';
}
