/**
 * The fast way in for a CSV/TSV statement: the file's bytes go to PostgreSQL `COPY` as they are (no parsing in
 * JavaScript), into an unlogged table of text cells made for this import (`royalty_raw_<id>`, one column per
 * header cell). The checks and conversions of `csv-statement.ts` are then done in SQL by the posting's
 * INSERT … SELECT (`rawLinesSource`): a cell that does not read raises with its line number and the posting
 * transaction rolls back, so the import fails with the reason and nothing is posted.
 *
 * A file COPY cannot take as it is (a line with more or fewer cells, an empty line, bytes that are not UTF-8)
 * returns `false`: the caller stages it the careful way (csv-parse in JavaScript), which reads or names the line.
 */

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type RawBuilder, sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import type { ColumnMapping } from './csv-statement';
import { StatementError } from './statement-line';

export const rawTable = (importId: number) => `royalty_raw_${importId}`;

/**
 * The header's cells (BOM and spaces taken off), read from the file's first line; null when the header has quotes
 * (a quoted name may hold the delimiter: the careful reader reads such a file).
 */
export async function readHeader(file: string, delimiter: string): Promise<string[] | null> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    let text = buf.subarray(0, bytesRead).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const end = text.search(/\r?\n/);
    const line = end < 0 ? text : text.slice(0, end);
    if (line.includes('"')) return null;
    return line.split(delimiter).map((c) => c.trim());
  } finally {
    await fh.close();
  }
}

/** Counts the lines going by (for the console's progress), passing the bytes on untouched. */
function lineCounter(onLines: (n: number) => void): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let i = chunk.indexOf(10);
      while (i !== -1) {
        n += 1;
        i = chunk.indexOf(10, i + 1);
      }
      onLines(n);
      done(null, chunk);
    },
  });
}

/**
 * Copies the file into `royalty_raw_<id>` (made anew: a rerun after a crash starts clean). Answers the header
 * when the file went in, `false` when COPY could not take it (the careful way reads it then).
 */
export async function copyRaw(
  deps: Deps,
  importId: number,
  file: string,
  mapping: ColumnMapping,
  onLines: (n: number) => void,
): Promise<string[] | false> {
  const header = await readHeader(file, mapping.delimiter);
  if (!header) return false;
  const missing = Object.values(mapping.columns).filter((name) => name && !header.includes(name));
  if (missing.length > 0) throw new StatementError(`the header lacks the column(s) ${missing.join(', ')}`, 1);
  if (new Set(header).size !== header.length) return false;
  const table = rawTable(importId);
  const cells = header.map((_, i) => `c${i + 1}`);
  const client = await deps.database.pool.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    // The line numbers come from the table's own sequence, fetched 100,000 at a time (one fetch per line cost a
    // quarter of the COPY); one session fills the table, so they stay consecutive from 1.
    await client.query(
      `CREATE UNLOGGED TABLE ${table} (line_no bigint GENERATED ALWAYS AS IDENTITY (CACHE 100000), ${cells.map((c) => `${c} text`).join(', ')})`,
    );
    // TSV statements carry quotes inside titles: no quoting there (a control character no statement has).
    const quote = mapping.delimiter === '\t' ? `E'\\x01'` : `'"'`;
    const delimiter = mapping.delimiter === '\t' ? `E'\\t'` : `'${mapping.delimiter}'`;
    try {
      await pipeline(
        createReadStream(file),
        lineCounter(onLines),
        client.query(
          copyFrom(
            `COPY ${table} (${cells.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ${delimiter}, QUOTE ${quote}, ENCODING 'UTF8')`,
          ),
        ),
      );
      // The planner's figures for the posting's joins (a fresh table has none).
      await client.query(`ANALYZE ${table}`);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('22')) throw err;
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      return false;
    }
  } finally {
    client.release();
  }
  return header;
}

