/** The only code touching the ledger's tables (ledger_accounts, ledger_transactions, ledger_entries). */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { LedgerTransactionKind } from '../../platform/db/schema-royalties';
import type { AccountSpec } from './ledger-accounts';

export interface AccountRow {
  id: number;
  key: string;
  normal: 'debit' | 'credit';
}

/** Creates the accounts that do not exist yet (in key order, so concurrent postings cannot deadlock on them). */
export async function ensureAccounts(db: Db, specs: AccountSpec[]): Promise<Map<string, AccountRow>> {
  const sorted = [...new Map(specs.map((s) => [s.key, s])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  await db
    .insertInto('ledger_accounts')
    .values(sorted)
    // No conflict target: every unique index is an arbiter. With `key` alone, two first postings for one musician
    // racing could pass the key's check and still collide on (user_id, kind), which then raised instead of waiting.
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'key', 'normal'])
    .where(
      'key',
      'in',
      sorted.map((s) => s.key),
    )
    .execute();
  return new Map(rows.map((r) => [r.key, r]));
}

export async function insertTransaction(
  db: Db,
  values: {
    idempotency_key: string;
    request_hash: string;
    kind: LedgerTransactionKind;
    memo: string;
    reverses_id: number | null;
    import_id: number | null;
    created_by_staff: number | null;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('ledger_transactions')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function findTransactionByKey(db: Db, key: string) {
  return db
    .selectFrom('ledger_transactions')
    .select(['id', 'request_hash', 'reverses_id'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findTransaction(db: Db, id: number) {
  return db.selectFrom('ledger_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findReversalOf(db: Db, id: number) {
  return db
    .selectFrom('ledger_transactions')
    .select(['id', 'idempotency_key'])
    .where('reverses_id', '=', id)
    .executeTakeFirst();
}

export async function entriesOf(db: Db, transactionId: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.key', 'a.kind', 'a.user_id', 'a.platform_code', sql<string>`e.amount::text`.as('amount')])
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();
}

export async function insertEntries(
  db: Db,
  rows: Array<{ transaction_id: number; account_id: number; amount: bigint; floor_checked: boolean }>,
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values(rows.map((r) => ({ ...r, amount: r.amount.toString() })))
    .execute();
}

/**
 * Moves the balances of a posting: locks the rows in id order (concurrent postings on the same accounts queue up
 * instead of deadlocking) and updates them, in one statement. NO KEY UPDATE is the lock an UPDATE of these columns takes anyway, and
 * it does not conflict with the key-share locks the entries' foreign keys take. A row whose update asked for the floor and would go below zero fails
 * the ledger_balance_floor CHECK, which aborts the whole posting.
 */
export async function applyBalances(
  db: Db,
  deltas: Array<{ id: number; delta: bigint; floor: boolean }>,
): Promise<void> {
  // One statement: the sub-select locks the rows in id order (its ORDER BY runs before FOR NO KEY UPDATE locks
  // each row as it is returned), then the UPDATE moves them; one round trip under the locks instead of two.
  await sql`
    UPDATE ledger_accounts a
       SET balance = a.balance + v.delta, floor_checked = v.floor, updated_at = now()
      FROM unnest(${deltas.map((d) => d.id)}::bigint[], ${deltas.map((d) => d.delta.toString())}::bigint[],
                  ${deltas.map((d) => d.floor)}::boolean[]) AS v(id, delta, floor),
           (SELECT id FROM ledger_accounts WHERE id = ANY(${deltas.map((d) => d.id)}::bigint[])
             ORDER BY id FOR NO KEY UPDATE) AS locked
     WHERE a.id = v.id AND locked.id = v.id`.execute(db);
}

export interface UserBalancesRow {
  kind: 'available' | 'held' | 'withdrawing';
  balance: string;
}

export async function availableBalance(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sql<string>`balance::text`.as('balance'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'available')
    .executeTakeFirst();
  return row?.balance;
}

export function userBalances(db: Db, userId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['kind', sql<string>`balance::text`.as('balance')])
    .where('user_id', '=', userId)
    .execute() as Promise<UserBalancesRow[]>;
}

/** What a musician has been paid out to date: the debits of their withdrawing account by payouts. */
export async function userWithdrawnTotal(db: Db, userId: number): Promise<bigint> {
  const row = await sql<{ total: string }>`
    SELECT coalesce(sum(e.amount), 0)::text AS total
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.user_id = ${userId} AND a.kind = 'withdrawing' AND t.kind = 'payout' AND e.amount > 0`.execute(db);
  return BigInt(row.rows[0]?.total ?? '0');
}

// ---- invariants (ledger-check.ts)

export async function unbalancedTransactions(db: Db) {
  const { rows } = await sql<{ transaction_id: number; total: string }>`
    SELECT transaction_id, sum(amount)::text AS total FROM ledger_entries
     GROUP BY transaction_id HAVING sum(amount) <> 0 ORDER BY transaction_id LIMIT 100`.execute(db);
  return rows;
}

export async function emptyTransactions(db: Db) {
  const { rows } = await sql<{ id: number }>`
    SELECT t.id FROM ledger_transactions t
     WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id) ORDER BY t.id LIMIT 100`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

export async function ledgerTotals(db: Db) {
  const { rows } = await sql<{ total: string; entries: number; transactions: number; accounts: number }>`
    SELECT (SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS total,
           (SELECT count(*)::int FROM ledger_entries) AS entries,
           (SELECT count(*)::int FROM ledger_transactions) AS transactions,
           (SELECT count(*)::int FROM ledger_accounts) AS accounts`.execute(db);
  return rows[0]!;
}

export async function mismatchedBalances(db: Db) {
  const { rows } = await sql<{ id: number; key: string; balance: string; entries_sum: string }>`
    SELECT a.id, a.key, a.balance::text AS balance,
           (CASE a.normal WHEN 'debit' THEN 1 ELSE -1 END * coalesce(s.total, 0))::text AS entries_sum
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
        ON s.account_id = a.id
     WHERE a.balance <> CASE a.normal WHEN 'debit' THEN 1 ELSE -1 END * coalesce(s.total, 0)
     ORDER BY a.id LIMIT 100`.execute(db);
  return rows;
}

/** Musicians whose available balance a clawback took below zero: shown, recovered from later income. */
export async function deficits(db: Db) {
  const { rows } = await sql<{ user_id: number; balance: string }>`
    SELECT user_id, balance::text AS balance FROM ledger_accounts
     WHERE kind = 'available' AND balance < 0 ORDER BY balance LIMIT 100`.execute(db);
  return rows;
}

/** Balances of the platform's own accounts (receivables per store, share, suspense, bank). */
export async function platformBalances(db: Db) {
  const { rows } = await sql<{ key: string; kind: string; platform_code: string | null; balance: string }>`
    SELECT key, kind, platform_code, balance::text AS balance FROM ledger_accounts
     WHERE user_id IS NULL ORDER BY key`.execute(db);
  return rows;
}
