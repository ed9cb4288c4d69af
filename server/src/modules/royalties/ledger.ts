/**
 * The ledger: every movement of money is one transaction of balanced entries, written in one database
 * transaction, under a unique idempotency key. Posting the same key again answers the first transaction (and
 * refuses if what is asked differs); entries are never changed, a mistake is undone by `reverse`.
 */

import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import type { LedgerTransactionKind } from '../../platform/db/schema-royalties';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere, subjectChangedAtCommit } from '../../platform/http/sessions';
import * as repo from './ledger.repository';
import { type AccountRef, accountSpec, balanceDelta, type EntryInput } from './ledger-accounts';

export interface Posting {
  /** Unique for the movement: a retry, a double click or a rerun job sends the same key and changes nothing. */
  key: string;
  kind: LedgerTransactionKind;
  memo?: string;
  importId?: number | null;
  staffId?: number | null;
  reversesId?: number | null;
  entries: EntryInput[];
}

export interface Posted {
  id: number;
  /** false when the key had already been posted (nothing was written this time). */
  created: boolean;
}

/** The legs of a posting, one per account (several legs on one account are summed), zero legs dropped. */
function netLegs(entries: EntryInput[]) {
  const legs = new Map<string, { account: AccountRef; amount: bigint; floor: boolean }>();
  for (const e of entries) {
    if (typeof e.amount !== 'bigint') throw new Error('ledger amounts are bigint fen');
    const key = accountSpec(e.account).key;
    const leg = legs.get(key) ?? { account: e.account, amount: 0n, floor: false };
    leg.amount += e.amount;
    leg.floor ||= e.floor === true;
    legs.set(key, leg);
  }
  const out = [...legs.entries()].filter(([, l]) => l.amount !== 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  const sum = out.reduce((s, [, l]) => s + l.amount, 0n);
  if (sum !== 0n) throw new Error(`ledger posting ${entries.length} entries does not balance (${sum})`);
  return out;
}

function requestHash(kind: string, legs: Array<[string, { amount: bigint; floor: boolean }]>): string {
  const canonical = JSON.stringify([kind, legs.map(([k, l]) => [k, l.amount.toString(), l.floor])]);
  return createHash('sha256').update(canonical).digest('hex');
}

function isFloorViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23514' && e.constraint === 'ledger_balance_floor';
}

/**
 * Posts a transaction in `db`'s transaction when it is one (so an import's lines and its money commit together),
 * otherwise in a transaction of its own.
 */
export async function post(db: Db, posting: Posting): Promise<Posted> {
  const legs = netLegs(posting.entries);
  if (legs.length === 0) throw new Error('a ledger posting needs at least two non-zero legs');
  const hash = requestHash(posting.kind, legs);
  const specs = legs.map(([, l]) => accountSpec(l.account));
  const run = async (trx: Db): Promise<Posted> => {
    const accounts = await repo.ensureAccounts(trx, specs);
    const id = await repo.insertTransaction(trx, {
      idempotency_key: posting.key,
      request_hash: hash,
      kind: posting.kind,
      memo: posting.memo ?? '',
      reverses_id: posting.reversesId ?? null,
      import_id: posting.importId ?? null,
      created_by_staff: posting.staffId ?? null,
    });
    if (id === undefined) {
      const existing = await repo.findTransactionByKey(trx, posting.key);
      if (!existing) throw new Error(`ledger key ${posting.key} conflicted but is not there`);
      if (existing.request_hash !== hash) throw new AppError('LEDGER_KEY_REUSED', { key: posting.key });
      return { id: existing.id, created: false };
    }
    const rows = legs.map(([key, l]) => {
      const account = accounts.get(key);
      if (!account) throw new Error(`ledger account ${key} missing`);
      return { account, amount: l.amount, floor: l.floor };
    });
    // Entries first: they need no balance lock (their foreign keys take key-share locks, which the balances'
    // no-key-update locks do not block), so everything before the balances runs in parallel across postings.
    await repo.insertEntries(
      trx,
      rows.map((r) => ({ transaction_id: id, account_id: r.account.id, amount: r.amount, floor_checked: r.floor })),
    );
    // The session user carries the available balance, cached with the session: evict the musicians' cached
    // sessions everywhere. NOTIFY is delivered at commit, so a rolled-back posting evicts nothing.
    const musicians = new Set<number>();
    for (const [, leg] of legs) if (leg.account.kind === 'available') musicians.add(leg.account.userId);
    for (const userId of musicians) await subjectChangedAtCommit(trx, 'user', userId);
    // Balances last: their row locks, taken in id order, are the queue concurrent postings on one account wait
    // in, so they are held only for this statement and the commit (a burst of 120 on one musician stays short).
    await repo.applyBalances(
      trx,
      rows.map((r) => ({ id: r.account.id, delta: balanceDelta(r.account.normal, r.amount), floor: r.floor })),
    );
    return { id, created: true };
  };
  try {
    if (db.isTransaction) return await run(db);
    // Accounts first, outside the posting: creating one is harmless, and it keeps the posting's locks short.
    await repo.ensureAccounts(db, specs);
    const posted = await db.transaction().execute(run);
    // Committed: this process forgets the musicians' cached sessions now, not when its notification arrives.
    for (const [, leg] of legs) if (leg.account.kind === 'available') evictSubjectHere(db, 'user', leg.account.userId);
    return posted;
  } catch (err) {
    if (isFloorViolation(err)) throw new AppError('BALANCE_INSUFFICIENT');
    throw err;
  }
}

