/** The report's keys (ISRC, UPC), matched in parts by the connections that staged its chunks. */

import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import type { Deps } from '../../platform/deps';
import { groupsSource } from './import.repository';
import { aggTable, groupTable, keyTable, type Part, type PartTotals } from './line-chunks';

/**
 * Once every chunk is grouped: one row per (ISRC, UPC) of the report with its totals, matched to a track by ISRC,
 * else to a release by UPC (album lines), into `royalty_matches_<id>_<part>`: the keys are shared out among the
 * staging connections by a hash of the key, so each matches its part at once. The posting attaches the parts as the
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
  // every chunk's groups; each group carries its key's part (line-chunks.ts keyPart)
  const groups = groupsSource(Array.from({ length: chunks }, (_, i) => groupTable(importId, i + 1)));
  await client.query('BEGIN');
  await client.query('SET LOCAL synchronous_commit = off');
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(`SET LOCAL jit = off`);
  await client.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
  await client.query(
    `CREATE TABLE ${t} (LIKE royalty_matches INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
       CHECK (import_id = ${importId}), CHECK (part = ${part}))`,
  );
  // the part's totals come back from the insert itself (a second read of the keys cost as much as a tenth of it)
  const q = sql<PartTotals>`
    WITH k AS (
    INSERT INTO ${sql.id(t)} (id, import_id, part, isrc, upc, title, lines, quantity, net_cny, first_month, last_month,
                              state, user_id, work_id, track_id)
    SELECT ${importId}::bigint * 4294967296 + ${part}::bigint * 268435456 + nextval('pg_temp.royalty_key_n'),
           ${importId}, ${part},
           k.isrc, k.upc, k.title, k.lines, k.quantity, k.net, k.first_month, k.last_month,
           CASE WHEN coalesce(tw.user_id, uw.user_id) IS NULL THEN 'unmatched' ELSE 'matched' END,
           coalesce(tw.user_id, uw.user_id), coalesce(tw.id, uw.id), CASE WHEN tw.id IS NOT NULL THEN t.id END
      FROM (SELECT isrc, upc, coalesce(min(title COLLATE "C"), '') AS title, royalty_sum8(lines) AS lines,
                   royalty_sum8(quantity) AS quantity, coalesce(sum(net), 0) AS net,
                   coalesce(min(sale_month), '-infinity') AS first_month,
                   coalesce(max(sale_month), '-infinity') AS last_month
              FROM ${groups} n
             WHERE part = ${part}
             GROUP BY isrc, upc) k
      LEFT JOIN work_tracks t ON k.isrc <> '' AND t.isrc = k.isrc
      LEFT JOIN works tw ON tw.id = t.work_id
      LEFT JOIN works uw ON tw.id IS NULL AND k.upc <> '' AND uw.upc = k.upc
    RETURNING state, lines, net_cny)
    SELECT coalesce(sum(lines) FILTER (WHERE state = 'unmatched'), 0)::int AS unmatched_lines,
           coalesce(sum(lines), 0)::int AS all_lines,
           coalesce(sum(net_cny) FILTER (WHERE state = 'unmatched'), 0)::text AS unmatched_net
      FROM k`.compile(deps.database.db);
  // a key's number in its part: a temporary sequence (a window's row_number() kept every key in a tuplestore first)
  await client.query('CREATE TEMP SEQUENCE royalty_key_n CACHE 1000');
  const totals = (await client.query<PartTotals>(q.sql, q.parameters as unknown[])).rows[0]!;
  await client.query('DROP SEQUENCE pg_temp.royalty_key_n');
  // this part's matched money per musician, track, territory and sale month (the posting adds the rate in force)
  const a = sql`CREATE UNLOGGED TABLE ${sql.id(aggTable(importId, part))} AS
    SELECT m.user_id, m.work_id, m.track_id, n.territory, n.sale_month, royalty_sum8(n.quantity) AS quantity,
           sum(n.net) AS net
      FROM ${groups} n JOIN ${sql.id(t)} m ON m.isrc = n.isrc AND m.upc = n.upc AND m.state = 'matched'
     WHERE n.part = ${part}
     GROUP BY m.user_id, m.work_id, m.track_id, n.territory, n.sale_month`.compile(deps.database.db);
  await client.query(a.sql, a.parameters as unknown[]);
  await client.query('COMMIT');
  return { part, ...totals };
}
