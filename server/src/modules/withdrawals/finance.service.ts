/**
 * The finance console's withdrawals (role finance): the queue with age, the musician's balance and history and
 * risk flags; approve (maker–checker above WITHDRAW_SECOND_APPROVAL_FEN: a second finance member confirms) or
 * refuse with a reason (the hold is released); payout batches; freezes; the monthly withholding report; the bank
 * and BIN tables.
 */

import type { bankTypeSaveBody, binSaveBody, queueQuery } from '@trackline/contract/withdrawals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere } from '../../platform/http/sessions';
import { balancesOf } from '../royalties/ledger';
import { privateFileUrl } from '../storage/file-access';
import { releaseRefused } from './payouts';
import { receiptUrl } from './receipt';
import { approvedMessage, tellMusician } from './withdrawal-messages';
import * as repo from './withdrawals.repository';
import { toView, withdrawalView } from './withdrawals.service';
import { queueSendBatch } from './withdrawals.tasks';

const PAGE = 20;

export async function queue(deps: Deps, q: z.infer<typeof queueQuery>) {
  const { db } = deps.database;
  let base = repo.withdrawalRows(db).innerJoin('users as u', 'u.id', 'w.user_id');
  if (q.status) base = base.where('w.status', '=', q.status);
  else base = base.where('w.status', 'in', ['requested', 'approved', 'sent']);
  if (q.mobile) base = base.where('u.mobile', 'like', `%${q.mobile.replace(/[%_\\]/g, '')}%`);
  if (q.min_fen !== undefined) base = base.where('w.gross_fen', '>=', String(q.min_fen));
  const rows = await base
    .select(['u.mobile', 'u.nickname'])
    .orderBy('w.id', 'asc')
    .limit(PAGE)
    .offset((q.page - 1) * PAGE)
    .execute();
  const total = await base.select(sql<number>`count(*) over ()::int`.as('n')).limit(1).executeTakeFirst();
  const events = await repo.eventsOf(
    db,
    rows.map((r) => r.id),
  );
  const threshold = deps.config.withdrawals.secondApprovalFen;
  return {
    total: total?.n ?? 0,
    page: q.page,
    size: PAGE,
    list: rows.map((r) => ({
      ...toView(r, events),
      user_id: r.user_id,
      mobile: r.mobile,
      nickname: r.nickname,
      age_hours: Math.floor((Date.now() - r.created_at.getTime()) / 3_600_000),
      needs_second: BigInt(r.gross_fen) >= threshold,
      approved_by: r.approved_by,
      checked_by: r.checked_by,
      batch_id: r.batch_id,
      risk: [
        ...(r.first_withdrawal ? ['first_withdrawal'] : []),
        ...(r.first_card ? ['new_card'] : []),
        ...(BigInt(r.gross_fen) >= threshold ? ['large'] : []),
      ],
    })),
  };
}

export async function detail(deps: Deps, id: number) {
  const { db } = deps.database;
  const view = await withdrawalView(deps, id, null);
  const row = await db.selectFrom('withdrawals').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
  const balances = await balancesOf(db, row.user_id);
  const history = await repo
    .withdrawalRows(db)
    .where('w.user_id', '=', row.user_id)
    .orderBy('w.id', 'desc')
    .limit(20)
    .execute();
  const frozen = await repo.isFrozen(db, row.user_id);
  const invoice = await db
    .selectFrom('withdrawals')
    .select('invoice_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    withdrawal: view,
    invoice_url: invoice.invoice_key ? await privateFileUrl(deps, invoice.invoice_key) : null,
    /** The paid withdrawal's stored receipt, through a short-lived signed link (null until paid). */
    receipt_url: await receiptUrl(deps, row.user_id, view),
    user_id: row.user_id,
    frozen,
    balances: {
      available_fen: (balances?.available ?? 0n).toString(),
      withdrawing_fen: (balances?.withdrawing ?? 0n).toString(),
      withdrawn_fen: (balances?.withdrawn ?? 0n).toString(),
    },
    history: history.map((h) => toView(h, [])),
  };
}

