/**
 * The ledger's chart of accounts. Each account is named by a stable key, so a posting names the accounts it moves
 * and the ledger creates them on first use.
 *
 * - A musician: `available` (theirs to withdraw), `held` (frozen, e.g. a store's fraud notice), `withdrawing` (a
 *   withdrawal requested and not yet paid out). All three are what the platform owes them: credit-normal.
 * - The platform: `receivable` per store (what the store owes for reported sales: debit-normal), `share` (its part
 *   of revenue, credit-normal), `suspense` (money reported for lines no musician is matched to yet, credit-normal)
 *   and `bank` (money received from stores and paid out to musicians, debit-normal); `tax_payable` (individual
 *   income tax withheld from withdrawals, owed to the tax office until filed, credit-normal; issue 12).
 */
import type { LedgerAccountKind } from '../../platform/db/schema-royalties';

export type AccountRef =
  | { kind: 'available' | 'held' | 'withdrawing'; userId: number }
  | { kind: 'receivable'; platform: string }
  | { kind: 'share' | 'suspense' | 'bank' | 'tax_payable' };

export interface AccountSpec {
  key: string;
  kind: LedgerAccountKind;
  user_id: number | null;
  platform_code: string | null;
  normal: 'debit' | 'credit';
}

export function accountSpec(ref: AccountRef): AccountSpec {
  switch (ref.kind) {
    case 'available':
    case 'held':
    case 'withdrawing':
      return {
        key: `user:${ref.userId}:${ref.kind}`,
        kind: ref.kind,
        user_id: ref.userId,
        platform_code: null,
        normal: 'credit',
      };
    case 'receivable':
      return {
        key: `store:${ref.platform}:receivable`,
        kind: 'receivable',
        user_id: null,
        platform_code: ref.platform,
        normal: 'debit',
      };
    case 'bank':
      return { key: 'platform:bank', kind: 'bank', user_id: null, platform_code: null, normal: 'debit' };
    default:
      return { key: `platform:${ref.kind}`, kind: ref.kind, user_id: null, platform_code: null, normal: 'credit' };
  }
}

/** One leg of a posting: a signed amount in fen, debit > 0, credit < 0. */
export interface EntryInput {
  account: AccountRef;
  amount: bigint;
  /** This leg must not take the account below zero (a withdrawal from available); clawbacks leave it off. */
  floor?: boolean;
}

export const debit = (account: AccountRef, fen: bigint, floor?: boolean): EntryInput => ({
  account,
  amount: fen,
  floor,
});
export const credit = (account: AccountRef, fen: bigint, floor?: boolean): EntryInput => ({
  account,
  amount: -fen,
  floor,
});

/** How an entry changes its account's balance in the account's normal direction. */
export function balanceDelta(normal: 'debit' | 'credit', amount: bigint): bigint {
  return normal === 'debit' ? amount : -amount;
}
