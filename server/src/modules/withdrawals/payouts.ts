/**
 * Payouts: approved withdrawals go out in batches through the payout provider (payout-provider.ts), as
 * graphile-worker jobs, and each withdrawal's result (the provider's signed callback, or a row of the bank's result
 * file) is recorded once.
 *
 * Safe to kill at any point and run again:
 * - a batch and its send job are written in one transaction; the send job hands the batch's orders to the provider
 *   (which pays an order id once) and then marks them sent, each a conditional update;
 * - a result is recorded in one transaction with its ledger posting: the payout_callbacks row (unique per
 *   withdrawal) decides which of any number of replays counts; the others change nothing. Paid: withdrawing →
 *   bank (net), tax_payable (tax), share (fee). Failed: the hold is reversed back to available.
 */
import { readFile } from 'node:fs/promises';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere } from '../../platform/http/sessions';
import { post, reverse } from '../royalties/ledger';
import { credit, debit } from '../royalties/ledger-accounts';
import { openCardNumber } from './card-cipher';
import {
  BANK_RESULT_HEADER,
  bankFilePath,
  bankFileProvider,
  callbackSecret,
  checkCallback,
  devlogProvider,
  type PayoutProvider,
  signCallback,
} from './payout-provider';
import { outcomeMessage, tellMusician } from './withdrawal-messages';
import { addEvent, moveStatus } from './withdrawals.repository';

type ProviderName = 'devlog' | 'bankfile';

/** Set by withdrawals.tasks.ts (it imports this file): queues the dev provider's delayed callback. */
let queueDevCallback: ((deps: Deps, withdrawalId: number) => Promise<void>) | undefined;
export function onDevCallback(fn: (deps: Deps, withdrawalId: number) => Promise<void>): void {
  queueDevCallback = fn;
}

export function payoutProvider(deps: Deps, name: ProviderName = deps.config.withdrawals.provider): PayoutProvider {
  if (name === 'bankfile') return bankFileProvider(deps);
  return devlogProvider(deps, async (orderIds) => {
    for (const id of orderIds) await queueDevCallback?.(deps, Number(id));
  });
}

/** The dev provider's answer: what a real provider would POST to /api/payout/callback, signed. */
export function devCallbackPayload(deps: Deps, withdrawalId: number) {
  const outcome = 'paid';
  const detail = 'devlog';
  return { id: withdrawalId, outcome, detail, sig: signCallback(callbackSecret(deps), withdrawalId, outcome, detail) };
}

/** Hands a batch's approved withdrawals to its provider and marks them sent (the send job). */
export async function sendBatch(deps: Deps, batchId: number): Promise<number> {
  const { db } = deps.database;
  const batch = await db.selectFrom('payout_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch) return 0;
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('bank_cards as c', 'c.id', 'w.card_id')
    .select(['w.id', 'w.payee_name', 'w.bank_code', 'w.net_fen', 'c.card_cipher'])
    .where('w.batch_id', '=', batchId)
    .where('w.status', 'in', ['approved', 'sent'])
    .orderBy('w.id')
    .execute();
  const provider = payoutProvider(deps, batch.provider as ProviderName);
  await provider.send(
    batchId,
    rows.map((r) => ({
      orderId: String(r.id),
      payeeName: r.payee_name,
      cardNo: openCardNumber(deps.secret, r.card_cipher),
      bankCode: r.bank_code,
      netFen: BigInt(r.net_fen),
    })),
  );
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      if (await moveStatus(trx, r.id, ['approved'], 'sent', { provider: batch.provider }))
        await addEvent(trx, r.id, 'sent');
    }
    await trx
      .updateTable('payout_batches')
      .set({ status: 'sent', sent_at: new Date() })
      .where('id', '=', batchId)
      .where('status', '=', 'open')
      .execute();
  });
  return rows.length;
}

/**
 * Records a provider's result for a withdrawal, once: answers whether this call changed anything. Only a withdrawal
 * handed to the provider (approved into a batch, or sent) can have a result.
 */
export async function recordPayoutResult(
  deps: Deps,
  input: { id: number; outcome: 'paid' | 'failed'; detail: string; provider: string },
): Promise<boolean> {
  const { db } = deps.database;
  let userId = 0;
  const changed = await db.transaction().execute(async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!w || w.batch_id === null || !['approved', 'sent'].includes(w.status)) return false;
    const first = await trx
      .insertInto('payout_callbacks')
      .values({
        provider: input.provider,
        withdrawal_id: w.id,
        outcome: input.outcome,
        detail: input.detail.slice(0, 500),
      })
      .onConflict((oc) => oc.column('withdrawal_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!first) return false;
    userId = w.user_id;
    await settle(trx, w, input.outcome, input.detail);
    return true;
  });
  if (changed) evictSubjectHere(db, 'user', userId);
  return changed;
}

