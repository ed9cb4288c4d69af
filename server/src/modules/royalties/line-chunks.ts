/**
 * How a report's lines get into the database: straight into tables of the import's own (`royalty_lines_<id>_<k>`,
 * one per chunk of the file), which the posting transaction attaches as partitions of royalty_lines (migration
 * 0022). Each chunk is summed by its distinct cells into `royalty_groups_<id>_<k>` right after its COPY, on the
 * same connection, so the posting reads groups, never the lines again; then the connections match the report's keys
 * in parts (key-parts.ts).
 *
 * - The fast way, for a CSV/TSV (chunk-copy.ts): the file's bytes go to PostgreSQL `COPY` as they are.
 * - The careful way, for a DSR or a CSV COPY cannot take (chunk-careful.ts): lines read and checked in JavaScript.
 *
 * This file holds what both share: the staged tables' names, creating and grouping a chunk, dropping what an
 * unfinished run staged, and attaching it all in the posting. Staged tables are the import's alone and unattached
 * until its posting commits: a crash leaves them behind, and the rerun drops them and stages again.
 */

import { type RawBuilder, sql } from 'kysely';
import type { PoolClient } from 'pg';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { groupedCells, groupProblems, normalisedCells } from './import.repository';

export const chunkTable = (importId: number, k: number) => `royalty_lines_${importId}_${k}`;
export const groupTable = (importId: number, k: number) => `royalty_groups_${importId}_${k}`;
/** A chunk's groups of one part of the report's keys: a partition of the chunk's groups (groupChunk). */
export const groupPartTable = (importId: number, k: number, part: number) => `royalty_groups_${importId}_${k}_${part}`;
export const keyTable = (importId: number, part: number) => `royalty_matches_${importId}_${part}`;
export const aggTable = (importId: number, part: number) => `royalty_aggs_${importId}_${part}`;
/** A part's matched keys (key-parts.ts stageMoneyPart), which its money and its keys both read. */
export const foundTable = (importId: number, part: number) => `royalty_found_${importId}_${part}`;

/** What a chunk's groups say of its cells (import.repository.ts groupProblems). */
export interface ChunkProblems {
  /** Cells COPY took that the careful reader refuses (the import reads the file again the careful way). */
  bad_cells: boolean;
  /** Foreign money with no rate anywhere. */
  no_rate: boolean;
  /** Σ CNY net of the chunk's lines, exact (a decimal string). */
  net: string;
}

/** The unmatched totals of a part of the report's keys. */
export interface PartTotals {
  /** Lines of unmatched keys, and of all keys. */
  unmatched_lines: number;
  all_lines: number;
  /** Σ CNY net of the unmatched keys, exact (a decimal string). */
  unmatched_net: string;
}

/** A staged chunk: its lines (`royalty_lines_<id>_<k>`), their groups (`royalty_groups_<id>_<k>`) and where its lines sit in the file. */
export interface Chunk extends ChunkProblems {
  chunk: number;
  /** The file's line number of the chunk's first line (a DSR: the report's n-th sales line). */
  first_line: number;
  lines: number;
}

/** A part of the report's keys (`royalty_matches_<id>_<p>`). */
export interface Part extends PartTotals {
  part: number;
}

/** A part's matched money (`royalty_aggs_<id>_<p>`): its lines and CNY net (exact). */
export interface MoneyPart {
  part: number;
  matched_lines: number;
  matched_net: string;
}

/**
 * What staging leaves for the posting: the file's chunks, in file order, and each part's matched money, all in;
 * the parts' keys may still be landing (`keys` settles when they are): the posting starts without them and checks
 * them before it attaches them.
 */
export interface Staging {
  chunks: Chunk[];
  money: MoneyPart[];
  keys: Promise<Part[]>;
}

/** The roles a line's cells play, in royalty_lines' own column names. */
export const ROLES = [
  'sale_month',
  'territory',
  'isrc',
  'upc',
  'title',
  'quantity',
  'amount',
  'currency',
  'fx_rate',
] as const;

/**
 * Drops whatever an earlier, unfinished run of this import staged (its tables are never attached before posting; a
 * chunk's groups go with their partitions).
 */
