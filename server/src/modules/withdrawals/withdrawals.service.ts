/**
 * The musician's side of withdrawals (spec §2 /person-center/withdraw, §7 /api/bill/*): the bank card, the figures
 * before confirming, and `sure`, which holds the amount (available → withdrawing, one ledger transaction).
 *
 * `sure` decides under a per-musician advisory lock taken in its transaction: the month's earlier withdrawals (the
 * cap and the cumulative tax) and the balance are read and the hold is written while no other withdrawal of the
 * same musician can, and the ledger's floor refuses an overdraft even so. Everything inside the lock runs on the
 * transaction's own connection (a second connection there could starve a small pool). The SMS code is spent
 * before the lock, after the checks that need no lock, so a refusal for a missing card does not burn a code.
 */
import { formatFen } from '@trackline/contract/format';
import { maskCard, withdrawalFigures, yuanToFen } from '@trackline/contract/withdrawal-tax';
import type {
  BankInfo,
  BankSaveBody,
  CardInfo,
  SureBody,
  WithdrawalView,
  WithdrawPreview,
} from '@trackline/contract/withdrawals';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere } from '../../platform/http/sessions';
import { legalParty } from '../account/legal-party';
import { consumeSmsCode } from '../account/sms-codes';
import { balancesOf, post } from '../royalties/ledger';
import { credit, debit } from '../royalties/ledger-accounts';
import { bankTypes, lookupCard } from './banks';
import { sealCardNumber } from './card-cipher';
import { payoutProvider } from './payouts';
import { cardChangedMessage, tellMusician } from './withdrawal-messages';
import * as repo from './withdrawals.repository';

export { bankTypes };

const LOCK_SPACE = 1212;

/** The card as the musician and finance see it: the last four digits only. */
export const maskedCard = (last4: string): string => maskCard(last4);

async function mobileOf(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.mobile;
}

export async function cardInfo(deps: Deps, cardNo: string): Promise<CardInfo> {
  const info = await lookupCard(deps.database.db, cardNo);
  if (!info) throw new AppError('CARD_BIN_UNKNOWN');
  return info;
}

export async function bankInfo(deps: Deps, userId: number): Promise<BankInfo> {
  const { db } = deps.database;
  const settings = deps.config.withdrawals;
  const [card, party, balances, frozen, month] = await Promise.all([
    repo.activeCard(db, userId),
    legalParty(db, userId),
    balancesOf(db, userId),
    repo.isFrozen(db, userId),
    repo.monthTotals(db, userId, repo.chinaMonth()),
  ]);
  const waitUntil = card?.is_change ? new Date(card.created_at.getTime() + settings.cardChangeHoldMs) : null;
  return {
    card: card
      ? {
          bank_code: card.bank_code,
          bank_name: card.bank_name,
          bank_name_en: card.bank_name_en,
          card_no: maskedCard(card.last4),
          holder_name: card.holder_name,
          created_at: card.created_at.toISOString(),
          withdraw_after: waitUntil && waitUntil.getTime() > Date.now() ? waitUntil.toISOString() : null,
        }
      : null,
    party: party ? { kind: party.kind, verified: party.verified, payee_name: party.payeeName } : null,
    available_fen: (balances?.available ?? 0n).toString(),
    min_fen: settings.minFen.toString(),
    monthly_cap_fen: settings.monthlyCapFen.toString(),
    month_withdrawn_fen: month.gross.toString(),
    fee_fen: settings.feeFen.toString(),
    frozen,
    card_change_hold_hours: Math.round(settings.cardChangeHoldMs / 3_600_000),
  };
}

/**
 * Adds or replaces the musician's card: a verified name, an SMS code, a supported card in the payee's name (the
 * person's own, a minor's guardian's, the company's), and the provider's card check where it has one. A change
 * holds withdrawals for WITHDRAW_CARD_CHANGE_HOLD_HOURS and tells the musician.
 */
