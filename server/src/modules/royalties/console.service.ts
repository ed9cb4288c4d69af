/**
 * Finance's work on what the imports left: the unmatched queue (match a line to a track: its money moves from
 * suspense to the musician and the platform by a ledger transaction; or mark it not ours: its money leaves
 * suspense back to the store that reported it, by crediting that store's receivable: we do not claim it, and
 * when the store has already paid it the receivable's credit is what we owe the store back), and reconciliation:
 * what each store remitted per month, posted to the ledger (bank debit, the store's receivable credit), against
 * what was imported.
 */
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { allocateLargestRemainder } from './allocate';
import * as repo from './console.repository';
import { post } from './ledger';
import { credit, debit } from './ledger-accounts';

const PAGE = 50;

export async function unmatched(deps: Deps, page: number) {
  const db = deps.database.db;
  const [list, total] = await Promise.all([repo.unmatchedLines(db, PAGE, (page - 1) * PAGE), repo.unmatchedCount(db)]);
  return { list, total, page, page_size: PAGE };
}

export async function matchLine(
  deps: Deps,
  input: { line_id: number; track_id?: number; isrc?: string },
  staffId: number,
): Promise<{ user_id: number; share_fen: string }> {
  if (!input.track_id && !input.isrc) throw new AppError('VALIDATION', { field: 'track_id' });
  return deps.database.db.transaction().execute(async (trx) => {
    const line = await repo.lockUnmatched(trx, input.line_id);
    if (!line) throw new AppError('UNMATCHED_NOT_FOUND');
    const owner = await repo.trackOwner(trx, { trackId: input.track_id, isrc: input.isrc }, line.sale_month);
    if (!owner) throw new AppError('TRACK_NOT_FOUND');
    const net = BigInt(line.net_units);
    // The line alone is the aggregate here: its two parts sum to its own rounded net.
    const [share, platform] = allocateLargestRemainder(
      [net * BigInt(owner.rate), net * BigInt(100 - owner.rate)],
      10n ** 18n,
    );
    const total = share! + platform!;
    if (total !== 0n)
      await post(trx, {
        key: `royalties:rematch:${line.id}`,
        kind: 'rematch',
        importId: line.import_id,
        staffId,
        memo: `line #${line.id} matched to track #${owner.track_id}`,
        entries: [
          debit({ kind: 'suspense' }, total),
          credit({ kind: 'available', userId: owner.user_id }, share!),
          credit({ kind: 'share' }, platform!),
        ],
      });
    await repo.setLineMatch(trx, line.id, {
      state: 'rematched',
      user_id: owner.user_id,
      work_id: owner.work_id,
      track_id: owner.track_id,
      rate: owner.rate,
    });
    await repo.insertShare(trx, {
      import_id: line.import_id,
      user_id: owner.user_id,
      work_id: owner.work_id,
      track_id: owner.track_id,
      platform_code: line.platform_code,
      territory: line.territory,
      sale_month: line.sale_month,
      quantity: line.quantity,
      net_fen: total,
      rate: owner.rate,
      share_fen: share!,
    });
    return { user_id: owner.user_id, share_fen: share!.toString() };
  });
}

export async function dismissLine(deps: Deps, lineId: number, staffId: number | null = null): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const line = await repo.lockUnmatched(trx, lineId);
    if (!line) throw new AppError('UNMATCHED_NOT_FOUND');
    // The line's own net rounded the way a match would round it (the two parts of a match sum to this).
    const [fen] = allocateLargestRemainder([BigInt(line.net_units) * 100n], 10n ** 18n);
    if (fen !== 0n)
      await post(trx, {
        key: `royalties:not-ours:${line.id}`,
        kind: 'adjustment',
        importId: line.import_id,
        staffId,
        memo: `line #${line.id} not ours: back to ${line.platform_code}`,
        entries: [
          debit({ kind: 'suspense' }, fen!),
          credit({ kind: 'receivable', platform: line.platform_code }, fen!),
        ],
      });
    await repo.setLineMatch(trx, line.id, { state: 'not_ours' });
  });
}

export async function reconciliation(deps: Deps, months: number) {
  const rows = await repo.reconciliation(deps.database.db, months);
  return {
    rows: rows.map((r) => ({
      ...r,
      difference_fen:
        r.imported_fen !== null && r.remitted_fen !== null
          ? (BigInt(r.remitted_fen) - BigInt(r.imported_fen)).toString()
          : null,
      // a store that has reported before but sent nothing for this month
      missing: r.imports === 0,
    })),
  };
}

/**
 * Records what a store remitted for a month and posts it: the first amount as it is, a corrected amount as the
 * difference from what the ledger already holds for the row (under the row's next key), the same amount again
 * as nothing. The row is locked, so parallel saves post one after the other.
 */
export async function saveRemittance(
  deps: Deps,
  body: { platform_code: string; month: string; amount_fen: string; note: string },
  staffId: number | null,
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.saveRemittance(trx, { ...body, staff_id: staffId });
    const delta = BigInt(body.amount_fen) - BigInt(row.posted_fen);
    if (delta === 0n) return;
    const n = row.postings + 1;
    await post(trx, {
      key: `royalties:remittance:${body.platform_code}:${body.month}:${n}`,
      kind: 'remittance',
      staffId,
      memo: `${body.platform_code} ${body.month} remitted ${body.amount_fen} fen`,
      entries: [debit({ kind: 'bank' }, delta), credit({ kind: 'receivable', platform: body.platform_code }, delta)],
    });
    await repo.markRemittancePosted(trx, body.platform_code, body.month, body.amount_fen, n);
  });
}