export async function dropStaged(db: Db, importId: number): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND (c.relname LIKE ${`royalty\\_lines\\_${importId}\\_%`} OR c.relname LIKE ${`royalty\\_groups\\_${importId}\\_%`}
            OR c.relname LIKE ${`royalty\\_matches\\_${importId}\\_%`} OR c.relname LIKE ${`royalty\\_aggs\\_${importId}\\_%`}
            OR c.relname LIKE ${`royalty\\_found\\_${importId}\\_%`})`.execute(db);
  for (const r of rows) await sql`DROP TABLE IF EXISTS ${sql.id(r.name)}`.execute(db);
}

/**
 * Creates a chunk's table: royalty_lines' columns (a partition may order them its own way: the two bigints first,
 * so no line carries alignment padding, 8 bytes a line less to write and log), this import and chunk as defaults
 * and checks, an amount on every line (a line without one stops COPY, and the careful reader names it), and
 * `extra` cells.
 */
export async function createChunk(client: PoolClient, importId: number, k: number, extra: string[]): Promise<void> {
  await client.query(
    `CREATE TABLE ${chunkTable(importId, k)} (
       import_id bigint NOT NULL DEFAULT ${importId} CHECK (import_id = ${importId}),
       quantity bigint,
       chunk integer NOT NULL DEFAULT ${k} CHECK (chunk = ${k}),
       sale_month text, territory text, isrc text, upc text, title text,
       amount numeric NOT NULL, currency text, fx_rate numeric${extra.map((c) => `, ${c} text`).join('')})`,
  );
}

/**
 * The part (1…parts) of the report's keys a key (ISRC, UPC) is matched in: a hash of the key (masked, not abs():
 * abs() of the least integer overflows).
 */
export function keyPart(isrc: RawBuilder<unknown>, upc: RawBuilder<unknown>, parts: number): RawBuilder<number> {
  if (parts === 1) return sql<number>`1`;
  return sql<number>`((hashtext(${isrc} || '|' || ${upc}) & 2147483647) % ${sql.lit(parts)} + 1)`;
}

/** What normalising a report's cells needs besides them: its currency for cells without one, the import's rate. */
export interface Normalising {
  currency: string;
  fx_rate: string | null;
}

/**
 * Sums a chunk by its distinct cells (hashed, never sorted: a fresh table has no statistics and the planner would
 * sort a million lines), normalised per group (import.repository.ts normalisedCells), so the posting works on
 * groups. The groups land in one table per part of the report's keys (`royalty_groups_<id>_<k>_<p>`, partitions of
 * the chunk's `royalty_groups_<id>_<k>`), so each part reads its own groups whole: no other part's to filter out,
 * and a size the planner sees (it then hashes the catalogue, not the keys, when it matches them).
 */
export async function groupChunk(
  deps: Deps,
  client: PoolClient,
  importId: number,
  k: number,
  norm: Normalising,
  parts: number,
): Promise<ChunkProblems> {
  await client.query(`SET LOCAL enable_sort = off`);
  await client.query(`SET LOCAL jit = off`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
  const table = groupTable(importId, k);
  await client.query(`CREATE TABLE ${table} (
      sale_month date, sale_month_cell text, territory text, isrc text, upc text, currency text, fx numeric,
      net numeric, lines bigint, quantity bigint, amount numeric, title text, part integer NOT NULL
    ) PARTITION BY LIST (part)`);
  for (let p = 1; p <= parts; p++)
    await client.query(
      `CREATE UNLOGGED TABLE ${groupPartTable(importId, k, p)} PARTITION OF ${table} FOR VALUES IN (${p})`,
    );
  const grouped = groupedCells(sql.id(chunkTable(importId, k)));
  // each group carries the part of the report's keys it belongs to (key-parts.ts), hashed here once per group
  const q = sql`INSERT INTO ${sql.id(table)}
    SELECT n.*, ${keyPart(sql`n.isrc`, sql`n.upc`, parts)} AS part
      FROM (${normalisedCells(grouped, norm.currency, norm.fx_rate)}) n`.compile(deps.database.db);
  await client.query(q.sql, q.parameters as unknown[]);
  const p = groupProblems(sql`${sql.id(table)}`).compile(deps.database.db);
  return (await client.query<ChunkProblems>(p.sql, p.parameters as unknown[])).rows[0]!;
}

/**
 * In the posting transaction: the chunks become partitions of royalty_lines and the key parts the import's partitions
 * of royalty_matches (their checks imply the bounds, so no scan), the chunks' places are recorded, and the groups and
 * the parts' money, read, are dropped.
 */
export async function attachChunks(
  trx: Db,
  importId: number,
  staged: { chunks: Chunk[]; money: MoneyPart[] },
  keys: Part[],
): Promise<void> {
  for (const c of staged.chunks) {
    await sql`ALTER TABLE royalty_lines ATTACH PARTITION ${sql.id(chunkTable(importId, c.chunk))}
      FOR VALUES FROM (${sql.lit(importId)}, ${sql.lit(c.chunk)}) TO (${sql.lit(importId)}, ${sql.lit(c.chunk + 1)})`.execute(
      trx,
    );
    await sql`INSERT INTO royalty_line_chunks (import_id, chunk, first_line, lines)
      VALUES (${importId}, ${c.chunk}, ${c.first_line}, ${c.lines})`.execute(trx);
    await sql`DROP TABLE ${sql.id(groupTable(importId, c.chunk))}`.execute(trx);
  }
  for (const p of staged.money) {
    await sql`DROP TABLE ${sql.id(aggTable(importId, p.part))}`.execute(trx);
    await sql`DROP TABLE ${sql.id(foundTable(importId, p.part))}`.execute(trx);
  }
  for (const p of keys)
    await sql`ALTER TABLE royalty_matches ATTACH PARTITION ${sql.id(keyTable(importId, p.part))}
      FOR VALUES FROM (${sql.lit(importId)}, ${sql.lit(p.part)}) TO (${sql.lit(importId)}, ${sql.lit(p.part + 1)})`.execute(
      trx,
    );
}