/** Undoes a transaction by its mirror image (every amount × −1), linked to it; a transaction is reversed once. */
export async function reverse(
  db: Db,
  input: { transactionId: number; key: string; kind?: LedgerTransactionKind; memo?: string; staffId?: number | null },
): Promise<Posted> {
  const original = await repo.findTransaction(db, input.transactionId);
  if (!original) throw new AppError('LEDGER_TRANSACTION_NOT_FOUND');
  const already = await repo.findReversalOf(db, original.id);
  if (already) {
    if (already.idempotency_key === input.key) return { id: already.id, created: false };
    throw new AppError('LEDGER_ALREADY_REVERSED');
  }
  const entries = await repo.entriesOf(db, original.id);
  const legs: EntryInput[] = entries.map((e) => ({ account: refOf(e), amount: -BigInt(e.amount) }));
  try {
    return await post(db, {
      key: input.key,
      kind: input.kind ?? 'reversal',
      memo: input.memo ?? `reverses #${original.id}`,
      reversesId: original.id,
      importId: original.import_id,
      staffId: input.staffId ?? null,
      entries: legs,
    });
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e?.code === '23505' && e.constraint === 'ledger_transactions_reverses_id_key')
      throw new AppError('LEDGER_ALREADY_REVERSED');
    throw err;
  }
}

function refOf(row: { kind: string; user_id: number | null; platform_code: string | null }): AccountRef {
  switch (row.kind) {
    case 'available':
    case 'held':
    case 'withdrawing':
      return { kind: row.kind, userId: row.user_id! };
    case 'receivable':
      return { kind: 'receivable', platform: row.platform_code! };
    case 'share':
    case 'suspense':
    case 'bank':
    case 'tax_payable':
      return { kind: row.kind };
    default:
      throw new Error(`unknown ledger account kind ${row.kind}`);
  }
}

export interface UserBalances {
  available: bigint;
  held: bigint;
  withdrawing: bigint;
  withdrawn: bigint;
}

/** A musician's balances, or null when no money has ever moved for them (the spec shows `--`). */
export async function balancesOf(db: Db, userId: number): Promise<UserBalances | null> {
  const rows = await repo.userBalances(db, userId);
  if (rows.length === 0) return null;
  const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.balance ?? '0');
  return {
    available: of('available'),
    held: of('held'),
    withdrawing: of('withdrawing'),
    withdrawn: await repo.userWithdrawnTotal(db, userId),
  };
}

/** The session user's balance (spec §3 user_account_info): available fen as text, null when no account yet. */
export async function availableBalance(db: Db, userId: number): Promise<string | null> {
  return (await repo.availableBalance(db, userId)) ?? null;
}