export async function saveCard(deps: Deps, userId: number, body: BankSaveBody): Promise<BankInfo> {
  const { db } = deps.database;
  const party = await legalParty(db, userId);
  if (!party?.verified) throw new AppError('WITHDRAW_NOT_VERIFIED');
  if (body.holder_name.trim() !== party.payeeName.trim()) throw new AppError('CARD_HOLDER_MISMATCH');
  const info = await cardInfo(deps, body.card_no);
  if (!info.is_support) throw new AppError('CARD_NOT_SUPPORTED');
  await consumeSmsCode(deps, await mobileOf(db, userId), 'bankcard', body.code);
  const provider = payoutProvider(deps);
  if (provider.verifyCard) {
    const ok = await provider.verifyCard({
      name: party.payeeName,
      idNo: body.id_no,
      cardNo: body.card_no,
      mobile: body.reserved_mobile,
    });
    if (!ok) throw new AppError('CARD_CHECK_FAILED');
  }
  const holdHours = Math.round(deps.config.withdrawals.cardChangeHoldMs / 3_600_000);
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${userId}::int)`.execute(trx);
    const replaced = await trx
      .updateTable('bank_cards')
      .set({ active: false, replaced_at: new Date() })
      .where('user_id', '=', userId)
      .where('active', '=', true)
      .executeTakeFirst();
    const isChange = Number(replaced.numUpdatedRows) > 0;
    await trx
      .insertInto('bank_cards')
      .values({
        user_id: userId,
        bank_code: info.bank_code,
        card_cipher: sealCardNumber(deps.secret, body.card_no),
        last4: body.card_no.slice(-4),
        holder_name: party.payeeName,
        holder_kind: party.kind,
        reserved_mobile: body.reserved_mobile ?? null,
        checked_by: provider.verifyCard ? provider.name : '',
        is_change: isChange,
      })
      .execute();
    if (isChange) {
      await tellMusician(trx, userId, cardChangedMessage(body.card_no.slice(-4), holdHours));
    }
  });
  return bankInfo(deps, userId);
}

export async function preview(deps: Deps, userId: number, amount: string): Promise<WithdrawPreview> {
  const { db } = deps.database;
  const gross = yuanToFen(amount);
  if (!gross || gross <= 0n) throw new AppError('WITHDRAW_AMOUNT_INVALID');
  const party = await legalParty(db, userId);
  const month = await repo.monthTotals(db, userId, repo.chinaMonth());
  const withheld = party?.kind !== 'enterprise';
  const f = withdrawalFigures({
    grossFen: gross,
    priorGrossFen: month.gross,
    priorTaxFen: month.tax,
    feeFen: deps.config.withdrawals.feeFen,
    withheld,
  });
  return {
    gross_fen: f.grossFen.toString(),
    tax_fen: f.taxFen.toString(),
    fee_fen: f.feeFen.toString(),
    net_fen: f.netFen.toString(),
    withheld,
    month_prior_fen: month.gross.toString(),
  };
}

/** The refusals that need no lock, checked again under it. */
async function precheck(deps: Deps, db: Db, userId: number, gross: bigint) {
  const settings = deps.config.withdrawals;
  const party = await legalParty(db, userId);
  if (!party?.verified) throw new AppError('WITHDRAW_NOT_VERIFIED');
  if (await repo.isFrozen(db, userId)) throw new AppError('WITHDRAW_FROZEN');
  const card = await repo.activeCard(db, userId);
  if (!card || card.holder_name.trim() !== party.payeeName.trim()) throw new AppError('WITHDRAW_NO_CARD');
  if (card.is_change && card.created_at.getTime() + settings.cardChangeHoldMs > Date.now())
    throw new AppError('WITHDRAW_CARD_CHANGED', {
      withdraw_after: new Date(card.created_at.getTime() + settings.cardChangeHoldMs).toISOString(),
    });
  if (gross < settings.minFen) throw new AppError('WITHDRAW_BELOW_MIN', { min: formatFen(settings.minFen) });
  return { party, card };
}

/**
 * Holds `gross` for a withdrawal under `requestKey` (the caller's idempotency key): the same key answers the same
 * withdrawal. Refuses with the reason; the checks run again here under the musician's lock.
 */
export async function holdWithdrawal(deps: Deps, userId: number, gross: bigint, requestKey: string): Promise<number> {
  const settings = deps.config.withdrawals;
  const id = await deps.database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${userId}::int)`.execute(trx);
    const existing = await repo.withdrawalByKey(trx, userId, requestKey);
    if (existing) {
      // The same key for another amount is another action: refused, never answered with the first one.
      if (BigInt(existing.gross_fen) !== gross) throw new AppError('IDEMPOTENCY_MISMATCH');
      return existing.id;
    }
    const { party, card } = await precheck(deps, trx, userId, gross);
    const monthName = repo.chinaMonth();
    const month = await repo.monthTotals(trx, userId, monthName);
    if (month.gross + gross > settings.monthlyCapFen)
      throw new AppError('WITHDRAW_ABOVE_CAP', { left: formatFen(settings.monthlyCapFen - month.gross) });
    const balances = await balancesOf(trx, userId);
    if (!balances || balances.available < gross) throw new AppError('BALANCE_INSUFFICIENT');
    const f = withdrawalFigures({
      grossFen: gross,
      priorGrossFen: month.gross,
      priorTaxFen: month.tax,
      feeFen: settings.feeFen,
      withheld: party.kind !== 'enterprise',
    });
    if (f.netFen <= 0n) throw new AppError('WITHDRAW_BELOW_MIN', { min: formatFen(settings.minFen) });
    const hold = await post(trx, {
      key: `withdrawal-hold:${userId}:${requestKey}`,
      kind: 'withdrawal',
      memo: 'withdrawal requested',
      entries: [debit({ kind: 'available', userId }, gross, true), credit({ kind: 'withdrawing', userId }, gross)],
    });
    const earlier = await trx
      .selectFrom('withdrawals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // A card no withdrawal has been paid to yet is new to finance (a risk flag in the queue).
    const paidToCard = await trx
      .selectFrom('withdrawals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('card_id', '=', card.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        request_key: requestKey,
        month: monthName,
        gross_fen: f.grossFen,
        tax_fen: f.taxFen,
        fee_fen: f.feeFen,
        net_fen: f.netFen,
        party_kind: party.kind,
        payee_name: party.payeeName,
        card_id: card.id,
        bank_code: card.bank_code,
        card_last4: card.last4,
        first_card: paidToCard.n === 0,
        first_withdrawal: earlier.n === 0,
        hold_tx_id: hold.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repo.addEvent(trx, row.id, 'requested');
    return row.id;
  });
  evictSubjectHere(deps.database.db, 'user', userId);
  return id;
}