type WithdrawalRow = {
  id: number;
  user_id: number;
  gross_fen: string;
  tax_fen: string;
  fee_fen: string;
  net_fen: string;
  hold_tx_id: number;
  status: string;
};

async function settle(trx: Db, w: WithdrawalRow, outcome: 'paid' | 'failed', detail: string): Promise<void> {
  const userId = w.user_id;
  if (outcome === 'paid') {
    const tx = await post(trx, {
      key: `withdrawal:${w.id}:paid`,
      kind: 'payout',
      memo: `withdrawal #${w.id} paid`,
      entries: [
        debit({ kind: 'withdrawing', userId }, BigInt(w.gross_fen)),
        credit({ kind: 'bank' }, BigInt(w.net_fen)),
        credit({ kind: 'tax_payable' }, BigInt(w.tax_fen)),
        credit({ kind: 'share' }, BigInt(w.fee_fen)),
      ],
    });
    await moveStatus(trx, w.id, ['approved', 'sent'], 'paid', { settle_tx_id: tx.id });
    await addEvent(trx, w.id, 'paid');
  } else {
    const tx = await reverse(trx, {
      transactionId: w.hold_tx_id,
      key: `withdrawal:${w.id}:release`,
      kind: 'withdrawal_failed',
      memo: `withdrawal #${w.id} failed: released`,
    });
    await moveStatus(trx, w.id, ['approved', 'sent'], 'failed', { settle_tx_id: tx.id, reason: detail.slice(0, 500) });
    await addEvent(trx, w.id, 'failed', detail.slice(0, 500));
  }
  await tellMusician(trx, userId, outcomeMessage(outcome, w.id, w.net_fen, detail));
}

/** Releases a refused withdrawal's hold (in the refusal's transaction). */
export async function releaseRefused(trx: Db, w: WithdrawalRow, reason: string, staffId: number): Promise<void> {
  const tx = await reverse(trx, {
    transactionId: w.hold_tx_id,
    key: `withdrawal:${w.id}:release`,
    kind: 'withdrawal_failed',
    memo: `withdrawal #${w.id} refused: released`,
    staffId,
  });
  await trx.updateTable('withdrawals').set({ settle_tx_id: tx.id }).where('id', '=', w.id).execute();
  await addEvent(trx, w.id, 'refused', reason, staffId);
  await tellMusician(trx, w.user_id, outcomeMessage('refused', w.id, w.net_fen, reason));
}

/** The provider's callback (POST /api/payout/callback): refused unless signed with the callback secret. */
export async function handleCallback(
  deps: Deps,
  body: { id: number; outcome: 'paid' | 'failed'; detail: string; sig: string },
): Promise<{ changed: boolean }> {
  if (!checkCallback(callbackSecret(deps), body.id, body.outcome, body.detail, body.sig))
    throw new AppError('PAYOUT_SIGNATURE_INVALID');
  const provider = deps.config.withdrawals.provider;
  return {
    changed: await recordPayoutResult(deps, { id: body.id, outcome: body.outcome, detail: body.detail, provider }),
  };
}

/** The bank's result file for a bankfile batch: `order_id,result,detail` with result `paid` or `failed`. */
export async function importBankResult(deps: Deps, batchId: number, text: string) {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines[0]?.trim() !== BANK_RESULT_HEADER) throw new AppError('PAYOUT_FILE_INVALID');
  const rows = lines.slice(1).map((l) => {
    const [id, result, ...rest] = l.split(',');
    if (!/^\d+$/.test(id ?? '') || (result !== 'paid' && result !== 'failed'))
      throw new AppError('PAYOUT_FILE_INVALID');
    return { id: Number(id), outcome: result as 'paid' | 'failed', detail: rest.join(',').replace(/^"|"$/g, '') };
  });
  const inBatch = new Set(
    (await deps.database.db.selectFrom('withdrawals').select('id').where('batch_id', '=', batchId).execute()).map(
      (r) => r.id,
    ),
  );
  let changed = 0;
  for (const r of rows) {
    if (!inBatch.has(r.id)) continue;
    if (await recordPayoutResult(deps, { ...r, provider: 'bankfile' })) changed += 1;
  }
  return { rows: rows.length, changed };
}

export async function bankFile(deps: Deps, batchId: number): Promise<Buffer> {
  const batch = await deps.database.db
    .selectFrom('payout_batches')
    .select(['provider', 'status'])
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (batch?.provider !== 'bankfile') throw new AppError('NOT_FOUND');
  try {
    return await readFile(bankFilePath(deps, batchId));
  } catch {
    throw new AppError('NOT_FOUND');
  }
}
