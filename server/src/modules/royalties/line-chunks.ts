/**
 * How a report's lines get into the database: straight into tables of the import's own (`royalty_lines_<id>_<k>`,
 * one per chunk of the file), which the posting transaction attaches as partitions of royalty_lines (migration
 * 0022). Each chunk is summed by its distinct cells into `royalty_groups_<id>_<k>` right after its COPY, on the
 * same connection, so the posting reads groups, never the lines again.
 *
 * - The fast way, for a CSV/TSV: the file's bytes go to PostgreSQL `COPY` as they are, the quantity, amount and
 *   exchange rate typed by COPY itself. A big file is cut at line boundaries into `IMPORT_COPY_STREAMS` chunks
 *   copied at once over as many connections (a comma file only when it has no quotes: a quoted cell may hold a
 *   line break). A file COPY cannot take (a cell that does not read as its type, a line with more or fewer cells,
 *   bytes that are not UTF-8) answers `false`: the careful way reads it then.
 * - The careful way (a DSR, or such a CSV): lines read and checked in JavaScript, which names a bad line, written
 *   normalised with COPY into one chunk.
 *
 * Staged tables are the import's alone and unattached until its posting commits: a crash leaves them behind, and
 * the rerun drops them (`dropStaged`) and stages again.
 */

import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import type { ColumnMapping } from './csv-statement';
import { groupProblems, groupsSource, normalisedCells } from './import.repository';
import { StatementError, type StatementLine } from './statement-line';

export const chunkTable = (importId: number, k: number) => `royalty_lines_${importId}_${k}`;
export const groupTable = (importId: number, k: number) => `royalty_groups_${importId}_${k}`;
export const keyTable = (importId: number, part: number) => `royalty_matches_${importId}_${part}`;
export const aggTable = (importId: number, part: number) => `royalty_aggs_${importId}_${part}`;

/** What a chunk's groups say of its cells (import.repository.ts groupProblems). */
export interface ChunkProblems {
  /** Cells COPY took that the careful reader refuses (the import reads the file again the careful way). */
  bad_cells: boolean;
  /** Foreign money with no rate anywhere. */
  no_rate: boolean;
}

/** The unmatched totals of a part of the report's keys. */
export interface PartTotals {
  /** Lines of unmatched keys, and of all keys. */
  unmatched_lines: number;
  all_lines: number;
  /** Σ CNY net of the unmatched keys, exact (a decimal string). */
  unmatched_net: string;
}

/**
 * A staged chunk: its lines (`royalty_lines_<id>_<k>`), their groups (`royalty_groups_<id>_<k>`), the part of the
 * report's keys its connection matched (`royalty_matches_<id>_<k>`) with that part's matched money
 * (`royalty_aggs_<id>_<k>`), and where its lines sit in the file.
 */
export interface Chunk extends ChunkProblems, PartTotals {
  chunk: number;
  /** The file's line number of the chunk's first line (a DSR: the report's n-th sales line). */
  first_line: number;
  lines: number;
}

/** A file smaller than this is copied in one chunk (a partition per import, not per few lines). */
const SPLIT_MIN_BYTES = 16 * 2 ** 20;

/** The roles a line's cells play, in royalty_lines' own column names. */
const ROLES = ['sale_month', 'territory', 'isrc', 'upc', 'title', 'quantity', 'amount', 'currency', 'fx_rate'] as const;

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

