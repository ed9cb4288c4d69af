/**
 * The ledger's invariants, checked by the tests after every scenario and shown to finance in the console:
 * all entries sum to zero, every transaction balances and has entries, every balance row equals the sum of its
 * account's entries. Deficits (available below zero after a clawback) are listed: allowed, but never hidden.
 */
import type { Db } from '../../platform/db/database';
import * as repo from './ledger.repository';

export interface LedgerReport {
  ok: boolean;
  entries_total: string;
  transactions: number;
  entries: number;
  accounts: number;
  unbalanced: Array<{ transaction_id: number; total: string }>;
  empty_transactions: number[];
  mismatched: Array<{ id: number; key: string; balance: string; entries_sum: string }>;
  deficits: Array<{ user_id: number; balance: string }>;
  platform: Array<{ key: string; kind: string; platform_code: string | null; balance: string }>;
}

export async function checkLedger(db: Db): Promise<LedgerReport> {
  // One snapshot: the figures must describe the same instant even while postings go on.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const totals = await repo.ledgerTotals(trx);
      const unbalanced = await repo.unbalancedTransactions(trx);
      const empty = await repo.emptyTransactions(trx);
      const mismatched = await repo.mismatchedBalances(trx);
      return {
        ok: totals.total === '0' && unbalanced.length === 0 && empty.length === 0 && mismatched.length === 0,
        entries_total: totals.total,
        transactions: totals.transactions,
        entries: totals.entries,
        accounts: totals.accounts,
        unbalanced,
        empty_transactions: empty,
        mismatched,
        deficits: await repo.deficits(trx),
        platform: await repo.platformBalances(trx),
      };
    });
}