/**
 * Approves a requested withdrawal. Below the threshold one approval does; at or above it the first finance member
 * records theirs and a different one confirms (the database refuses the same member twice as well).
 */
export async function approve(deps: Deps, staffId: number, id: number) {
  const { db } = deps.database;
  await db.transaction().execute(async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (w.status !== 'requested') throw new AppError('WITHDRAWAL_STATE_CHANGED');
    // An enterprise is not withheld: its invoice for the amount is what finance checks before approving.
    if (w.party_kind === 'enterprise' && !w.invoice_key) throw new AppError('WITHDRAW_INVOICE_REQUIRED');
    const large = BigInt(w.gross_fen) >= deps.config.withdrawals.secondApprovalFen;
    if (!large) {
      await repo.moveStatus(trx, id, ['requested'], 'approved', { approved_by: staffId });
      await repo.addEvent(trx, id, 'approved', '', staffId);
      await tellMusician(trx, w.user_id, approvedMessage(id, w.net_fen));
      return;
    }
    if (w.approved_by === null) {
      await trx
        .updateTable('withdrawals')
        .set({ approved_by: staffId, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await repo.addEvent(trx, id, 'approved_first', '', staffId);
      return;
    }
    if (w.approved_by === staffId) throw new AppError('WITHDRAWAL_SECOND_APPROVER');
    await repo.moveStatus(trx, id, ['requested'], 'approved', { checked_by: staffId });
    await repo.addEvent(trx, id, 'approved', '', staffId);
    await tellMusician(trx, w.user_id, approvedMessage(id, w.net_fen));
  });
  return withdrawalView(deps, id, null);
}

export async function refuse(deps: Deps, staffId: number, id: number, reason: string) {
  const { db } = deps.database;
  if (!reason.trim()) throw new AppError('WITHDRAW_REASON_REQUIRED');
  const userId = await db.transaction().execute(async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND');
    // Once in a batch the provider has it: only its result can end it.
    if (!(w.status === 'requested' || (w.status === 'approved' && w.batch_id === null)))
      throw new AppError('WITHDRAWAL_STATE_CHANGED');
    await repo.moveStatus(trx, id, ['requested', 'approved'], 'refused', { reason });
    await releaseRefused(trx, w, reason, staffId);
    return w.user_id;
  });
  evictSubjectHere(db, 'user', userId);
  return withdrawalView(deps, id, null);
}

