/**
 * The report's keys (ISRC, UPC), matched in parts by the connections that staged its chunks: each part matches its
 * distinct keys to the catalogue once (`royalty_found_<id>_<p>`, the matched ones), from which come first its matched
 * money (what the posting needs, so it can start) and then its keys for the console's queue (which the posting
 * attaches last). Money and keys read one match, so they agree even when a release is edited while the import stages.
 */

import { type RawBuilder, sql } from 'kysely';
import type { PoolClient } from 'pg';
import type { Deps } from '../../platform/deps';
import { groupsSource } from './import.repository';
import {
  aggTable,
  foundTable,
  groupPartTable,
  keyTable,
  type MoneyPart,
  type Part,
  type PartTotals,
} from './line-chunks';

/** A part's groups of every chunk as one source (line-chunks.ts groupChunk: one table per chunk and part). */
const partGroups = (importId: number, chunks: number, part: number) =>
  groupsSource(Array.from({ length: chunks }, (_, i) => groupPartTable(importId, i + 1, part)));

/**
 * How a key (ISRC, UPC) is matched: to a track by its ISRC (`t`, joined first with its work `tw`, so a key probes
 * them once), else to a release by its UPC (`uw`, album lines). An empty ISRC or UPC looks nothing up.
 */
const matchJoins = (k: RawBuilder<unknown>) => sql`
      LEFT JOIN (work_tracks t JOIN works tw ON tw.id = t.work_id) ON t.isrc = nullif(${k}.isrc, '')
      LEFT JOIN works uw ON tw.id IS NULL AND uw.upc = nullif(${k}.upc, '')`;
const MATCHED_USER = sql`coalesce(tw.user_id, uw.user_id)`;
const MATCHED_WORK = sql`coalesce(tw.id, uw.id)`;
const MATCHED_TRACK = sql`CASE WHEN tw.id IS NOT NULL THEN t.id END`;

/**
 * Whether a part looks the catalogue up by its indexes, one key at a time (the catalogue holds more than twice as
 * many tracks as the part has groups), rather than hashing it whole. The planner cannot choose: the part's groups
 * are fresh tables with no statistics, and its cost model, with everything cached, prices a hash of a million tracks
 * below fifty thousand index lookups (measured: 1.5 s against 0.3 s a part, with a million tracks; with a thousand
 * tracks the hash takes a tenth of the lookups).
 */
async function lookUpByIndex(deps: Deps, client: PoolClient, importId: number, chunks: number, part: number) {
  const q = sql<{ by_index: boolean }>`
    SELECT (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'work_tracks'::regclass)
             > 2 * (SELECT count(*) FROM ${partGroups(importId, chunks, part)} n) AS by_index`.compile(
    deps.database.db,
  );
  return (await client.query<{ by_index: boolean }>(q.sql, q.parameters as unknown[])).rows[0]!.by_index;
}

async function begin(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  // staging is redone from the file after a crash: its commits need not wait for the disk (the posting's does)
  await client.query('SET LOCAL synchronous_commit = off');
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(`SET LOCAL jit = off`);
  await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
  // hashed, never sorted: the fresh group tables have no statistics, and the planner, guessing a few rows, would
  // sort every key in the collation's order (half of a part's time, measured)
  await client.query(`SET LOCAL enable_sort = off`);
}

/**
 * Once every chunk is grouped: the part's match, then its money. The match: the part's groups looked up (by ISRC to
 * a track, else by UPC to a release; all of a key's groups in one statement), the matched keys kept with their
 * musician, work and track in `royalty_found_<id>_<part>`. The money: the part's groups of matched keys summed per
 * musician, work, track, territory and sale month (the posting adds the rate in force) into
 * `royalty_aggs_<id>_<part>`, with the part's matched lines and CNY net.
 */
