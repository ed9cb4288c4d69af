/** The withdrawals module's queries. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WithdrawalStatus } from '../../platform/db/schema-withdrawals';

/** The calendar month in China time (tax months are China's). */
export function chinaMonth(at: Date = new Date()): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

export async function activeCard(db: Db, userId: number) {
  return db
    .selectFrom('bank_cards as c')
    .innerJoin('bank_types as t', 't.code', 'c.bank_code')
    .select([
      'c.id',
      'c.bank_code',
      't.name as bank_name',
      't.name_en as bank_name_en',
      'c.card_cipher',
      'c.last4',
      'c.holder_name',
      'c.holder_kind',
      'c.is_change',
      'c.created_at',
    ])
    .where('c.user_id', '=', userId)
    .where('c.active', '=', true)
    .executeTakeFirst();
}

export async function isFrozen(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawal_freezes')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the month's withdrawals (those not refused or failed) took and withheld. */
export async function monthTotals(db: Db, userId: number, month: string) {
  const row = await db
    .selectFrom('withdrawals')
    .select([
      sql<string>`coalesce(sum(gross_fen), 0)::text`.as('gross'),
      sql<string>`coalesce(sum(tax_fen), 0)::text`.as('tax'),
      sql<number>`count(*)::int`.as('n'),
    ])
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('status', 'not in', ['refused', 'failed'])
    .executeTakeFirstOrThrow();
  return { gross: BigInt(row.gross), tax: BigInt(row.tax), count: row.n };
}

export async function withdrawalByKey(db: Db, userId: number, key: string) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

export function withdrawalRows(db: Db) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('bank_types as t', 't.code', 'w.bank_code')
    .select([
      'w.id',
      'w.user_id',
      'w.status',
      'w.reason',
      sql<string>`w.gross_fen::text`.as('gross_fen'),
      sql<string>`w.tax_fen::text`.as('tax_fen'),
      sql<string>`w.fee_fen::text`.as('fee_fen'),
      sql<string>`w.net_fen::text`.as('net_fen'),
      'w.bank_code',
      't.name as bank_name',
      't.name_en as bank_name_en',
      'w.card_last4',
      'w.payee_name',
      'w.party_kind',
      'w.month',
      'w.first_card',
      'w.first_withdrawal',
      'w.approved_by',
      'w.checked_by',
      'w.batch_id',
      'w.hold_tx_id',
      'w.card_id',
      'w.created_at',
      'w.finished_at',
    ]);
}

export async function eventsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('withdrawal_events')
    .select(['withdrawal_id', 'status', 'note', 'created_at'])
    .where('withdrawal_id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function addEvent(
  db: Db,
  withdrawalId: number,
  status: string,
  note = '',
  staffId: number | null = null,
): Promise<void> {
  await db
    .insertInto('withdrawal_events')
    .values({ withdrawal_id: withdrawalId, status, note, staff_id: staffId })
    .onConflict((oc) => oc.columns(['withdrawal_id', 'status']).doNothing())
    .execute();
}

/** Moves a withdrawal from one of `from` to `to`; answers whether this call moved it. */
export async function moveStatus(
  db: Db,
  id: number,
  from: WithdrawalStatus[],
  to: WithdrawalStatus,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  const done = ['paid', 'refused', 'failed'].includes(to);
  const res = await db
    .updateTable('withdrawals')
    .set({ status: to, updated_at: new Date(), ...(done ? { finished_at: new Date() } : {}), ...extra })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