/** Puts every approved withdrawal not yet in a batch into a new batch and queues its send job (one transaction). */
export async function createBatch(deps: Deps, staffId: number, provider: 'devlog' | 'bankfile') {
  const { db } = deps.database;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(1213, 0)`.execute(trx);
    const ids = (
      await trx
        .selectFrom('withdrawals')
        .select('id')
        .where('status', '=', 'approved')
        .where('batch_id', 'is', null)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return { batch_id: null, count: 0 };
    const batch = await trx
      .insertInto('payout_batches')
      .values({ provider, created_by: staffId, file_key: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('withdrawals').set({ batch_id: batch.id, provider }).where('id', 'in', ids).execute();
    await queueSendBatch(deps, trx, batch.id);
    return { batch_id: batch.id, count: ids.length };
  });
}

export async function batches(deps: Deps) {
  const { rows } = await sql<{
    id: number;
    provider: string;
    status: string;
    created_at: Date;
    sent_at: Date | null;
    count: number;
    net_fen: string;
  }>`
    SELECT b.id, b.provider, b.status, b.created_at, b.sent_at, count(w.id)::int AS count,
           coalesce(sum(w.net_fen), 0)::text AS net_fen
      FROM payout_batches b LEFT JOIN withdrawals w ON w.batch_id = b.id
     GROUP BY b.id ORDER BY b.id DESC LIMIT 50`.execute(deps.database.db);
  return rows;
}

export async function setFreeze(
  deps: Deps,
  staffId: number,
  body: { user_id: number; frozen: boolean; reason: string },
) {
  const { db } = deps.database;
  if (body.frozen) {
    await db
      .insertInto('withdrawal_freezes')
      .values({ user_id: body.user_id, reason: body.reason || 'frozen by finance', staff_id: staffId })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ reason: body.reason || 'frozen by finance', staff_id: staffId }),
      )
      .execute();
  } else {
    await db.deleteFrom('withdrawal_freezes').where('user_id', '=', body.user_id).execute();
  }
  return { user_id: body.user_id, frozen: body.frozen };
}

/** Masks an identity: the first and last character kept. */
export function maskMiddle(text: string, keepStart = 1, keepEnd = 1): string {
  const chars = Array.from(text);
  if (chars.length <= keepStart + keepEnd)
    return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  return `${chars.slice(0, keepStart).join('')}${'*'.repeat(chars.length - keepStart - keepEnd)}${chars.slice(-keepEnd).join('')}`;
}

/**
 * The month's withholding per person, for filing. The taxpayer is the earner: a minor is listed under their own legal
 * name and masked ID number (identity_profiles), not the guardian who receives the money; a company under its name
 * (no ID number: it is not withheld). `id_masked` is empty when no ID number is on file. Only withdrawals that were
 * not refused or failed count.
 */
export async function taxReport(deps: Deps, month: string) {
  const { rows } = await sql<{
    user_id: number;
    payee_name: string;
    legal_name: string | null;
    id_masked: string | null;
    party_kind: string;
    gross: string;
    tax: string;
    n: number;
  }>`
    SELECT w.user_id, max(w.payee_name) AS payee_name, max(w.party_kind) AS party_kind,
           max(ip.real_name) AS legal_name, max(ip.id_masked) AS id_masked,
           sum(w.gross_fen)::text AS gross, sum(w.tax_fen)::text AS tax, count(*)::int AS n
      FROM withdrawals w LEFT JOIN identity_profiles ip ON ip.user_id = w.user_id
     WHERE w.month = ${month} AND w.status NOT IN ('refused', 'failed')
     GROUP BY w.user_id ORDER BY w.user_id`.execute(deps.database.db);
  return {
    month,
    list: rows.map((r) => {
      const person = r.party_kind !== 'enterprise';
      return {
        user_id: r.user_id,
        name: person && r.legal_name ? r.legal_name : r.payee_name,
        id_masked: person ? (r.id_masked ?? '') : '',
        party_kind: r.party_kind,
        payee_name: r.payee_name,
        withdrawals: r.n,
        gross_fen: r.gross,
        tax_fen: r.tax,
      };
    }),
    total_gross_fen: rows.reduce((s, r) => s + BigInt(r.gross), 0n).toString(),
    total_tax_fen: rows.reduce((s, r) => s + BigInt(r.tax), 0n).toString(),
  };
}

export async function allBanks(deps: Deps) {
  const { db } = deps.database;
  const banks = await db.selectFrom('bank_types').selectAll().orderBy('sort').orderBy('code').execute();
  const bins = await db.selectFrom('card_bins').selectAll().orderBy('bank_code').orderBy('bin').execute();
  return { banks, bins };
}

export async function saveBank(deps: Deps, body: z.infer<typeof bankTypeSaveBody>) {
  await deps.database.db
    .insertInto('bank_types')
    .values({ ...body, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        name: body.name,
        name_en: body.name_en,
        logo: body.logo,
        debit_only: body.debit_only,
        enabled: body.enabled,
        updated_at: new Date(),
      }),
    )
    .execute();
  return allBanks(deps);
}

export async function saveBin(deps: Deps, body: z.infer<typeof binSaveBody>) {
  const bank = await deps.database.db
    .selectFrom('bank_types')
    .select('code')
    .where('code', '=', body.bank_code)
    .executeTakeFirst();
  if (!bank) throw new AppError('NOT_FOUND');
  await deps.database.db
    .insertInto('card_bins')
    .values(body)
    .onConflict((oc) =>
      oc
        .column('bin')
        .doUpdateSet({ bank_code: body.bank_code, card_type: body.card_type, card_length: body.card_length }),
    )
    .execute();
  return allBanks(deps);
}