export async function stageMoneyPart(
  deps: Deps,
  client: PoolClient,
  importId: number,
  part: number,
  chunks: number,
): Promise<MoneyPart> {
  await begin(client);
  // (every join of the match has an index: work_tracks by ISRC, works by id and by UPC)
  const byIndex = await lookUpByIndex(deps, client, importId, chunks, part);
  if (byIndex) await client.query(`SET LOCAL enable_hashjoin = off`);
  const f = sql`CREATE UNLOGGED TABLE ${sql.id(foundTable(importId, part))} AS
    SELECT DISTINCT k.isrc, k.upc, ${MATCHED_USER} AS user_id, ${MATCHED_WORK} AS work_id,
           ${MATCHED_TRACK} AS track_id
      FROM ${partGroups(importId, chunks, part)} k
      ${matchJoins(sql`k`)}
     WHERE ${MATCHED_USER} IS NOT NULL`.compile(deps.database.db);
  await client.query(f.sql, f.parameters as unknown[]);
  // the matched keys are few beside the groups: hashed, whatever the catalogue's size
  if (byIndex) await client.query(`SET LOCAL enable_hashjoin = on`);
  const a = sql`CREATE UNLOGGED TABLE ${sql.id(aggTable(importId, part))} AS
    SELECT f.user_id, f.work_id, f.track_id, n.territory, n.sale_month, royalty_sum8(n.quantity) AS quantity,
           sum(n.net) AS net, royalty_sum8(n.lines) AS lines
      FROM ${partGroups(importId, chunks, part)} n
      JOIN ${sql.id(foundTable(importId, part))} f ON f.isrc = n.isrc AND f.upc = n.upc
     GROUP BY 1, 2, 3, 4, 5`.compile(deps.database.db);
  await client.query(a.sql, a.parameters as unknown[]);
  const { rows } = await client.query<{ matched_lines: string; matched_net: string }>(
    `SELECT coalesce(sum(lines), 0)::text AS matched_lines, coalesce(sum(net), 0)::text AS matched_net
       FROM ${aggTable(importId, part)}`,
  );
  await client.query('COMMIT');
  return { part, matched_lines: Number(rows[0]!.matched_lines), matched_net: rows[0]!.matched_net };
}

/**
 * Then the part's keys: one row per (ISRC, UPC) of the report with its totals and its match (the part's matched
 * keys, found with its money), into `royalty_matches_<id>_<part>`: the keys are shared out among the staging
 * connections by a hash of the key, so each does its part at once. The posting attaches the parts as the
 * import's partitions of royalty_matches. A key's id is import_id × 2³² + part × 2²⁸ + n, n counted by a temporary
 * sequence of the part's own transaction (no shared sequence, nothing left behind by a rollback).
 */
export async function stageKeyPart(
  deps: Deps,
  client: PoolClient,
  importId: number,
  part: number,
  chunks: number,
): Promise<Part> {
  const t = keyTable(importId, part);
  await begin(client);
  await client.query(
    `CREATE TABLE ${t} (LIKE royalty_matches INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
       CHECK (import_id = ${importId}), CHECK (part = ${part}))`,
  );
  // royalty_sumn (migration 0025): most keys have one group, whose net it takes as it is
  const q = sql`
    INSERT INTO ${sql.id(t)} (id, import_id, part, isrc, upc, title, lines, quantity, net_cny, first_month, last_month,
                              state, user_id, work_id, track_id)
    SELECT ${importId}::bigint * 4294967296 + ${part}::bigint * 268435456 + nextval('pg_temp.royalty_key_n'),
           ${importId}, ${part},
           k.isrc, k.upc, k.title, k.lines, k.quantity, k.net, k.first_month, k.last_month,
           CASE WHEN f.user_id IS NULL THEN 'unmatched' ELSE 'matched' END, f.user_id, f.work_id, f.track_id
      FROM (SELECT isrc, upc, coalesce(min(title COLLATE "C"), '') AS title, royalty_sum8(lines) AS lines,
                   royalty_sum8(quantity) AS quantity, coalesce(royalty_sumn(net), 0) AS net,
                   coalesce(min(sale_month), '-infinity') AS first_month,
                   coalesce(max(sale_month), '-infinity') AS last_month
              FROM ${partGroups(importId, chunks, part)} n
             GROUP BY isrc, upc) k
      LEFT JOIN ${sql.id(foundTable(importId, part))} f ON f.isrc = k.isrc AND f.upc = k.upc`.compile(deps.database.db);
  // a key's number in its part: a temporary sequence (a window's row_number() kept every key in a tuplestore first)
  await client.query('CREATE TEMP SEQUENCE royalty_key_n CACHE 1000');
  await client.query(q.sql, q.parameters as unknown[]);
  await client.query('DROP SEQUENCE pg_temp.royalty_key_n');
  // the part's totals read back from its table (RETURNING them through a CTE cost twice as much, measured)
  const totals = (
    await client.query<PartTotals>(
      `SELECT coalesce(sum(lines) FILTER (WHERE state = 'unmatched'), 0)::int AS unmatched_lines,
              coalesce(sum(lines), 0)::int AS all_lines,
              coalesce(sum(net_cny) FILTER (WHERE state = 'unmatched'), 0)::text AS unmatched_net
         FROM ${t}`,
    )
  ).rows[0]!;
  await client.query('COMMIT');
  return { part, ...totals };
}
