/** The only code touching the import tables (royalty_mappings, royalty_imports, royalty_staging, royalty_lines,
 * royalty_shares, user_rate_changes). */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { ColumnMapping } from './csv-statement';

export interface ImportRow {
  id: number;
  platform_code: string;
  format: 'dsr' | 'csv';
  mapping_code: string | null;
  file_path: string;
  file_name: string;
  fx_rate: string | null;
  sender: string | null;
  message_id: string | null;
  period_start: string | null;
  accounting_month: string;
  state: 'queued' | 'running' | 'posted' | 'failed' | 'replaced' | 'part';
  rows_done: number;
  lines: number;
  unmatched_lines: number;
  total_fen: string | null;
  share_fen: string | null;
  platform_fen: string | null;
  suspense_fen: string | null;
  error: string;
  replaces_id: number | null;
  transaction_id: number | null;
  created_at: Date;
  posted_at: Date | null;
  file_number: number;
  number_of_files: number;
  part_of: number | null;
}

const IMPORT_COLUMNS = sql.raw(`id, platform_code, format, mapping_code, file_path, file_name, fx_rate::text AS fx_rate,
  sender, message_id, period_start::text AS period_start, accounting_month::text AS accounting_month, state,
  rows_done, lines, unmatched_lines, total_fen::text AS total_fen, share_fen::text AS share_fen,
  platform_fen::text AS platform_fen, suspense_fen::text AS suspense_fen, error, replaces_id, transaction_id,
  created_at, posted_at, file_number, number_of_files, part_of`);

export async function insertImport(
  db: Db,
  v: {
    platform_code: string;
    format: 'dsr' | 'csv';
    mapping_code: string | null;
    file_path: string;
    file_name: string;
    fx_rate: string | null;
    accounting_month: string;
    staff_id: number | null;
  },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO royalty_imports (platform_code, format, mapping_code, file_path, file_name, fx_rate, accounting_month,
                                 created_by_staff)
    VALUES (${v.platform_code}, ${v.format}, ${v.mapping_code}, ${v.file_path}, ${v.file_name}, ${v.fx_rate}::numeric,
            ${v.accounting_month}::date, ${v.staff_id})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

export async function findImport(db: Db, id: number, forUpdate = false): Promise<ImportRow | undefined> {
  const { rows } = await sql<ImportRow>`SELECT ${IMPORT_COLUMNS} FROM royalty_imports WHERE id = ${id}
    ${forUpdate ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows[0];
}

export async function listImports(db: Db, limit = 50): Promise<ImportRow[]> {
  const { rows } =
    await sql<ImportRow>`SELECT ${IMPORT_COLUMNS} FROM royalty_imports ORDER BY id DESC LIMIT ${limit}`.execute(db);
  return rows;
}

export async function setImportState(db: Db, id: number, state: ImportRow['state'], error = ''): Promise<void> {
  await sql`UPDATE royalty_imports SET state = ${state}, error = ${error} WHERE id = ${id}`.execute(db);
}

export async function setProgress(db: Db, id: number, rowsDone: number): Promise<void> {
  await sql`UPDATE royalty_imports SET rows_done = ${rowsDone} WHERE id = ${id}`.execute(db);
}

/** Records the DSR header; the unique (sender, message_id) index refuses a message already imported. */
export async function setMessage(
  db: Db,
  id: number,
  v: { sender: string; message_id: string; period_start: string; replaces_id: number | null },
): Promise<void> {
  await sql`UPDATE royalty_imports SET sender = ${v.sender}, message_id = ${v.message_id},
      period_start = ${v.period_start}::date, replaces_id = ${v.replaces_id} WHERE id = ${id}`.execute(db);
}

/**
 * Records one file of a multi-file report (under a lock per report, so parts arriving together count right) and
 * answers every file of the report in order once all have arrived; until then this import waits as a 'part'.
 * The unique (sender, MessageId, FileNumber) index refuses a file already imported (23505).
 */
export async function registerPart(
  db: Db,
  id: number,
  h: { sender: string; message_id: string; period_start: string; file_number: number; number_of_files: number },
): Promise<Array<{ id: number; file_path: string }> | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`dsr:${h.sender}:${h.message_id}`}))`.execute(trx);
    await sql`UPDATE royalty_imports SET sender = ${h.sender}, message_id = ${h.message_id},
        period_start = ${h.period_start}::date, file_number = ${h.file_number}, number_of_files = ${h.number_of_files}
      WHERE id = ${id}`.execute(trx);
    const { rows } = await sql<{ id: number; file_path: string }>`
      SELECT id, file_path FROM royalty_imports
       WHERE sender = ${h.sender} AND message_id = ${h.message_id} AND number_of_files = ${h.number_of_files}
         AND state IN ('part', 'queued', 'running')
       ORDER BY file_number`.execute(trx);
    if (rows.length === h.number_of_files) return rows;
    await sql`UPDATE royalty_imports SET state = 'part' WHERE id = ${id}`.execute(trx);
    return null;
  });
}

