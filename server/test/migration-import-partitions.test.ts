/**
 * Migration 0022 on a database that already holds imported lines (the shape of 0011–0021): every line moves into a
 * partition of its import in line order, the matches are rebuilt per (import, ISRC, UPC) — a key whose lines were
 * handled one by one keeps the handled state, so no money can move twice — and each line reads back through
 * royalty_lines_cny with its number, rate and CNY amount.
 */
import { randomBytes } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/platform/db/migrator';

const adminUrl = inject('adminUrl');
const name = `tl_mig_${randomBytes(4).toString('hex')}`;
let db: Kysely<unknown>;
let pool: pg.Pool;
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  const before = Object.fromEntries(Object.entries(migrations).filter(([k]) => k < '0022'));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) throw error;
});
afterAll(async () => {
  await db?.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0022 on imported lines', () => {
  it('moves every line into its import partition and rebuilds the matches per key', async () => {
    await pool.query(`INSERT INTO royalty_imports (id, platform_code, format, mapping_code, file_path, accounting_month,
                        state, fx_rate)
                      VALUES (7, 'spotify', 'csv', 'generic', '/x', '2026-09-01', 'posted', 7.1)`);
    // three lines of one matched key, a key with one line matched later and one still unmatched, a USD line
    const line = (n: number, isrc: string, state: string, currency = 'CNY', fx = '1') =>
      pool.query(
        `INSERT INTO royalty_lines (id, import_id, line_no, platform_code, sale_month, territory, isrc, upc, title,
                                    quantity, amount, currency, fx_rate, net_cny, user_id, rate, match_state)
         VALUES (7 * 4294967296 + $1, 7, $1, 'spotify', '2026-08-01', 'CN', $2, '', 't' || $1, 1, 1.5, $4, $5::numeric,
                 1.5 * $5::numeric, CASE WHEN $3 IN ('matched', 'rematched') THEN 1 END, 70, $3)`,
        [n, isrc, state, currency, fx],
      );
    await line(3, 'CNA012600001', 'matched');
    await line(1, 'CNA012600001', 'matched');
    await line(2, 'CNA012600001', 'matched');
    await line(4, 'CNZZZ2600001', 'rematched');
    await line(5, 'CNZZZ2600001', 'unmatched');
    await line(6, 'CNZZZ2600002', 'unmatched', 'USD', '7.1');
    await migrateToLatest(db);

    const lines = await pool.query(
      `SELECT line_no::int, title, isrc, sale_month, fx_rate::text, net_cny::text FROM royalty_lines_cny
        WHERE import_id = 7 ORDER BY line_no`,
    );
    // a statement's lines are numbered in the file, after its header
    expect(lines.rows.map((r) => [r.line_no, r.title])).toEqual([
      [2, 't1'],
      [3, 't2'],
      [4, 't3'],
      [5, 't4'],
      [6, 't5'],
      [7, 't6'],
    ]);
    expect(lines.rows[0]).toMatchObject({ isrc: 'CNA012600001', sale_month: '2026-08-01' });
    expect(lines.rows[5]).toMatchObject({ fx_rate: '7.1000000000', net_cny: '10.650000000000000000' });
    const keys = await pool.query(
      `SELECT isrc, state, lines::int, net_cny::text, id - import_id * 4294967296 > 0 AS numbered
         FROM royalty_matches WHERE import_id = 7 ORDER BY isrc`,
    );
    expect(keys.rows).toEqual([
      { isrc: 'CNA012600001', state: 'matched', lines: 3, net_cny: '4.500000000000000000', numbered: true },
      { isrc: 'CNZZZ2600001', state: 'rematched', lines: 2, net_cny: '3.000000000000000000', numbered: true },
      { isrc: 'CNZZZ2600002', state: 'unmatched', lines: 1, net_cny: '10.650000000000000000', numbered: true },
    ]);
    const part = await pool.query(
      `SELECT c.relname, c.relispartition FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'royalty_lines'::regclass`,
    );
    expect(part.rows).toEqual([{ relname: 'royalty_lines_7_1', relispartition: true }]);
    expect((await pool.query(`SELECT to_regclass('royalty_staging') AS t`)).rows[0].t).toBeNull();
  });
});
