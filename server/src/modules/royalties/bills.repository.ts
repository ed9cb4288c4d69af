/**
 * A musician's bills, read from royalty_shares (the aggregates the ledger posted) of imports still in force
 * (a replaced report's rows drop out with it). A bill is an accounting month: the month finance posted the
 * stores' reports in. Track and release titles are read from the works tables for display only.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function billMonths(db: Db, userId: number, limit: number, offset: number) {
  const { rows } = await sql<{ month: string; share_fen: string; net_fen: string; quantity: string; stores: number }>`
    SELECT to_char(s.accounting_month, 'YYYY-MM') AS month, sum(s.share_fen)::text AS share_fen,
           sum(s.net_fen)::text AS net_fen, sum(s.quantity)::text AS quantity,
           count(DISTINCT s.platform_code)::int AS stores
      FROM royalty_shares s JOIN royalty_imports i ON i.id = s.import_id AND i.state = 'posted'
     WHERE s.user_id = ${userId}
     GROUP BY s.accounting_month ORDER BY s.accounting_month DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export async function billMonthCount(db: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT s.accounting_month)::int AS n
      FROM royalty_shares s JOIN royalty_imports i ON i.id = s.import_id AND i.state = 'posted'
     WHERE s.user_id = ${userId}`.execute(db);
  return rows[0]!.n;
}

export async function allTimeIncome(db: Db, userId: number): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(s.share_fen), 0)::text AS total
      FROM royalty_shares s JOIN royalty_imports i ON i.id = s.import_id AND i.state = 'posted'
     WHERE s.user_id = ${userId}`.execute(db);
  return rows[0]!.total;
}

export type BillGrouping = 'store' | 'territory' | 'track' | 'sale_month';

const GROUP_KEY: Record<BillGrouping, string> = {
  store: 's.platform_code',
  territory: 's.territory',
  track: 's.work_id, s.track_id',
  sale_month: 's.sale_month',
};

export interface BillRow {
  key: string;
  platform_code: string | null;
  territory: string | null;
  work_id: number | null;
  track_id: number | null;
  work_title: string | null;
  track_title: string | null;
  sale_month: string | null;
  quantity: string;
  net_fen: string;
  share_fen: string;
  /** The rate when every line of the row had the same one, else null (shown as a range by min/max). */
  rate_min: number;
  rate_max: number;
}

export async function billRows(
  db: Db,
  userId: number,
  q: { month: string; by: BillGrouping; platform_code?: string; territory?: string },
): Promise<BillRow[]> {
  const group = sql.raw(GROUP_KEY[q.by]);
  const { rows } = await sql<BillRow>`
    SELECT concat_ws('|', ${group}) AS key,
           ${q.by === 'store' ? sql`s.platform_code` : sql`NULL::text`} AS platform_code,
           ${q.by === 'territory' ? sql`s.territory` : sql`NULL::text`} AS territory,
           ${q.by === 'track' ? sql`s.work_id` : sql`NULL::bigint`} AS work_id,
           ${q.by === 'track' ? sql`s.track_id` : sql`NULL::bigint`} AS track_id,
           ${q.by === 'track' ? sql`max(w.title)` : sql`NULL::text`} AS work_title,
           ${q.by === 'track' ? sql`max(t.title)` : sql`NULL::text`} AS track_title,
           ${q.by === 'sale_month' ? sql`to_char(s.sale_month, 'YYYY-MM')` : sql`NULL::text`} AS sale_month,
           sum(s.quantity)::text AS quantity, sum(s.net_fen)::text AS net_fen, sum(s.share_fen)::text AS share_fen,
           min(s.rate)::int AS rate_min, max(s.rate)::int AS rate_max
      FROM royalty_shares s
      JOIN royalty_imports i ON i.id = s.import_id AND i.state = 'posted'
      ${q.by === 'track' ? sql`LEFT JOIN works w ON w.id = s.work_id LEFT JOIN work_tracks t ON t.id = s.track_id` : sql``}
     WHERE s.user_id = ${userId} AND s.accounting_month = ${`${q.month}-01`}::date
       ${q.platform_code ? sql`AND s.platform_code = ${q.platform_code}` : sql``}
       ${q.territory ? sql`AND s.territory = ${q.territory}` : sql``}
     GROUP BY ${group}
     ORDER BY sum(s.share_fen) DESC, 1`.execute(db);
  return rows;
}

/** What the detail's filters offer: the stores and territories of the month's bill. */
export async function billFacets(db: Db, userId: number, month: string) {
  const { rows } = await sql<{ platform_code: string; territory: string }>`
    SELECT DISTINCT s.platform_code, s.territory
      FROM royalty_shares s JOIN royalty_imports i ON i.id = s.import_id AND i.state = 'posted'
     WHERE s.user_id = ${userId} AND s.accounting_month = ${`${month}-01`}::date`.execute(db);
  return {
    stores: [...new Set(rows.map((r) => r.platform_code))].sort(),
    territories: [...new Set(rows.map((r) => r.territory))].sort(),
  };
}

export async function storeNames(db: Db): Promise<Map<string, { zh: string; en: string }>> {
  const rows = await db.selectFrom('platforms').select(['code', 'name_zh', 'name_en']).execute();
  return new Map(rows.map((r) => [r.code, { zh: r.name_zh, en: r.name_en }]));
}
