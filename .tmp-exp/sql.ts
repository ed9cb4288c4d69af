import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { normalisedCells } from '../server/src/modules/royalties/import.repository';
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://root@127.0.0.1:5432/exp' }) }) });
const grouped = sql`(SELECT sale_month, territory, isrc, upc, currency, fx_rate, count(*)::bigint AS lines,
      count(amount)::bigint AS amounts, coalesce(sum(quantity), 0)::bigint AS quantity,
      coalesce(sum(amount), 0) AS amount, coalesce(min(title COLLATE "C"), '') AS title
    FROM p1 GROUP BY sale_month, territory, isrc, upc, currency, fx_rate)`;
const q = sql`CREATE UNLOGGED TABLE gx AS ${normalisedCells(grouped, '', null)}`.compile(db);
console.log(q.sql.replace('$1', "''").replace('$2', 'NULL'));
await db.destroy();
