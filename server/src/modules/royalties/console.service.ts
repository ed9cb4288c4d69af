/**
 * Finance's work on what the imports left: the unmatched queue, one row per (import, ISRC, UPC) key (match a key to a track: its money moves from
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
import { keyBreakdown } from './import.repository';
import { post } from './ledger';
import { credit, debit } from './ledger-accounts';

const PAGE = 50;

export async function unmatched(deps: Deps, page: number) {
  const db = deps.database.db;
  const [list, total] = await Promise.all([repo.unmatchedKeys(db, PAGE, (page - 1) * PAGE), repo.unmatchedCount(db)]);
  return { list, total, page, page_size: PAGE };
}

/**
 * Matches an unmatched key (every line of its import with that ISRC and UPC) to a track: its money leaves suspense
 * for the musician and the platform, shared per territory and sale month at the musician's rate in force in each
 * month, rounded as one aggregate (the parts sum to the key's own rounded net, as "not ours" would return).
 */
export async function matchKey(
  deps: Deps,
  input: { id: number; track_id?: number; isrc?: string },
  staffId: number,
): Promise<{ user_id: number; share_fen: string }> {
  if (!input.track_id && !input.isrc) throw new AppError('VALIDATION', { field: 'track_id' });
  return deps.database.db.transaction().execute(async (trx) => {
    const key = await repo.lockUnmatched(trx, input.id);
    if (!key) throw new AppError('UNMATCHED_NOT_FOUND');
    const owner = await repo.trackOwner(trx, { trackId: input.track_id, isrc: input.isrc });
    if (!owner) throw new AppError('TRACK_NOT_FOUND');
    const rows = await keyBreakdown(trx, {
      import_id: key.import_id,
      isrc: key.isrc,
      upc: key.upc,
      user_id: owner.user_id,
      currency: key.default_currency,
      fx_rate: key.fx_rate,
    });
    const numerators: bigint[] = [];
    for (const r of rows)
      numerators.push(BigInt(r.net_units) * BigInt(r.rate), BigInt(r.net_units) * BigInt(100 - r.rate));
    const parts = allocateLargestRemainder(numerators, 10n ** 18n);
    let share = 0n;
    let platform = 0n;
    for (let i = 0; i < rows.length; i++) {
      share += parts[2 * i]!;
      platform += parts[2 * i + 1]!;
    }
    const total = share + platform;
    if (total !== 0n)
      await post(trx, {
        key: `royalties:rematch:key:${key.id}`,
        kind: 'rematch',
        importId: key.import_id,
        staffId,
        memo: `${key.isrc || key.upc} of import #${key.import_id} matched to track #${owner.track_id}`,
        entries: [
          debit({ kind: 'suspense' }, total),
          credit({ kind: 'available', userId: owner.user_id }, share),
          credit({ kind: 'share' }, platform),
        ],
      });
    await repo.setKeyMatch(trx, key.id, {
      state: 'rematched',
      user_id: owner.user_id,
      work_id: owner.work_id,
      track_id: owner.track_id,
      staff_id: staffId,
    });
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      await repo.insertShare(trx, {
        import_id: key.import_id,
        user_id: owner.user_id,
        work_id: owner.work_id,
        track_id: owner.track_id,
        platform_code: key.platform_code,
        territory: r.territory,
        sale_month: r.sale_month,
        quantity: r.quantity,
        net_fen: parts[2 * i]! + parts[2 * i + 1]!,
        rate: r.rate,
        share_fen: parts[2 * i]!,
      });
    }
    return { user_id: owner.user_id, share_fen: share.toString() };
  });
}

/** "Not ours": the key's money leaves suspense back to the store that reported it. */
export async function dismissKey(deps: Deps, id: number, staffId: number | null = null): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const key = await repo.lockUnmatched(trx, id);
    if (!key) throw new AppError('UNMATCHED_NOT_FOUND');
    // The key's own net rounded the way a match would round it (the parts of a match sum to this).
    const [fen] = allocateLargestRemainder([BigInt(key.net_units) * 100n], 10n ** 18n);
    if (fen !== 0n)
      await post(trx, {
        key: `royalties:not-ours:key:${key.id}`,
        kind: 'adjustment',
        importId: key.import_id,
        staffId,
        memo: `${key.isrc || key.upc} of import #${key.import_id} not ours: back to ${key.platform_code}`,
        entries: [debit({ kind: 'suspense' }, fen!), credit({ kind: 'receivable', platform: key.platform_code }, fen!)],
      });
    await repo.setKeyMatch(trx, key.id, { state: 'not_ours', staff_id: staffId });
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