/** Drops whatever an earlier, unfinished run of this import staged (its tables are never attached before posting). */
export async function dropStaged(db: Db, importId: number): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = current_schema() AND c.relkind = 'r' AND NOT c.relispartition
       AND (c.relname LIKE ${`royalty\\_lines\\_${importId}\\_%`} OR c.relname LIKE ${`royalty\\_groups\\_${importId}\\_%`}
            OR c.relname LIKE ${`royalty\\_matches\\_${importId}\\_%`} OR c.relname LIKE ${`royalty\\_aggs\\_${importId}\\_%`})`.execute(
    db,
  );
  for (const r of rows) await sql`DROP TABLE IF EXISTS ${sql.id(r.name)}`.execute(db);
}

/** Creates a chunk's table: royalty_lines' columns, this import and chunk as defaults and checks, and `extra` cells. */
async function createChunk(client: PoolClient, importId: number, k: number, extra: string[]): Promise<void> {
  const t = chunkTable(importId, k);
  await client.query(
    `CREATE TABLE ${t} (LIKE royalty_lines, CHECK (import_id = ${importId}), CHECK (chunk = ${k})${extra
      .map((c) => `, ${c} text`)
      .join('')})`,
  );
  await client.query(`ALTER TABLE ${t} ALTER import_id SET DEFAULT ${importId}, ALTER chunk SET DEFAULT ${k}`);
}

/** What normalising a report's cells needs besides them: its currency for cells without one, the import's rate. */
export interface Normalising {
  currency: string;
  fx_rate: string | null;
}

/**
 * Sums a chunk by its distinct cells (hashed, never sorted: a fresh table has no statistics and the planner would
 * sort a million lines), normalised per group (import.repository.ts normalisedCells), so the posting works on
 * groups. Counts the amounts too: a line without one is refused.
 */
async function groupChunk(
  deps: Deps,
  client: PoolClient,
  importId: number,
  k: number,
  norm: Normalising,
): Promise<ChunkProblems> {
  await client.query(`SET LOCAL enable_sort = off`);
  await client.query(`SET LOCAL jit = off`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
  const grouped = sql`(SELECT sale_month, territory, isrc, upc, currency, fx_rate, count(*)::bigint AS lines,
      count(amount)::bigint AS amounts, coalesce(sum(quantity), 0)::bigint AS quantity,
      coalesce(sum(amount), 0) AS amount, coalesce(min(title COLLATE "C"), '') AS title
    FROM ${sql.id(chunkTable(importId, k))}
   GROUP BY sale_month, territory, isrc, upc, currency, fx_rate)`;
  const q = sql`CREATE UNLOGGED TABLE ${sql.id(groupTable(importId, k))} AS ${normalisedCells(
    grouped,
    norm.currency,
    norm.fx_rate,
  )}`.compile(deps.database.db);
  await client.query(q.sql, q.parameters as unknown[]);
  const p = groupProblems(sql`${sql.id(groupTable(importId, k))}`).compile(deps.database.db);
  return (await client.query<ChunkProblems>(p.sql, p.parameters as unknown[])).rows[0]!;
}

/** Counts the lines going by (for the console's progress), passing the bytes on untouched. */
function lineCounter(onLines: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let n = 0;
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

/** Whether the file holds a byte (a quote), read in large blocks. */
async function contains(file: string, byte: number): Promise<boolean> {
  for await (const block of createReadStream(file, { highWaterMark: 1 << 20 }))
    if ((block as Buffer).includes(byte)) return true;
  return false;
}

/** Byte offsets cutting the file into `n` ranges, each ending just after a line break. */
async function cutPoints(file: string, size: number, n: number): Promise<number[]> {
  const fh = await open(file, 'r');
  try {
    const points = [0];
    const buf = Buffer.alloc(1 << 16);
    for (let k = 1; k < n; k++) {
      let at = Math.floor((size * k) / n);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, at);
        if (bytesRead === 0) {
          at = size;
          break;
        }
        const nl = buf.subarray(0, bytesRead).indexOf(10);
        if (nl >= 0) {
          at += nl + 1;
          break;
        }
        at += bytesRead;
      }
      if (at > points[points.length - 1]! && at < size) points.push(at);
    }
    points.push(size);
    return points;
  } finally {
    await fh.close();
  }
}

class CopyRefused extends Error {}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The fast way: the CSV/TSV into chunk tables with COPY, each grouped. Answers the chunks, or `false` when COPY
 * could not take the file (nothing staged is left behind then).
 */
export async function copyFile(
  deps: Deps,
  importId: number,
  file: string,
  mapping: ColumnMapping,
  norm: Normalising,
  onLines: (n: number) => void,
  opts: { splitMinBytes?: number; streams?: number } = {},
): Promise<Chunk[] | false> {
  const header = await readHeader(file, mapping.delimiter);
  if (!header) return false;
  const missing = Object.values(mapping.columns).filter((name) => name && !header.includes(name));
  if (missing.length > 0) throw new StatementError(`the header lacks the column(s) ${missing.join(', ')}`, 1);
  if (new Set(header).size !== header.length) return false;
  // Each header cell lands in the column of the role the mapping gives it, or in an extra cell dropped after COPY.
  const cells = header.map((name, i) => {
    const roles = ROLES.filter((r) => mapping.columns[r] === name);
    return roles.length === 1 ? roles[0]! : roles.length === 0 ? `x${i + 1}` : null;
  });
  if (cells.includes(null)) return false;
  const columns = cells as string[];
  const extra = columns.filter((c) => c.startsWith('x'));

  const size = (await stat(file)).size;
  const tab = mapping.delimiter === '\t';
  const streams = opts.streams ?? deps.config.importCopyStreams;
  const split = streams > 1 && size >= (opts.splitMinBytes ?? SPLIT_MIN_BYTES) && (tab || !(await contains(file, 34)));
  const points = split ? await cutPoints(file, size, streams) : [0, size];
  // TSV statements carry quotes inside titles: no quoting there (a control character no statement has).
  const quote = tab ? `E'\\x01'` : `'"'`;
  const delimiter = tab ? `E'\\t'` : `'${mapping.delimiter}'`;

  const parts = points.length - 1;
  const counts = new Array<number>(parts).fill(0);
  const rows = new Array<number>(parts).fill(0);
  const found: Array<ChunkProblems & PartTotals> = [];
  // Each chunk's connection goes on to match one part of the report's keys once every chunk is grouped.
  const grouped = Array.from({ length: parts }, () => deferred());
  const allGrouped = Promise.all(grouped.map((g) => g.promise));
  allGrouped.catch(() => {});
  const copyChunk = async (k: number) => {
    const client = await deps.database.pool.connect();
    let groupedHere = false;
    try {
      await client.query('BEGIN');
      // staging is redone from the file after a crash: its commits need not wait for the disk (the posting's does)
      await client.query('SET LOCAL synchronous_commit = off');
      await createChunk(client, importId, k, extra);
      const sink = client.query(
        copyFrom(
          `COPY ${chunkTable(importId, k)} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER ${
            k === 1 ? 'true' : 'false'
          }, DELIMITER ${delimiter}, QUOTE ${quote}, ENCODING 'UTF8', FREEZE true)`,
        ),
      );
      await pipeline(
        createReadStream(file, { start: points[k - 1]!, end: points[k]! - 1, highWaterMark: 1 << 18 }),
        lineCounter((n) => {
          counts[k - 1]! += n;
          onLines(counts.reduce((s, c) => s + c, 0));
        }),
        sink,
      );
      rows[k - 1] = sink.rowCount;
      if (extra.length > 0)
        await client.query(`ALTER TABLE ${chunkTable(importId, k)} ${extra.map((c) => `DROP COLUMN ${c}`).join(', ')}`);
      const problems = await groupChunk(deps, client, importId, k, norm);
      await client.query('COMMIT');
      groupedHere = true;
      grouped[k - 1]!.resolve();
      await allGrouped;
      found[k - 1] = { ...problems, ...(await stageKeyPart(deps, client, importId, k, parts)) };
    } catch (err) {
      if (!groupedHere) grouped[k - 1]!.reject(err);
      await client.query('ROLLBACK').catch(() => {});
      const code = (err as { code?: string }).code ?? '';
      // data exceptions: a cell that does not read, a line with more or fewer cells, bytes that are not UTF-8
      if (code.startsWith('22')) throw new CopyRefused();
      throw err;
    } finally {
      client.release();
    }
  };
  const results = await Promise.allSettled(points.slice(1).map((_, i) => copyChunk(i + 1)));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await dropStaged(deps.database.db, importId);
    if ((failure as PromiseRejectedResult).reason instanceof CopyRefused) return false;
    throw (failure as PromiseRejectedResult).reason;
  }
  const chunks: Chunk[] = [];
  let line = 2;
  for (let k = 1; k < points.length; k++) {
    chunks.push({ chunk: k, first_line: line, lines: rows[k - 1]!, ...found[k - 1]! });
    line += rows[k - 1]!;
  }
  return chunks;
}

function copyText(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const BATCH = 2000;

async function* copyRows(lines: AsyncIterable<StatementLine>, onCount: (n: number) => Promise<void>) {
  let n = 0;
  let batch = '';
  for await (const l of lines) {
    n += 1;
    batch += `${l.sale_month}\t${copyText(l.territory)}\t${copyText(l.isrc)}\t${copyText(l.upc)}\t${copyText(
      l.title,
    )}\t${l.quantity}\t${l.amount}\t${copyText(l.currency)}\t${l.fx_rate === '' ? '\\N' : l.fx_rate}\n`;
    if (n % BATCH === 0) {
      yield batch;
      batch = '';
      await onCount(n);
    }
  }
  if (batch) yield batch;
  await onCount(n);
}

/**
 * The careful way: lines read and checked in JavaScript (a bad one throws StatementError naming it), written
 * normalised into chunk 1 with COPY and grouped. `firstLine` is the file's line of the first one.
 */
export async function copyLines(
  deps: Deps,
  importId: number,
  lines: AsyncIterable<StatementLine>,
  norm: Normalising,
  firstLine: number,
  onCount: (n: number) => Promise<void>,
): Promise<Chunk[]> {
  const client = await deps.database.pool.connect();
  let count = 0;
  let found: ChunkProblems & PartTotals;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');
    await createChunk(client, importId, 1, []);
    await pipeline(
      Readable.from(
        copyRows(lines, async (n) => {
          count = n;
          await onCount(n);
        }),
      ),
      client.query(copyFrom(`COPY ${chunkTable(importId, 1)} (${ROLES.join(', ')}) FROM STDIN WITH (FREEZE true)`)),
    );
    const problems = await groupChunk(deps, client, importId, 1, norm);
    await client.query('COMMIT');
    found = { ...problems, ...(await stageKeyPart(deps, client, importId, 1, 1)) };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return [{ chunk: 1, first_line: firstLine, lines: count, ...found }];
}

/**
 * Once every chunk is grouped: one row per (ISRC, UPC) of the report with its totals, matched to a track by ISRC,
 * else to a release by UPC (album lines), into `royalty_matches_<id>_<part>`: the keys are shared out among the
 * chunks' connections by a hash of the key, so each matches its part at once. The posting attaches the parts as the
 * import's partitions of royalty_matches. A key's id is import_id × 2³² + part × 2²⁸ + n: no sequence per key.
 */
async function stageKeyPart(
  deps: Deps,
  client: PoolClient,
  importId: number,
  part: number,
  parts: number,
): Promise<PartTotals> {
  const t = keyTable(importId, part);
  const groups = groupsSource(Array.from({ length: parts }, (_, i) => groupTable(importId, i + 1)));
  await client.query('BEGIN');
  await client.query('SET LOCAL synchronous_commit = off');
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(`SET LOCAL jit = off`);
  await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
  await client.query(
    `CREATE TABLE ${t} (LIKE royalty_matches INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
       CHECK (import_id = ${importId}), CHECK (part = ${part}))`,
  );
  const q = sql`
    INSERT INTO ${sql.id(t)} (id, import_id, part, isrc, upc, title, lines, quantity, net_cny, first_month, last_month,
                              state, user_id, work_id, track_id)
    SELECT ${importId}::bigint * 4294967296 + ${part}::bigint * 268435456 + row_number() OVER (), ${importId}, ${part},
           k.isrc, k.upc, k.title, k.lines, k.quantity, k.net, k.first_month, k.last_month,
           CASE WHEN coalesce(tw.user_id, uw.user_id) IS NULL THEN 'unmatched' ELSE 'matched' END,
           coalesce(tw.user_id, uw.user_id), coalesce(tw.id, uw.id), CASE WHEN tw.id IS NOT NULL THEN t.id END
      FROM (SELECT isrc, upc, coalesce(min(title COLLATE "C"), '') AS title, sum(lines)::bigint AS lines,
                   sum(quantity)::bigint AS quantity, coalesce(sum(amount * fx), 0) AS net,
                   coalesce(min(sale_month), '-infinity') AS first_month,
                   coalesce(max(sale_month), '-infinity') AS last_month
              FROM ${groups} n
             WHERE ${parts} = 1 OR abs(hashtext(isrc || '|' || upc)) % ${parts} = ${part - 1}
             GROUP BY isrc, upc) k
      LEFT JOIN work_tracks t ON k.isrc <> '' AND t.isrc = k.isrc
      LEFT JOIN works tw ON tw.id = t.work_id
      LEFT JOIN works uw ON tw.id IS NULL AND k.upc <> '' AND uw.upc = k.upc`.compile(deps.database.db);
  await client.query(q.sql, q.parameters as unknown[]);
  // this part's matched money per musician, track, territory and sale month (the posting adds the rate in force)
  const a = sql`CREATE UNLOGGED TABLE ${sql.id(aggTable(importId, part))} AS
    SELECT m.user_id, m.work_id, m.track_id, n.territory, n.sale_month, sum(n.quantity)::bigint AS quantity,
           sum(n.amount * n.fx) AS net
      FROM ${groups} n JOIN ${sql.id(t)} m ON m.isrc = n.isrc AND m.upc = n.upc AND m.state = 'matched'
     GROUP BY m.user_id, m.work_id, m.track_id, n.territory, n.sale_month`.compile(deps.database.db);
  await client.query(a.sql, a.parameters as unknown[]);
  const { rows } = await client.query<PartTotals>(
    `SELECT coalesce(sum(lines) FILTER (WHERE state = 'unmatched'), 0)::int AS unmatched_lines,
            coalesce(sum(lines), 0)::int AS all_lines,
            coalesce(sum(net_cny) FILTER (WHERE state = 'unmatched'), 0)::text AS unmatched_net
       FROM ${t}`,
  );
  await client.query('COMMIT');
  return rows[0]!;
}

/**
 * In the posting transaction: the chunks become partitions of royalty_lines and the keys the import's partition of
 * royalty_matches (their checks imply the bounds, so no scan), the chunks' places are recorded, and the groups,
 * read, are dropped.
 */
export async function attachChunks(trx: Db, importId: number, chunks: Chunk[]): Promise<void> {
  for (const c of chunks) {
    await sql`ALTER TABLE royalty_lines ATTACH PARTITION ${sql.id(chunkTable(importId, c.chunk))}
      FOR VALUES FROM (${sql.lit(importId)}, ${sql.lit(c.chunk)}) TO (${sql.lit(importId)}, ${sql.lit(c.chunk + 1)})`.execute(
      trx,
    );
    await sql`INSERT INTO royalty_line_chunks (import_id, chunk, first_line, lines)
      VALUES (${importId}, ${c.chunk}, ${c.first_line}, ${c.lines})`.execute(trx);
    await sql`DROP TABLE ${sql.id(groupTable(importId, c.chunk))}`.execute(trx);
  }
  for (const c of chunks) await sql`DROP TABLE ${sql.id(aggTable(importId, c.chunk))}`.execute(trx);
  for (const c of chunks)
    await sql`ALTER TABLE royalty_matches ATTACH PARTITION ${sql.id(keyTable(importId, c.chunk))}
      FOR VALUES FROM (${sql.lit(importId)}, ${sql.lit(c.chunk)}) TO (${sql.lit(importId)}, ${sql.lit(c.chunk + 1)})`.execute(
      trx,
    );
}