export async function sure(deps: Deps, userId: number, body: SureBody, requestKey: string | undefined) {
  const { db } = deps.database;
  const gross = yuanToFen(body.amount);
  if (!gross || gross <= 0n) throw new AppError('WITHDRAW_AMOUNT_INVALID');
  if (!requestKey || !/^[A-Za-z0-9_-]{8,128}$/.test(requestKey))
    throw new AppError('VALIDATION', { issues: ['idempotency-key'] });
  const existing = await repo.withdrawalByKey(db, userId, requestKey);
  if (existing) {
    if (BigInt(existing.gross_fen) !== gross) throw new AppError('IDEMPOTENCY_MISMATCH');
    return withdrawalView(deps, existing.id, userId);
  }
  await precheck(deps, db, userId, gross);
  const balances = await balancesOf(db, userId);
  if (!balances || balances.available < gross) throw new AppError('BALANCE_INSUFFICIENT');
  await consumeSmsCode(deps, await mobileOf(db, userId), 'withdraw', body.code);
  const id = await holdWithdrawal(deps, userId, gross, requestKey);
  return withdrawalView(deps, id, userId);
}

/** A withdrawal with its timeline; `userId` limits it to the owner's (null: staff). */
export async function withdrawalView(deps: Deps, id: number, userId: number | null): Promise<WithdrawalView> {
  const { db } = deps.database;
  let q = repo.withdrawalRows(db).where('w.id', '=', id);
  if (userId !== null) q = q.where('w.user_id', '=', userId);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const events = await repo.eventsOf(db, [row.id]);
  return toView(row, events);
}

type Row = Awaited<ReturnType<ReturnType<typeof repo.withdrawalRows>['execute']>>[number];

export function toView(
  row: Row,
  events: Array<{ withdrawal_id: number; status: string; note: string; created_at: Date }>,
): WithdrawalView {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    gross_fen: row.gross_fen,
    tax_fen: row.tax_fen,
    fee_fen: row.fee_fen,
    net_fen: row.net_fen,
    bank_code: row.bank_code,
    bank_name: row.bank_name,
    card_no: maskedCard(row.card_last4),
    payee_name: row.payee_name,
    party_kind: row.party_kind,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    invoice_required: row.party_kind === 'enterprise',
    invoice_uploaded: row.invoice_key !== null,
    timeline: events
      .filter((e) => e.withdrawal_id === row.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.created_at.toISOString() })),
  };
}

export async function myWithdrawals(deps: Deps, userId: number, page: number) {
  const { db } = deps.database;
  const size = 10;
  const rows = await repo
    .withdrawalRows(db)
    .where('w.user_id', '=', userId)
    .orderBy('w.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = await db
    .selectFrom('withdrawals')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const events = await repo.eventsOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toView(r, events)), total: total.n, page, size };
}

const INVOICE_MAX_BYTES = 10 * 1024 * 1024;

function invoiceKind(body: Buffer): { ext: string; type: string } | null {
  if (body.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', type: 'application/pdf' };
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return { ext: 'jpg', type: 'image/jpeg' };
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', type: 'image/png' };
  return null;
}

export { INVOICE_MAX_BYTES };

/**
 * An enterprise's invoice (发票) for a withdrawal awaiting review: a PDF, JPG or PNG kept as the musician's private
 * file (users/<id>/invoices/…), read only through a signed link by its owner's finance reviewers. A new upload
 * replaces the old one until finance has approved.
 */
export async function saveInvoice(deps: Deps, userId: number, id: number, body: Buffer): Promise<WithdrawalView> {
  const { db } = deps.database;
  const w = await db
    .selectFrom('withdrawals')
    .select(['id', 'party_kind', 'status', 'approved_by'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND');
  if (w.party_kind !== 'enterprise' || w.status !== 'requested') throw new AppError('WITHDRAWAL_STATE_CHANGED');
  const kind = invoiceKind(body);
  if (!kind || body.length > INVOICE_MAX_BYTES) throw new AppError('WITHDRAW_INVOICE_INVALID');
  const key = `users/${userId}/invoices/withdrawal-${id}-${Date.now()}.${kind.ext}`;
  await deps.storage.put(key, body, kind.type);
  const moved = await db
    .updateTable('withdrawals')
    .set({ invoice_key: key, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError('WITHDRAWAL_STATE_CHANGED');
  await repo.addEvent(db, id, 'invoice');
  return withdrawalView(deps, id, userId);
}