/** The other files of a report point at the import that posted it (or share its failure). */
export async function settleParts(
  db: Db,
  row: { id: number; sender: string | null; message_id: string | null },
  failure?: string,
): Promise<void> {
  if (!row.sender || !row.message_id) return;
  await sql`UPDATE royalty_imports SET part_of = ${row.id}
      ${failure === undefined ? sql`` : sql`, state = 'failed', error = ${`report #${row.id}: ${failure}`.slice(0, 500)}`}
     WHERE sender = ${row.sender} AND message_id = ${row.message_id} AND id <> ${row.id} AND state = 'part'`.execute(
    db,
  );
}

/** A posted import of the same sender and period with another MessageId: the report this one regenerates. */
export async function findPredecessor(
  db: Db,
  v: { id: number; platform_code: string; sender: string; message_id: string; period_start: string },
): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM royalty_imports
     WHERE platform_code = ${v.platform_code} AND sender = ${v.sender} AND period_start = ${v.period_start}::date
       AND message_id <> ${v.message_id} AND state = 'posted' AND id <> ${v.id}
     ORDER BY id DESC LIMIT 1`.execute(db);
  return rows[0]?.id;
}

export async function findMapping(db: Db, code: string): Promise<ColumnMapping | undefined> {
  const { rows } = await sql<{
    mapping: ColumnMapping;
  }>`SELECT mapping FROM royalty_mappings WHERE code = ${code}`.execute(db);
  return rows[0]?.mapping;
}

export async function listMappings(db: Db) {
  const { rows } = await sql<{ code: string; name: string; builtin: boolean; mapping: ColumnMapping }>`
    SELECT code, name, builtin, mapping FROM royalty_mappings ORDER BY builtin DESC, code`.execute(db);
  return rows;
}

export async function saveMapping(db: Db, v: { code: string; name: string; mapping: ColumnMapping }): Promise<boolean> {
  const { rows } = await sql<{ code: string }>`
    INSERT INTO royalty_mappings (code, name, mapping) VALUES (${v.code}, ${v.name}, ${JSON.stringify(v.mapping)}::jsonb)
    ON CONFLICT (code) DO UPDATE SET name = excluded.name, mapping = excluded.mapping
      WHERE NOT royalty_mappings.builtin
    RETURNING code`.execute(db);
  return rows.length > 0;
}

export async function clearStaging(db: Db, id: number): Promise<void> {
  await sql`DELETE FROM royalty_staging WHERE import_id = ${id}`.execute(db);
}

/** Lines in a foreign currency with no rate of their own, when the import has none either. */
export async function linesWithoutRate(db: Db, id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM royalty_staging s JOIN royalty_imports i ON i.id = s.import_id
     WHERE s.import_id = ${id} AND s.currency <> 'CNY' AND s.fx_rate IS NULL AND i.fx_rate IS NULL`.execute(db);
  return rows[0]!.n;
}

/**
 * Staged lines → royalty_lines: converted to CNY (the line's own rate, else the import's; both amounts and the
 * rate kept), matched to a track by ISRC or, failing that, to a release by UPC (album lines), with the musician's
 * rate in force in the sale's month. Unmatched lines are kept, marked for the queue.
 */
export interface Aggregate {
  user_id: number;
  work_id: number | null;
  track_id: number | null;
  territory: string;
  sale_month: string;
  rate: number;
  quantity: string;
  /** Σ net in units of 10⁻¹⁶ fen (exact: amount has 8 decimals, the rate 10). */
  net_units: string;
}

export interface Unmatched {
  lines: number;
  net_units: string;
  all: number;
}

/**
 * Writes the lines and answers, from the rows it wrote (one pass: the lines are not read back), the matched
 * aggregates shares are computed on and the unmatched totals.
 */
export async function insertLines(
  db: Db,
  id: number,
  platform: string,
  source: RawBuilder<unknown> = sql`(SELECT * FROM royalty_staging WHERE import_id = ${id})`,
): Promise<{ aggregates: Aggregate[]; unmatched: Unmatched }> {
  const { rows } = await linesQuery(id, platform, source).execute(db);
  const u = rows.find((r) => r.kind === 'u')!;
  return {
    aggregates: rows.filter((r) => r.kind === 'a').map(({ kind: _k, lines: _l, all: _a, ...a }) => a),
    unmatched: { lines: u.lines, net_units: u.net_units, all: u.all },
  };
}

