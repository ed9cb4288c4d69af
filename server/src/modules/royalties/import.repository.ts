/** The only code touching the import tables (royalty_mappings, royalty_imports, royalty_matches, royalty_lines,
 * royalty_shares, user_rate_changes); line-chunks.ts stages and attaches the lines. */
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

/** The mapping's currency for cells without one, kept with the import (a mapping edited later changes nothing). */
export async function setDefaultCurrency(db: Db, id: number, currency: string): Promise<void> {
  await sql`UPDATE royalty_imports SET default_currency = ${currency} WHERE id = ${id}`.execute(db);
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

/**
 * Lines summed by their distinct cells as read (the shape normalisedCells takes): staging groups each chunk this
 * way, and a match from the queue groups an import's lines again.
 */
export function groupedCells(lines: RawBuilder<unknown>): RawBuilder<unknown> {
  // The title is one more cell of the group (a report gives a key one title, so it adds no group) rather than a
  // min() over every line, which cost a third of the grouping; a key's title is the least of its groups' titles.
  // royalty_sum8 (migration 0024) sums the quantity in a bigint held by value.
  // (every staged line has an amount: the chunk tables say NOT NULL)
  return sql`(SELECT sale_month, territory, isrc, upc, currency, fx_rate, count(*)::bigint AS lines,
      coalesce(royalty_sum8(quantity), 0) AS quantity,
      coalesce(sum(amount), 0) AS amount, coalesce(title, '') AS title
    FROM ${lines} l
   GROUP BY sale_month, territory, isrc, upc, currency, fx_rate, title)`;
}

/** The report's normalised groups (`royalty_groups_<id>_<k>`, one table per chunk) as one source. */
export function groupsSource(groups: string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    groups.map((g) => sql`SELECT * FROM ${sql.id(g)}`),
    sql` UNION ALL `,
  )})`;
}

/**
 * Groups of lines (sale_month, territory, isrc, upc, currency, fx_rate, title as read; lines, quantity, amount
 * summed) → the same, normalised as the careful reader normalises a line: the sale month as a date (NULL when
 * it does not read), territory, ISRC, UPC, currency, and the rate to CNY (the line's own, else the import's; 1 for
 * CNY; NULL when there is none), with the group's CNY net. One expression for staging (line-chunks.ts) and for a
 * later match from the queue.
 *
 * A report has a few distinct (sale month, territory, currency) cells and as many groups as it has keys: those three
 * are normalised once per distinct cell (`c`), and each group finds its own by a hash join; only the ISRC, UPC
 * and title are cleaned per group. (Per group, the three took three fifths of a chunk's normalising, measured.)
 */
export function normalisedCells(source: RawBuilder<unknown>, currency: string, fxRate: string | null) {
  // The sale month as YYYYMM, or NULL when it does not read: YYYY-MM, YYYY-MM-DD (a time may follow), YYYYMM, else
  // MM/DD/YYYY (a time may follow): statement-line.ts saleMonth in SQL.
  const ym = sql`CASE
    WHEN length(d.sm) = 7 AND substr(d.sm, 5, 1) = '-' AND translate(d.sm, '0123456789', '') = '-'
      THEN left(d.sm, 4) || substr(d.sm, 6, 2)
    WHEN d.sm ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2}([T ].*)?)?$' THEN left(d.sm, 4) || substr(d.sm, 6, 2)
    WHEN d.sm ~ '^[0-9]{6}$' THEN d.sm
    WHEN d.sm ~ '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}(\\s.*)?$'
      THEN left(split_part(d.sm, '/', 3), 4) || lpad(split_part(d.sm, '/', 1), 2, '0')
  END`;
  // Codes are upper-cased in the C collation (ASCII letters only, byte by byte: several times cheaper than the
  // locale's, and the same for every ISRC, territory and currency code). A missing cell reads as an empty one.
  // OFFSET 0 keeps each distinct cell's cleaning computed once (not flattened into the join's every row).
  // fx and net (amount × fx, exact; CNY's own amount, its rate being 1) are computed once per group here: the keys'
  // part and the matched money sum them.
  return sql`
    WITH g AS MATERIALIZED (SELECT * FROM ${source} r),
    c AS MATERIALIZED (
      SELECT d.*, CASE WHEN right(d.ym, 2)::int BETWEEN 1 AND 12 AND left(d.ym, 4)::int >= 1
                       THEN make_date(left(d.ym, 4)::int, right(d.ym, 2)::int, 1) END AS sale_month
        FROM (
          SELECT d.*, ${ym} AS ym
            FROM (
              SELECT d.*, btrim(d.raw_sm) AS sm,
                     upper(left(btrim(d.raw_territory), 8) COLLATE "C") COLLATE "default" AS territory,
                     upper(coalesce(nullif(btrim(d.raw_currency), ''), ${currency}::text) COLLATE "C")
                       COLLATE "default" AS currency
                FROM (SELECT DISTINCT coalesce(sale_month, '') AS raw_sm, coalesce(territory, '') AS raw_territory,
                                      coalesce(currency, '') AS raw_currency
                        FROM g) d
              OFFSET 0
            ) d
          OFFSET 0
        ) d
    )
    SELECT c.sale_month, c.sm AS sale_month_cell, c.territory,
           upper(replace(btrim(coalesce(g.isrc, '')), '-', '') COLLATE "C") COLLATE "default" AS isrc,
           -- a 14-digit GTIN with a leading zero is the 13-digit UPC/EAN
           CASE WHEN length(btrim(g.upc)) = 14 AND left(btrim(g.upc), 1) = '0'
                     AND translate(btrim(g.upc), '0123456789', '') = ''
                THEN substr(btrim(g.upc), 2) ELSE btrim(coalesce(g.upc, '')) END AS upc,
           c.currency, f.fx, CASE WHEN c.currency = 'CNY' THEN g.amount ELSE g.amount * f.fx END AS net,
           g.lines, g.quantity, g.amount,
           -- at most 300 characters: a title of at most 300 bytes has no more (and needs no cut)
           CASE WHEN octet_length(g.title) <= 300 THEN btrim(g.title) ELSE left(btrim(g.title), 300) END AS title
      FROM g
      JOIN c ON c.raw_sm = coalesce(g.sale_month, '') AND c.raw_territory = coalesce(g.territory, '')
            AND c.raw_currency = coalesce(g.currency, '')
      CROSS JOIN LATERAL (
        SELECT CASE WHEN c.currency = 'CNY' THEN 1::numeric ELSE coalesce(g.fx_rate, ${fxRate}::numeric) END AS fx
      ) f`;
}

/**
 * What the normalised groups say of the report: cells COPY took but the careful reader refuses (a sale month that is
 * not a date, more than 10 decimals — a sum keeps its largest scale —, NaN or infinity), and foreign money with no
 * rate anywhere. (A line without an amount never gets this far: the chunk tables hold none.)
 */
export function groupProblems(groups: RawBuilder<unknown>) {
  return sql<{ bad_cells: boolean; no_rate: boolean; net: string }>`
    -- scale() of NaN or of an infinity is NULL: one call per value catches them with the scale (comparisons with
    -- the infinities, or a cast to text, per group cost more than the rest of the check)
    SELECT coalesce(bool_or(sale_month IS NULL OR coalesce(scale(amount), 11) > 10
                            OR (fx IS NOT NULL AND coalesce(scale(fx), 11) > 10)), false) AS bad_cells,
           coalesce(bool_or(fx IS NULL), false) AS no_rate, coalesce(sum(net), 0)::text AS net
      FROM ${groups} n`;
}

/** The aggregates shares are computed on (matched money, per musician, track, territory, sale month and rate). */
export interface Aggregate {
  user_id: number;
  work_id: number | null;
  track_id: number | null;
  territory: string;
  sale_month: string;
  rate: number;
  quantity: string;
  /** Σ net in units of 10⁻¹⁶ fen (exact to that unit: an amount and a rate have at most 10 decimals each). */
  net_units: string;
}

/** The musician's rate in force in a sale's month: the latest change by then, else users.rate (as ranges, hashed). */
const RATE_CHANGES = sql`changes AS MATERIALIZED (
  SELECT user_id, rate, effective_from AS since,
         coalesce(lead(effective_from) OVER (PARTITION BY user_id ORDER BY effective_from), 'infinity') AS until
    FROM user_rate_changes
)`;

/**
 * The matched money per musician, track, territory, sale month and the rate in force in that month, from the parts
 * staged (`royalty_aggs_<id>_<k>`: a few rows per track).
 */
export async function aggregates(db: Db, aggParts: string[]): Promise<Aggregate[]> {
  const { rows } = await sql<Aggregate>`
    WITH ${RATE_CHANGES}
    SELECT a.user_id, a.work_id, a.track_id, a.territory, a.sale_month::text AS sale_month,
           coalesce(rc.rate, u.rate)::int AS rate, sum(a.quantity)::text AS quantity,
           (sum(a.net) * 1e18)::numeric(60, 0)::text AS net_units
      FROM ${groupsSource(aggParts)} a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN changes rc ON rc.user_id = a.user_id AND a.sale_month >= rc.since AND a.sale_month < rc.until
     GROUP BY a.user_id, a.work_id, a.track_id, a.territory, a.sale_month, coalesce(rc.rate, u.rate)
     ORDER BY a.user_id, a.work_id, a.track_id NULLS FIRST, a.territory, a.sale_month, 6`.execute(db);
  return rows;
}

/**
 * Σ plus − Σ minus of exact decimal strings, exact (a decimal string) and × 10¹⁸ (units of 10⁻¹⁶ fen) as an integer
 * string.
 */
export async function netDifference(
  db: Db,
  plus: string[],
  minus: string[],
): Promise<{ exact: string; units: string }> {
  const { rows } = await sql<{ exact: string; units: string }>`
    SELECT d::text AS exact, (d * 1e18)::numeric(60, 0)::text AS units
      FROM (SELECT (SELECT coalesce(sum(x), 0) FROM unnest(${plus}::numeric[]) x)
                 - (SELECT coalesce(sum(x), 0) FROM unnest(${minus}::numeric[]) x) AS d) t`.execute(db);
  return rows[0]!;
}

/** Whether exact decimal strings sum to the same number. */
export async function sameSum(db: Db, a: string[], b: string[]): Promise<boolean> {
  const { rows } = await sql<{ same: boolean }>`
    SELECT (SELECT coalesce(sum(x), 0) FROM unnest(${a}::numeric[]) x)
         = (SELECT coalesce(sum(x), 0) FROM unnest(${b}::numeric[]) x) AS same`.execute(db);
  return rows[0]!.same;
}

/**
 * One unmatched key's money by territory and sale month, with the rate of `userId` in force in each month: its lines
 * grouped again and normalised as at posting (a look at one import's lines, for a match from the queue).
 */
export async function keyBreakdown(
  db: Db,
  v: { import_id: number; isrc: string; upc: string; user_id: number; currency: string; fx_rate: string | null },
) {
  const grouped = groupedCells(sql`(SELECT * FROM royalty_lines WHERE import_id = ${v.import_id})`);
  const { rows } = await sql<{
    territory: string;
    sale_month: string;
    rate: number;
    quantity: string;
    net_units: string;
  }>`
    WITH ${RATE_CHANGES}
    SELECT n.territory, n.sale_month::text AS sale_month, coalesce(rc.rate, u.rate)::int AS rate,
           sum(n.quantity)::text AS quantity, (sum(n.net) * 1e18)::numeric(60, 0)::text AS net_units
      FROM (${normalisedCells(grouped, v.currency, v.fx_rate)}) n
      JOIN users u ON u.id = ${v.user_id}
      LEFT JOIN changes rc ON rc.user_id = u.id AND n.sale_month >= rc.since AND n.sale_month < rc.until
     WHERE n.isrc = ${v.isrc} AND n.upc = ${v.upc}
     GROUP BY n.territory, n.sale_month, coalesce(rc.rate, u.rate)
     ORDER BY n.territory, n.sale_month`.execute(db);
  return rows;
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
