/** The finance console's queries over the import tables: the unmatched queue and reconciliation. */

import type { UnmatchedKey } from '@trackline/contract/royalties-types';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function unmatchedKeys(db: Db, limit: number, offset: number) {
  const { rows } = await sql<UnmatchedKey>`
    SELECT m.id, m.import_id, i.platform_code, m.isrc, m.upc, m.title, m.lines::int AS lines, m.quantity::text,
           round(m.net_cny * 100)::bigint::text AS net_fen, to_char(m.first_month, 'YYYY-MM') AS first_month,
           to_char(m.last_month, 'YYYY-MM') AS last_month
      FROM royalty_matches m JOIN royalty_imports i ON i.id = m.import_id AND i.state = 'posted'
     WHERE m.state = 'unmatched'
     ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export async function unmatchedCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM royalty_matches m JOIN royalty_imports i ON i.id = m.import_id AND i.state = 'posted'
     WHERE m.state = 'unmatched'`.execute(db);
  return rows[0]!.n;
}

/** Locks an unmatched key of a posted import (a second match of it waits, then finds it handled). */
export async function lockUnmatched(db: Db, id: number) {
  const { rows } = await sql<{
    id: number;
    import_id: number;
    platform_code: string;
    isrc: string;
    upc: string;
    net_units: string;
    default_currency: string;
    fx_rate: string | null;
  }>`
    SELECT m.id, m.import_id, i.platform_code, m.isrc, m.upc, (m.net_cny * 1e18)::numeric(60, 0)::text AS net_units,
           i.default_currency, i.fx_rate::text AS fx_rate
      FROM royalty_matches m JOIN royalty_imports i ON i.id = m.import_id AND i.state = 'posted'
     WHERE m.import_id = ${Math.floor(id / 2 ** 32)} AND m.id = ${id} AND m.state = 'unmatched'
       FOR UPDATE OF m`.execute(db);
  return rows[0];
}

/** The track and its release and owner. */
export async function trackOwner(db: Db, q: { trackId?: number; isrc?: string }) {
  const { rows } = await sql<{ track_id: number; work_id: number; user_id: number }>`
    SELECT t.id AS track_id, w.id AS work_id, w.user_id
      FROM work_tracks t JOIN works w ON w.id = t.work_id
     WHERE ${q.trackId ? sql`t.id = ${q.trackId}` : sql`t.isrc = ${q.isrc ?? ''}`}`.execute(db);
  return rows[0];
}

export async function setKeyMatch(
  db: Db,
  id: number,
  v: {
    state: 'rematched' | 'not_ours';
    user_id?: number;
    work_id?: number;
    track_id?: number;
    staff_id: number | null;
  },
): Promise<void> {
  await sql`UPDATE royalty_matches SET state = ${v.state}, user_id = ${v.user_id ?? null},
      work_id = ${v.work_id ?? null}, track_id = ${v.track_id ?? null}, handled_by_staff = ${v.staff_id},
      handled_at = now()
    WHERE import_id = ${Math.floor(id / 2 ** 32)} AND id = ${id}`.execute(db);
}

export async function insertShare(
  db: Db,
  v: {
    import_id: number;
    user_id: number;
    work_id: number;
    track_id: number;
    platform_code: string;
    territory: string;
    sale_month: string;
    quantity: string;
    net_fen: bigint;
    rate: number;
    share_fen: bigint;
  },
): Promise<void> {
  await sql`
    INSERT INTO royalty_shares (import_id, user_id, work_id, track_id, platform_code, territory, sale_month,
                                accounting_month, quantity, net_fen, rate, share_fen)
    VALUES (${v.import_id}, ${v.user_id}, ${v.work_id}, ${v.track_id}, ${v.platform_code}, ${v.territory},
            ${v.sale_month}::date, date_trunc('month', now())::date, ${v.quantity}, ${v.net_fen.toString()}, ${v.rate},
            ${v.share_fen.toString()})`.execute(db);
}

/** Imported (posted reports) against remitted per store and accounting month, over the last `months` months. */
export async function reconciliation(db: Db, months: number) {
  const { rows } = await sql<{
    platform_code: string;
    month: string;
    imported_fen: string | null;
    remitted_fen: string | null;
    imports: number;
    note: string | null;
  }>`
    WITH span AS (
      SELECT to_char(m, 'YYYY-MM') AS month, m::date AS d
        FROM generate_series(date_trunc('month', now()) - make_interval(months => ${months - 1}), date_trunc('month', now()),
                             interval '1 month') m
    ), stores AS (
      SELECT DISTINCT platform_code FROM royalty_imports WHERE state = 'posted'
      UNION SELECT platform_code FROM royalty_remittances
    )
    SELECT s.platform_code, span.month,
           (SELECT sum(total_fen)::text FROM royalty_imports i
             WHERE i.platform_code = s.platform_code AND i.accounting_month = span.d AND i.state = 'posted') AS imported_fen,
           r.amount_fen::text AS remitted_fen, r.note,
           (SELECT count(*)::int FROM royalty_imports i
             WHERE i.platform_code = s.platform_code AND i.accounting_month = span.d AND i.state = 'posted') AS imports
      FROM stores s CROSS JOIN span
      LEFT JOIN royalty_remittances r ON r.platform_code = s.platform_code AND r.month = span.d
     ORDER BY s.platform_code, span.month DESC`.execute(db);
  return rows;
}

/** Upserts the row and answers it locked, with what the ledger already holds for it. */
export async function saveRemittance(
  db: Db,
  v: { platform_code: string; month: string; amount_fen: string; note: string; staff_id: number | null },
): Promise<{ posted_fen: string; postings: number }> {
  const { rows } = await sql<{ posted_fen: string; postings: number }>`
    INSERT INTO royalty_remittances (platform_code, month, amount_fen, note, entered_by_staff)
    VALUES (${v.platform_code}, ${`${v.month}-01`}::date, ${v.amount_fen}, ${v.note}, ${v.staff_id})
    ON CONFLICT (platform_code, month) DO UPDATE SET amount_fen = excluded.amount_fen, note = excluded.note,
      entered_by_staff = excluded.entered_by_staff, updated_at = now()
    RETURNING posted_fen::text, postings`.execute(db);
  return rows[0]!;
}

export async function markRemittancePosted(
  db: Db,
  platform: string,
  month: string,
  amountFen: string,
  postings: number,
): Promise<void> {
  await sql`UPDATE royalty_remittances SET posted_fen = ${amountFen}, postings = ${postings}
     WHERE platform_code = ${platform} AND month = ${`${month}-01`}::date`.execute(db);
}