export async function dropRaw(db: Db, importId: number): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.raw(rawTable(importId))}`.execute(db);
}

// Each check is a cheap test the usual cell passes (translate/length/position: about 0.1 s a million lines) before
// the exact one (an anchored regular expression: 0.8–1.6 s a million), which only unusual cells reach. Measured
// with the cell forced to be read: casts cost little (0.06 s bigint, 0.27 s numeric a million), checks a lot.
/** A whole number: optional minus, 1–15 digits. */
const WHOLE = '^-?[0-9]{1,15}$';
/** A decimal: optional minus, 1–15 digits, optionally a point and 1–10 digits. */
const DECIMAL = '^-?[0-9]{1,15}([.][0-9]{1,10})?$';
/** `x` is plain digits (1–15) or digits, a point and digits (1–15 before, 1–10 after); `t` is translate(x, digits, ''). */
const plainDecimal = (x: RawBuilder<unknown>, t: RawBuilder<unknown>) =>
  sql`((${t} = '' AND length(${x}) BETWEEN 1 AND 15)
       OR (${t} = '.' AND position('.' IN ${x}) BETWEEN 2 AND 16 AND length(${x}) - position('.' IN ${x}) BETWEEN 1 AND 10))`;

/**
 * The raw table as staged lines (the columns of royalty_staging), checked and converted in SQL as
 * csv-statement.ts does in JavaScript. A bad cell raises (SQLSTATE TL001) naming its line.
 */
export function rawLinesSource(importId: number, header: string[], mapping: ColumnMapping): RawBuilder<unknown> {
  const cell = (name?: string): RawBuilder<unknown> => {
    const i = name ? header.indexOf(name) : -1;
    return i < 0 ? sql`''` : sql`btrim(coalesce(r.${sql.raw(`c${i + 1}`)}, ''))`;
  };
  const col = mapping.columns;
  const bad = (what: RawBuilder<unknown>) => sql`royalty_bad_line(v.line_no + 1, ${what})`;
  // The sale month as YYYYMM, or NULL when it does not read: YYYY-MM, YYYY-MM-DD (a time may follow), YYYYMM, else
  // MM/DD/YYYY (a time may follow). A plain expression per line (a LATERAL subquery per line cost 0.8 s a million).
  const ym = sql`CASE
    WHEN length(v.sm) = 7 AND substr(v.sm, 5, 1) = '-' AND translate(v.sm, '0123456789', '') = '-'
      THEN left(v.sm, 4) || substr(v.sm, 6, 2)
    WHEN v.sm ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2}([T ].*)?)?$' THEN left(v.sm, 4) || substr(v.sm, 6, 2)
    WHEN v.sm ~ '^[0-9]{6}$' THEN v.sm
    WHEN v.sm ~ '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}(\\s.*)?$'
      THEN left(split_part(v.sm, '/', 3), 4) || lpad(split_part(v.sm, '/', 1), 2, '0')
  END`;
  return sql`(
    SELECT ${importId}::bigint AS import_id, v.line_no,
           (CASE WHEN v.mo BETWEEN 1 AND 12 THEN make_date(v.y, v.mo, 1)
                 ELSE ${bad(sql`'sale month "' || v.sm || '" is not a date'`)}::date END) AS sale_month,
           upper(left(v.territory, 8)) AS territory,
           upper(replace(v.isrc, '-', '')) AS isrc,
           CASE WHEN length(v.upc) = 14 AND v.upc ~ '^0[0-9]{13}$' THEN substr(v.upc, 2) ELSE v.upc END AS upc,
           left(v.title, 300) AS title,
           (CASE WHEN translate(v.q, '0123456789', '') = '' AND length(v.q) <= 15 THEN v.q
                 WHEN v.q ~ ${sql.lit(WHOLE)} THEN v.q
                 ELSE ${bad(sql`'quantity "' || v.q || '" is not a whole number'`)} END)::bigint AS quantity,
           (CASE WHEN ${plainDecimal(sql`v.a`, sql`translate(v.a, '0123456789', '')`)} THEN v.a
                 WHEN v.a ~ ${sql.lit(DECIMAL)} THEN v.a
                 ELSE ${bad(sql`'amount "' || v.a || '" is not a number'`)} END)::numeric(24, 8) AS amount,
           upper(coalesce(nullif(v.cur, ''), ${mapping.currency ?? ''}::text)) AS currency,
           (CASE WHEN v.fx = '' THEN NULL WHEN v.fx ~ ${sql.lit(DECIMAL)} THEN v.fx
                 ELSE ${bad(sql`'exchange rate "' || v.fx || '" is not a number'`)} END)::numeric(20, 10) AS fx_rate
      FROM (
        -- OFFSET 0 keeps each cell's cleaning and the sale month's reading computed once per line (not flattened
        -- into every expression that reads them)
        SELECT v.*, coalesce(left(v.ym, 4)::int, 1) AS y, coalesce(right(v.ym, 2)::int, 0) AS mo
          FROM (SELECT v.*, ${ym} AS ym
                  FROM (SELECT r.line_no, ${cell(col.sale_month)} AS sm, ${cell(col.territory)} AS territory,
                               ${cell(col.isrc)} AS isrc, ${cell(col.upc)} AS upc, ${cell(col.title)} AS title,
                               coalesce(nullif(replace(${cell(col.quantity)}, ',', ''), ''), '0') AS q,
                               replace(${cell(col.amount)}, ',', '') AS a, ${cell(col.currency)} AS cur,
                               ${col.fx_rate ? cell(col.fx_rate) : sql`''`} AS fx
                          FROM ${sql.raw(rawTable(importId))} r OFFSET 0) v
                OFFSET 0) v
        OFFSET 0
      ) v
    OFFSET 0
  )`;
}

/** Whether an error is a bad cell raised by rawLinesSource; its message names the line. */
export function isBadLine(err: unknown): boolean {
  return (err as { code?: string })?.code === 'TL001';
}
