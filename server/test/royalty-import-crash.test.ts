/**
 * Killing the import's worker (SIGKILL) while it copies a report in chunks, and again while it posts, then running
 * the import again: the report is posted once, every line once, the totals are the file's, the staged tables are
 * gone and the ledger's invariants hold.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImport } from '../src/modules/royalties/import.service';
import { runImport } from '../src/modules/royalties/import-run';
import { balancesOf } from '../src/modules/royalties/ledger';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import { createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { killWhen } from './kill-when';
import { catalogue } from './royalty-fixtures';

let t: TestApp;
let dir: string;
let musician: number;
const ip = ipSequence(216);
/** Lines per report: about 18 MiB, so the import cuts it into chunks copied at once. */
const LINES = 400_000;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'royalty-crash-'));
  musician = (await registerUser(t, {}, ip())).userinfo.id;
  await t.sql('update users set rate = 70 where id = $1', [musician]);
  await catalogue(t, musician, '6900000000042', ['CNA012600011', 'CNA012600012']);
});
afterAll(async () => {
  await t?.close();
});

/** A statement of LINES lines (a tenth unmatched), and its total in fen. */
async function report(name: string): Promise<{ file: string; totalFen: bigint }> {
  const file = path.join(dir, name);
  const lines = ['sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate'];
  let total = 0n;
  const isrcs = ['CNA012600011', 'CNA012600012', 'CNZZZ2600500'];
  for (let i = 0; i < LINES; i++) {
    const fen = (i % 997) + 1;
    total += BigInt(fen);
    lines.push(
      `2026-0${1 + (i % 6)},${['CN', 'US', 'JP', 'GB'][i % 4]},${isrcs[i % 10 === 9 ? 2 : i % 2]},,A title ${i % 50},${i % 9},${(fen / 100).toFixed(2)},CNY,`,
    );
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return { file, totalFen: total };
}

/**
 * Waits for the killed worker's session to end: its database sessions go when the server notices the closed socket,
 * a moment after the kill (a worker's retry comes seconds later; the test reruns at once).
 */
async function sessionGone(importId: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const held = await one(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 4263 and objid = $1 and objsubid = 2`,
      [importId],
    );
    if (held.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the killed worker still holds import ${importId}'s lock`);
}

function child(importId: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'royalty-import-crash-child.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.deps.config.dataDir,
      LOG_LEVEL: 'silent',
      DB_POOL_MAX: '5',
      CRASH_IMPORT_ID: String(importId),
    },
    stdio: 'ignore',
  });
}

async function one(sql: string, params: unknown[] = []) {
  return (await t.sql(sql, params)).rows[0];
}

async function expectPostedOnce(id: number, totalFen: bigint, before: bigint) {
  const row = await one(
    `select state, lines, total_fen::text as total, share_fen::text as share from royalty_imports where id = $1`,
    [id],
  );
  expect(row).toMatchObject({ state: 'posted', lines: LINES, total: totalFen.toString() });
  expect((await one(`select count(*)::int as n from royalty_lines where import_id = $1`, [id])).n).toBe(LINES);
  expect(
    (await one(`select count(*)::int as n from ledger_transactions where kind = 'import' and import_id = $1`, [id])).n,
  ).toBe(1);
  // the musician's share of this report, once
  expect((await balancesOf(t.deps.database.db, musician))!.available - before).toBe(BigInt(row.share));
  expect((await one(`select count(*)::int as n from royalty_matches where import_id = $1`, [id])).n).toBe(3);
  const staged = await one(
    `select count(*)::int as n from pg_class where relkind = 'r' and not relispartition
        and relname ~ $1`,
    [`^royalty_(lines|groups|matches)_${id}_[0-9]+$`],
  );
  expect(staged.n).toBe(0);
  expect(await checkLedger(t.deps.database.db)).toMatchObject({ ok: true, entries_total: '0' });
}

async function newImport(file: string, month: string) {
  const { id } = await createImport(
    t.deps,
    { platform_code: 'qq_music', format: 'csv', mapping_code: 'generic', accounting_month: month },
    { path: file, name: path.basename(file) },
    null,
  );
  return id;
}

describe('an import killed part way', () => {
  it('while copying its chunks: run again, it posts once with the same totals', async () => {
    const { file, totalFen } = await report('copy.csv');
    const id = await newImport(file, '2026-08');
    const before = (await balancesOf(t.deps.database.db, musician))?.available ?? 0n;
    const midway = await killWhen(
      child(id),
      async () => (await one(`select rows_done from royalty_imports where id = $1`, [id])).rows_done > 0,
      { pollMs: 5, tries: 6000 },
    );
    expect(midway).toBe(true);
    expect((await one(`select state from royalty_imports where id = $1`, [id])).state).toBe('running');
    expect((await balancesOf(t.deps.database.db, musician))?.available ?? 0n).toBe(before);
    await sessionGone(id);
    await runImport(t.deps, id);
    await runImport(t.deps, id);
    await expectPostedOnce(id, totalFen, before);
  });

  it('while posting: nothing of it stays, and the rerun posts once', async () => {
    const { file, totalFen } = await report('post.csv');
    const id = await newImport(file, '2026-09');
    const before = (await balancesOf(t.deps.database.db, musician))!.available;
    // the posting waits inside its transaction, where the kill finds it
    await t.sql(`create function slow_shares() returns trigger as $$ begin perform pg_sleep(2); return null; end $$
                 language plpgsql;
                 create trigger slow_shares before insert on royalty_shares for each statement execute function slow_shares();`);
    try {
      const midway = await killWhen(child(id), async () => {
        const r = await one(
          `select count(*)::int as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and query like '%INSERT INTO royalty_shares%'`,
        );
        return r.n > 0;
      });
      expect(midway).toBe(true);
    } finally {
      await t.sql(`drop trigger slow_shares on royalty_shares; drop function slow_shares();`);
    }
    expect((await one(`select state from royalty_imports where id = $1`, [id])).state).toBe('running');
    await sessionGone(id);
    await runImport(t.deps, id);
    await expectPostedOnce(id, totalFen, before);
  });
});
