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
    await client.query(
      `CREATE UNLOGGED TABLE ${table} (line_no bigint GENERATED ALWAYS AS IDENTITY, ${cells.map((c) => `${c} text`).join(', ')})`,
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

/** `x` is a whole number (optional minus, 1–15 digits): string functions, a regular expression costs ten times more. */
const wholeNumber = (x: RawBuilder<unknown>) =>
  sql`(length(ltrim(${x}, '-')) BETWEEN 1 AND 15 AND length(${x}) - length(ltrim(${x}, '-')) <= 1
       AND translate(${x}, '-0123456789', '') = '')`;
/** `x` is a decimal: optional minus, 1–15 digits, optionally a point and 1–10 digits. */
const decimalNumber = (x: RawBuilder<unknown>) =>
  sql`(translate(ltrim(${x}, '-'), '0123456789', '') IN ('', '.') AND length(${x}) - length(ltrim(${x}, '-')) <= 1
       AND length(split_part(ltrim(${x}, '-'), '.', 1)) BETWEEN 1 AND 15
       AND (position('.' IN ${x}) = 0 OR length(split_part(${x}, '.', 2)) BETWEEN 1 AND 10))`;
const digits = (x: RawBuilder<unknown>, n: number) =>
  sql`(length(${x}) = ${sql.lit(n)} AND translate(${x}, '0123456789', '') = '')`;

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
  const sm = sql`v.sm`;
  // YYYY-MM, YYYY-MM-DD (a time may follow), YYYYMM, else MM/DD/YYYY (a time may follow): [year, month] or NULL
  const ym = sql`CASE
    WHEN ${digits(sql`left(${sm}, 4)`, 4)} AND substr(${sm}, 5, 1) = '-' AND ${digits(sql`substr(${sm}, 6, 2)`, 2)}
         AND (length(${sm}) = 7 OR (substr(${sm}, 8, 1) = '-' AND ${digits(sql`substr(${sm}, 9, 2)`, 2)}
                                     AND (length(${sm}) = 10 OR substr(${sm}, 11, 1) IN ('T', ' '))))
      THEN ARRAY[left(${sm}, 4), substr(${sm}, 6, 2)]
    WHEN ${digits(sm, 6)} THEN ARRAY[left(${sm}, 4), substr(${sm}, 5, 2)]
    WHEN position('/' IN ${sm}) > 0
      THEN (SELECT ARRAY[m[2], m[1]] FROM regexp_match(${sm}, '^([0-9]{1,2})/[0-9]{1,2}/([0-9]{4})(?:\\s.*)?$') m)
  END`;
  return sql`(
    SELECT ${importId}::bigint AS import_id, v.line_no,
           (CASE WHEN v.mo BETWEEN 1 AND 12 THEN make_date(v.y, v.mo, 1)
                 ELSE ${bad(sql`'sale month "' || v.sm || '" is not a date'`)}::date END) AS sale_month,
           upper(left(v.territory, 8)) AS territory,
           upper(replace(v.isrc, '-', '')) AS isrc,
           CASE WHEN length(v.upc) = 14 AND left(v.upc, 1) = '0' AND ${digits(sql`v.upc`, 14)} THEN substr(v.upc, 2)
                ELSE v.upc END AS upc,
           left(v.title, 300) AS title,
           (CASE WHEN ${wholeNumber(sql`v.q`)} THEN v.q
                 ELSE ${bad(sql`'quantity "' || v.q || '" is not a whole number'`)} END)::bigint AS quantity,
           (CASE WHEN ${decimalNumber(sql`v.a`)} THEN v.a
                 ELSE ${bad(sql`'amount "' || v.a || '" is not a number'`)} END)::numeric(24, 8) AS amount,
           upper(coalesce(nullif(v.cur, ''), ${mapping.currency ?? ''}::text)) AS currency,
           (CASE WHEN v.fx = '' THEN NULL WHEN ${decimalNumber(sql`v.fx`)} THEN v.fx
                 ELSE ${bad(sql`'exchange rate "' || v.fx || '" is not a number'`)} END)::numeric(20, 10) AS fx_rate
      FROM (
        -- OFFSET 0 keeps each cell's cleaning and the sale month's reading computed once per line (not flattened
        -- into every expression that reads them)
        SELECT v.*, coalesce(p.m[1]::int, 1) AS y, coalesce(p.m[2]::int, 0) AS mo
          FROM (SELECT r.line_no, ${cell(col.sale_month)} AS sm, ${cell(col.territory)} AS territory,
                       ${cell(col.isrc)} AS isrc, ${cell(col.upc)} AS upc, ${cell(col.title)} AS title,
                       coalesce(nullif(replace(${cell(col.quantity)}, ',', ''), ''), '0') AS q,
                       replace(${cell(col.amount)}, ',', '') AS a, ${cell(col.currency)} AS cur,
                       ${col.fx_rate ? cell(col.fx_rate) : sql`''`} AS fx
                  FROM ${sql.raw(rawTable(importId))} r OFFSET 0) v
          CROSS JOIN LATERAL (SELECT ${ym} AS m OFFSET 0) p
        OFFSET 0
      ) v
    OFFSET 0
  )`;
}

/** Whether an error is a bad cell raised by rawLinesSource; its message names the line. */
export function isBadLine(err: unknown): boolean {
  return (err as { code?: string })?.code === 'TL001';
}