/** The statement insertLines runs (BENCH_IMPORT_EXPLAIN=1 npm run bench:import shows its plan). */
export function linesQuery(
  id: number,
  platform: string,
  source: RawBuilder<unknown> = sql`(SELECT * FROM royalty_staging WHERE import_id = ${id})`,
) {
  // Plain joins (hashed over the whole report) rather than a lookup per line: ISRC first, the release's UPC when the
  // ISRC is not ours (album lines). The rate: the latest change in force in the sale's month, else users.rate.
  return sql<Aggregate & { kind: 'a' | 'u'; lines: number; all: number }>`
    WITH changes AS MATERIALIZED (
      SELECT user_id, rate, effective_from AS since,
             coalesce(lead(effective_from) OVER (PARTITION BY user_id ORDER BY effective_from), 'infinity') AS until
        FROM user_rate_changes
    ), ins AS (
      INSERT INTO royalty_lines (id, import_id, line_no, platform_code, sale_month, territory, isrc, upc, title, quantity,
                                 amount, currency, fx_rate, net_cny, user_id, work_id, track_id, rate, match_state)
      SELECT s.import_id * 4294967296 + s.line_no, s.import_id, s.line_no, ${platform}, s.sale_month, s.territory, s.isrc, s.upc, s.title, s.quantity,
             s.amount, s.currency, m.fx, s.amount * m.fx, m.user_id, m.work_id, m.track_id,
             CASE WHEN m.user_id IS NOT NULL THEN coalesce(rc.rate, u.rate) END,
             CASE WHEN m.user_id IS NULL THEN 'unmatched' ELSE 'matched' END
        FROM ${source} s
        JOIN royalty_imports i ON i.id = ${id}
        LEFT JOIN work_tracks t ON s.isrc <> '' AND t.isrc = s.isrc
        LEFT JOIN works tw ON tw.id = t.work_id
        LEFT JOIN works uw ON t.id IS NULL AND s.upc <> '' AND uw.upc = s.upc
        CROSS JOIN LATERAL (SELECT CASE WHEN s.currency = 'CNY' THEN 1::numeric ELSE coalesce(s.fx_rate, i.fx_rate) END AS fx,
                                   coalesce(tw.user_id, uw.user_id) AS user_id, coalesce(tw.id, uw.id) AS work_id,
                                   t.id AS track_id) m
        LEFT JOIN users u ON u.id = m.user_id
        -- the rate change in force in the sale's month: the changes as ranges, hashed once by musician (not an
        -- index lookup per line)
        LEFT JOIN changes rc ON rc.user_id = m.user_id AND s.sale_month >= rc.since AND s.sale_month < rc.until
      RETURNING user_id, work_id, track_id, territory, sale_month, rate, quantity, net_cny, match_state
    )
    SELECT * FROM (
      SELECT 'a' AS kind, user_id, work_id, track_id, territory, sale_month::text AS sale_month, rate,
             sum(quantity)::text AS quantity, (sum(net_cny) * 1e18)::numeric(60, 0)::text AS net_units,
             0 AS lines, 0 AS all
        FROM ins WHERE match_state = 'matched'
       GROUP BY user_id, work_id, track_id, territory, sale_month, rate
      UNION ALL
      SELECT 'u', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
             (coalesce(sum(net_cny) FILTER (WHERE match_state = 'unmatched'), 0) * 1e18)::numeric(60, 0)::text,
             count(*) FILTER (WHERE match_state = 'unmatched')::int, count(*)::int
        FROM ins
    ) x
    ORDER BY kind, user_id, work_id, track_id NULLS FIRST, territory, sale_month, rate`;
}

export async function insertShares(
  db: Db,
  id: number,
  platform: string,
  accountingMonth: string,
  rows: Array<Aggregate & { net_fen: bigint; share_fen: bigint }>,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO royalty_shares (import_id, user_id, work_id, track_id, platform_code, territory, sale_month,
                                accounting_month, quantity, net_fen, rate, share_fen)
    SELECT ${id}, u, w, t, ${platform}, terr, sm, ${accountingMonth}::date, q, n, r, s
      FROM unnest(${rows.map((r) => r.user_id)}::bigint[], ${rows.map((r) => r.work_id)}::bigint[],
                  ${rows.map((r) => r.track_id)}::bigint[], ${rows.map((r) => r.territory)}::text[],
                  ${rows.map((r) => r.sale_month)}::date[], ${rows.map((r) => r.quantity)}::bigint[],
                  ${rows.map((r) => r.net_fen.toString())}::bigint[], ${rows.map((r) => r.rate)}::smallint[],
                  ${rows.map((r) => r.share_fen.toString())}::bigint[]) AS x(u, w, t, terr, sm, q, n, r, s)`.execute(
    db,
  );
}

export async function markPosted(
  db: Db,
  id: number,
  v: {
    transaction_id: number | null;
    lines: number;
    unmatched_lines: number;
    total: bigint;
    share: bigint;
    platform: bigint;
    suspense: bigint;
  },
): Promise<void> {
  await sql`
    UPDATE royalty_imports SET state = 'posted', posted_at = now(), error = '', transaction_id = ${v.transaction_id},
           lines = ${v.lines}, rows_done = ${v.lines}, unmatched_lines = ${v.unmatched_lines},
           total_fen = ${v.total.toString()}, share_fen = ${v.share.toString()}, platform_fen = ${v.platform.toString()},
           suspense_fen = ${v.suspense.toString()}
     WHERE id = ${id}`.execute(db);
}
