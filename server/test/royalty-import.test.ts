/**
 * Store reports imported end to end (royalties module) on a real PostgreSQL, through the graphile-worker job:
 * a DSR file (matching by ISRC and UPC, shares by largest remainder, unmatched to suspense), the same message again
 * (refused), a regenerated one (replaces by reversal), a clawback, foreign currency, a bad footer, a crash before
 * the posting commits, and the upload call with its roles. The ledger's invariants are checked after each.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createImport } from '../src/modules/royalties/import.service';
import { runImport } from '../src/modules/royalties/import-run';
import { balancesOf } from '../src/modules/royalties/ledger';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import { call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { catalogue, dsrFile, dsrReportFiles, genericCsv } from './royalty-fixtures';

let t: TestApp;
/** Tables an import staged and its posting did not attach or drop. */
const STAGED_TABLES = `select count(*)::int as n from pg_class
  where relkind = 'r' and not relispartition
    and relname ~ '^royalty_(lines|groups|matches)_[0-9]+_[0-9]+$'`;
let dir: string;
let alice: number;
let bob: number;
const ip = ipSequence(212);

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'royalty-import-'));
  alice = (await registerUser(t, {}, ip())).userinfo.id;
  bob = (await registerUser(t, {}, ip())).userinfo.id;
  await t.sql('update users set rate = 70 where id = $1', [alice]);
  await t.sql('update users set rate = 50 where id = $1', [bob]);
  await catalogue(t, alice, '6900000000011', ['CNA012600001', 'CNA012600002']);
  await catalogue(t, bob, '6900000000028', ['CNA012600003']);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  const report = await checkLedger(t.deps.database.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, entries_total: '0' });
});

let fileSeq = 0;
async function importFile(
  text: string,
  fields: { platform_code?: string; format: 'dsr' | 'csv'; mapping_code?: string; fx_rate?: string; month?: string },
) {
  fileSeq += 1;
  const file = path.join(dir, `report-${fileSeq}.txt`);
  await writeFile(file, text);
  const { id } = await createImport(
    t.deps,
    {
      platform_code: fields.platform_code ?? 'spotify',
      format: fields.format,
      mapping_code: fields.mapping_code,
      fx_rate: fields.fx_rate,
      accounting_month: fields.month ?? '2026-10',
    },
    { path: file, name: `report-${fileSeq}.txt` },
    null,
  );
  await t.runJobs();
  return importRow(id);
}

async function importRow(id: number) {
  const { rows } = await t.sql(
    `select id, state, error, lines, unmatched_lines, total_fen::text, share_fen::text, platform_fen::text,
            suspense_fen::text, replaces_id from royalty_imports where id = $1`,
    [id],
  );
  return rows[0];
}

const available = async (userId: number) => (await balancesOf(t.deps.database.db, userId))?.available;

/** A platform account's balance in its normal direction (0 before its first posting). */
async function platformBalance(key: string): Promise<bigint> {
  const { rows } = await t.sql('select balance::text from ledger_accounts where key = $1', [key]);
  return BigInt(rows[0]?.balance ?? '0');
}

const firstReport = dsrFile({
  messageId: 'MSG-2026-07-A',
  sales: [
    { isrc: 'CNA012600001', territory: 'CN', usages: 1000, net: '12.34' },
    { isrc: 'CNA012600001', territory: 'CN', usages: 10, net: '0.01' },
    { isrc: 'CNA012600002', territory: 'US', usages: 400, net: '5.55' },
    { upc: '6900000000028', territory: 'CN', usages: 3, net: '3.33' },
    { isrc: 'CNZZZ2600099', territory: 'CN', usages: 50, net: '2.00' },
  ],
});

describe('a DSR report', () => {
  it('is matched by ISRC and UPC, shared on aggregates by largest remainder, unmatched money to suspense', async () => {
    const row = await importFile(firstReport, { format: 'dsr' });
    expect(row).toMatchObject({
      state: 'posted',
      lines: 5,
      unmatched_lines: 1,
      total_fen: '2323',
      suspense_fen: '200',
    });
    // Aggregates: alice CN 12.35 × 70% = 8.645, US 5.55 × 70% = 3.885; bob 3.33 × 50% = 1.665; the three
    // leftover fen (every remainder is .5) go to the first parts in order: alice 8.65 + 3.89, bob 1.66.
    expect(await available(alice)).toBe(1254n);
    expect(await available(bob)).toBe(166n);
    expect(BigInt(row.share_fen) + BigInt(row.platform_fen) + BigInt(row.suspense_fen)).toBe(2323n);
    const shares = await t.sql(
      `select user_id, territory, quantity::int, net_fen::int, rate, share_fen::int from royalty_shares
        where import_id = $1 order by user_id, territory`,
      [row.id],
    );
    expect(shares.rows).toEqual([
      { user_id: alice, territory: 'CN', quantity: 1010, net_fen: 1236, rate: 70, share_fen: 865 },
      { user_id: alice, territory: 'US', quantity: 400, net_fen: 555, rate: 70, share_fen: 389 },
      { user_id: bob, territory: 'CN', quantity: 3, net_fen: 332, rate: 50, share_fen: 166 },
    ]);
    // every line kept as read; the match kept once per (ISRC, UPC) with its totals
    expect((await t.sql(`select count(*)::int as n from royalty_lines where import_id = $1`, [row.id])).rows[0].n).toBe(
      5,
    );
    const keys = await t.sql(
      `select isrc, upc, state, lines::int, user_id::int from royalty_matches where import_id = $1 order by isrc, upc`,
      [row.id],
    );
    expect(keys.rows).toEqual([
      { isrc: '', upc: '6900000000028', state: 'matched', lines: 1, user_id: bob },
      { isrc: 'CNA012600001', upc: '', state: 'matched', lines: 2, user_id: alice },
      { isrc: 'CNA012600002', upc: '', state: 'matched', lines: 1, user_id: alice },
      { isrc: 'CNZZZ2600099', upc: '', state: 'unmatched', lines: 1, user_id: null },
    ]);
    const used = await t.sql(
      `select fx_rate::text, line_no::int from royalty_lines_cny where import_id = $1 order by line_no`,
      [row.id],
    );
    expect(used.rows.map((l) => l.line_no)).toEqual([1, 2, 3, 4, 5]);
    expect(used.rows[0]).toMatchObject({ fx_rate: '1' });
    const messages = await t.sql(`select count(*)::int as n from messages where user_id = $1 and kind = 'bill'`, [
      alice,
    ]);
    expect(messages.rows[0].n).toBe(1);
  });

  it('the same (sender, MessageId) again is refused and changes nothing', async () => {
    const row = await importFile(firstReport, { format: 'dsr' });
    expect(row.state).toBe('failed');
    expect(row.error).toMatch(/already imported/);
    expect(await available(alice)).toBe(1254n);
  });

  it('a regenerated report (new MessageId, same sender and period) replaces its predecessor by reversal', async () => {
    const first = (
      await t.sql(`select id from royalty_imports where message_id = 'MSG-2026-07-A' and state = 'posted'`)
    ).rows[0].id;
    const row = await importFile(
      dsrFile({
        messageId: 'MSG-2026-07-B',
        sales: [{ isrc: 'CNA012600001', territory: 'CN', usages: 1200, net: '20.00' }],
      }),
      { format: 'dsr' },
    );
    expect(row).toMatchObject({ state: 'posted', replaces_id: first, total_fen: '2000' });
    expect((await importRow(first)).state).toBe('replaced');
    expect(await available(alice)).toBe(1400n);
    expect(await available(bob)).toBe(0n);
    const reversal = await t.sql(
      `select count(*)::int as n from ledger_transactions where kind = 'import_reversal' and import_id = $1`,
      [first],
    );
    expect(reversal.rows[0].n).toBe(1);
  });

  it('a footer whose counts do not match, or a file cut short, is refused with the reason', async () => {
    const bad = await importFile(
      dsrFile({
        messageId: 'MSG-BAD-1',
        period: '2026-05',
        footLines: 99,
        sales: [{ isrc: 'CNA012600001', territory: 'CN', usages: 1, net: '1' }],
      }),
      { format: 'dsr' },
    );
    expect(bad).toMatchObject({ state: 'failed' });
    expect(bad.error).toMatch(/FOOT says 99 lines/);
    const cut = await importFile(
      dsrFile({
        messageId: 'MSG-BAD-2',
        period: '2026-05',
        cutShort: true,
        sales: [{ isrc: 'CNA012600001', territory: 'CN', usages: 1, net: '1' }],
      }),
      { format: 'dsr' },
    );
    expect(cut.error).toMatch(/without a FOOT/);
    expect((await t.sql(STAGED_TABLES)).rows[0].n).toBe(0);
  });
});

describe('a CSV statement', () => {
  it('a clawback (negative lines) lowers the balance by its share', async () => {
    const row = await importFile(
      genericCsv([{ month: '2026-06', territory: 'CN', isrc: 'CNA012600001', qty: -100, amount: '-5.00' }]),
      {
        format: 'csv',
        mapping_code: 'generic',
      },
    );
    expect(row).toMatchObject({ state: 'posted', total_fen: '-500' });
    expect(await available(alice)).toBe(1050n);
  });

  it('another currency needs a rate; the import rate converts it and both amounts stay on the line', async () => {
    const csv = genericCsv([
      { month: '2026-08', territory: 'US', isrc: 'CNA012600002', qty: 10, amount: '10.00', currency: 'USD' },
    ]);
    const refused = await importFile(csv, { format: 'csv', mapping_code: 'generic' });
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatch(/exchange rate/);
    const row = await importFile(csv, { format: 'csv', mapping_code: 'generic', fx_rate: '7.1234' });
    expect(row).toMatchObject({ state: 'posted', total_fen: '7123' });
    expect(await available(alice)).toBe(1050n + 4986n);
    const line = await t.sql(
      `select amount::text, currency, fx_rate::text, net_cny::numeric(20,4)::text as net from royalty_lines_cny where import_id = $1`,
      [row.id],
    );
    expect(line.rows[0]).toMatchObject({ amount: '10.00', currency: 'USD', fx_rate: '7.1234000000', net: '71.2340' });
  });

  it('a release edited while the import stages: its money and its keys read one match, and agree', async () => {
    // bob's track CNA012600099 is matched with the money; the moment the keys' table is created, its ISRC is edited
    // away (an event trigger, in the keys' own transaction): the keys still read the match the money was staged on
    await catalogue(t, bob, '6900000000097', ['CNA012600099']);
    const before = await available(bob);
    await t.sql(`create table race_log (at timestamptz not null default now());
      create function race() returns event_trigger language plpgsql as $$
      declare r record;
      begin
        for r in select * from pg_event_trigger_ddl_commands() loop
          if r.object_identity like '%royalty_matches_%' then
            update work_tracks set isrc = 'CNA012600098' where isrc = 'CNA012600099';
            if found then insert into race_log default values; end if;
          end if;
        end loop;
      end $$;
      create event trigger race on ddl_command_end when tag in ('CREATE TABLE') execute function race();`);
    try {
      const row = await importFile(
        genericCsv([{ month: '2026-07', territory: 'CN', isrc: 'CNA012600099', qty: 5, amount: '2.00' }]),
        { format: 'csv', mapping_code: 'generic' },
      );
      // one staging, the edit made during it: the line is bob's in the money and in the keys alike
      expect(row).toMatchObject({
        state: 'posted',
        lines: 1,
        unmatched_lines: 0,
        total_fen: '200',
        suspense_fen: '0',
      });
      expect(Number(row.share_fen)).toBeGreaterThan(0);
      expect((await t.sql('select count(*)::int as n from race_log')).rows[0].n).toBe(1);
      const key = await t.sql(
        `select state, user_id::int as user_id from royalty_matches where import_id = $1 and isrc = 'CNA012600099'`,
        [row.id],
      );
      expect(key.rows).toEqual([{ state: 'matched', user_id: bob }]);
      expect(await available(bob)).toBe((before ?? 0n) + BigInt(row.share_fen));
      expect((await t.sql(STAGED_TABLES)).rows[0].n).toBe(0);
    } finally {
      await t.sql('drop event trigger race; drop function race(); drop table race_log;');
    }
  });

  it("a sale takes the musician's rate in force in its month (the latest change on or before it, else the user's)", async () => {
    const carol = (await registerUser(t, {}, ip())).userinfo.id;
    await t.sql('update users set rate = 60 where id = $1', [carol]);
    await catalogue(t, carol, '6900000000035', ['CNA012600009']);
    await t.sql(
      `insert into user_rate_changes (user_id, effective_from, rate) values ($1, '2026-07-01', 80), ($1, '2026-09-01', 90)`,
      [carol],
    );
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
    const row = await importFile(
      genericCsv(months.map((month) => ({ month, territory: 'CN', isrc: 'CNA012600009', qty: 1, amount: '0.00' }))),
      { format: 'csv', mapping_code: 'generic' },
    );
    expect(row.state).toBe('posted');
    const lines = await t.sql(
      `select to_char(sale_month, 'YYYY-MM') as month, rate, user_id::int from royalty_shares where import_id = $1 order by sale_month`,
      [row.id],
    );
    expect(lines.rows).toEqual([
      { month: '2026-06', rate: 60, user_id: carol },
      { month: '2026-07', rate: 80, user_id: carol },
      { month: '2026-08', rate: 80, user_id: carol },
      { month: '2026-09', rate: 90, user_id: carol },
      { month: '2026-10', rate: 90, user_id: carol },
    ]);
  });

  it('a line the mapping cannot read names its line number', async () => {
    const row = await importFile(
      'sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n2026-08,CN,CNA012600001,,x,1,abc,CNY,\n',
      {
        format: 'csv',
        mapping_code: 'generic',
      },
    );
    expect(row.state).toBe('failed');
    expect(row.error).toMatch(/line 2: amount "abc"/);
  });
});

describe('one import run at a time', () => {
  it('two workers running the same import at once post it once', async () => {
    const before = (await available(alice))!;
    fileSeq += 1;
    const file = path.join(dir, `twice-${fileSeq}.csv`);
    await writeFile(
      file,
      genericCsv([{ month: '2026-09', territory: 'CN', isrc: 'CNA012600001', qty: 2, amount: '4.00' }]),
    );
    const { id } = await createImport(
      t.deps,
      { platform_code: 'qq_music', format: 'csv', mapping_code: 'generic', accounting_month: '2026-04' },
      { path: file, name: 'twice.csv' },
      null,
    );
    // the second run finds the first one's lock and stops (its job would be retried, then find the import posted)
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => runImport(t.deps, id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(String(o.reason)).toMatch(/being run by another worker/);
    await runImport(t.deps, id);
    expect(await importRow(id)).toMatchObject({ state: 'posted', lines: 1, total_fen: '400' });
    expect(await available(alice)).toBe(before + 280n);
    const { rows } = await t.sql(
      `select count(*)::int as n from ledger_transactions where kind = 'import' and import_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('a crash before the posting commits', () => {
  it('leaves nothing posted; the rerun gives the same result, once', async () => {
    const before = await available(alice);
    await t.sql(`create function boom() returns trigger as $$ begin raise exception 'worker killed'; end $$ language plpgsql;
                 create trigger boom before insert on royalty_shares execute function boom();`);
    fileSeq += 1;
    const file = path.join(dir, `crash-${fileSeq}.csv`);
    await writeFile(
      file,
      genericCsv([{ month: '2026-09', territory: 'CN', isrc: 'CNA012600001', qty: 5, amount: '3.00' }]),
    );
    const { id } = await createImport(
      t.deps,
      { platform_code: 'qq_music', format: 'csv', mapping_code: 'generic', accounting_month: '2026-10' },
      { path: file, name: 'crash.csv' },
      null,
    );
    await expect(runImport(t.deps, id)).rejects.toThrow(/worker killed/);
    expect((await importRow(id)).state).toBe('running');
    expect(await available(alice)).toBe(before);
    expect((await t.sql(`select count(*)::int as n from royalty_lines where import_id = $1`, [id])).rows[0].n).toBe(0);
    await t.sql(`drop trigger boom on royalty_shares; drop function boom();`);
    await runImport(t.deps, id);
    await runImport(t.deps, id);
    expect(await importRow(id)).toMatchObject({ state: 'posted', lines: 1, total_fen: '300' });
    expect(await available(alice)).toBe(before! + 210n);
  });
});

describe('the upload call', () => {
  it('finance uploads a report and the job posts it; an editor and a musician are refused', async () => {
    const admin = await staffLogin(t);
    for (const [username, roles] of [
      ['imp-fin', ['finance']],
      ['imp-ed', ['editor']],
    ] as const)
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/create',
        headers: { 'admin-token': admin },
        payload: { username, name: username, password: 'Staff2026x', roles },
      });
    const send = async (token: string | undefined) => {
      const form = new FormData();
      form.append('platform_code', 'netease');
      form.append('format', 'csv');
      form.append('mapping_code', 'generic');
      form.append('accounting_month', '2026-10');
      const csv = genericCsv([{ month: '2026-09', territory: 'CN', isrc: 'CNA012600003', qty: 7, amount: '4.00' }]);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'netease.csv');
      const res = new Response(form);
      return call(t.app, {
        method: 'POST',
        url: '/api/admin/royalties/upload',
        headers: { 'content-type': res.headers.get('content-type')!, ...(token ? { 'admin-token': token } : {}) },
        payload: Buffer.from(await res.arrayBuffer()),
      });
    };
    expect((await send(await staffLogin(t, 'imp-ed', 'Staff2026x'))).body.code).toBe(2040);
    expect((await send(undefined)).body.code).toBe(1000);
    const fin = await staffLogin(t, 'imp-fin', 'Staff2026x');
    const before = (await available(bob)) ?? 0n;
    const res = await send(fin);
    expect(res.body.code).toBe(1);
    await t.runJobs();
    const info = await call(t.app, {
      method: 'GET',
      url: `/api/admin/royalties/import_info?id=${res.body.data.id}`,
      headers: { 'admin-token': fin },
    });
    expect(info.body.data).toMatchObject({ state: 'posted', total_fen: '400', share_fen: '200', rows_done: 1 });
    expect(info.body.data.file_path).toBeUndefined();
    expect(await available(bob)).toBe(before + 200n);
  });
});

describe('the unmatched queue and reconciliation', () => {
  let fin: string;
  const as = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    call(t.app, { method, url, headers: { 'admin-token': fin }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const admin = await staffLogin(t);
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': admin },
      payload: { username: 'queue-fin', name: 'Finance', password: 'Staff2026x', roles: ['finance'] },
    });
    fin = await staffLogin(t, 'queue-fin', 'Staff2026x');
  });

  it('a key matched later moves its money from suspense to the musician, per month and territory, once under a parallel burst', async () => {
    const row = await importFile(
      genericCsv([
        { month: '2026-09', territory: 'JP', isrc: 'CNZZZ2600098', qty: 9, amount: '10.00' },
        { month: '2026-08', territory: 'US', isrc: 'cn-zzz-26-00098', qty: 1, amount: '2.00' },
        { month: '2026-09', territory: 'JP', isrc: 'CNZZZ2600097', qty: 1, amount: '1.00' },
      ]),
      { format: 'csv', mapping_code: 'generic', platform_code: 'apple_music' },
    );
    expect(row).toMatchObject({ state: 'posted', unmatched_lines: 3, suspense_fen: '1300' });
    const queue = await as('GET', '/api/admin/royalties/unmatched?page=1');
    const keys = queue.body.data.list
      .filter((l: { import_id: number }) => l.import_id === row.id)
      .sort((a: { isrc: string }, b: { isrc: string }) => b.isrc.localeCompare(a.isrc));
    expect(
      keys.map((l: { isrc: string; net_fen: string; lines: number; first_month: string; last_month: string }) => [
        l.isrc,
        l.net_fen,
        l.lines,
        l.first_month,
        l.last_month,
      ]),
    ).toEqual([
      ['CNZZZ2600098', '1200', 2, '2026-08', '2026-09'],
      ['CNZZZ2600097', '100', 1, '2026-09', '2026-09'],
    ]);
    const before = (await available(alice))!;
    const suspenseBefore = await platformBalance('platform:suspense');
    const receivableBefore = await platformBalance('store:apple_music:receivable');
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        as('POST', '/api/admin/royalties/unmatched_match', { id: keys[0].id, isrc: 'CNA012600002' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 2320)).toHaveLength(99);
    expect((await available(alice))! - before).toBe(840n);
    expect(suspenseBefore - (await platformBalance('platform:suspense'))).toBe(1200n);
    const shares = await t.sql(
      `select territory, to_char(sale_month, 'YYYY-MM') as month, quantity::int, net_fen::int, share_fen::int
         from royalty_shares where import_id = $1 order by sale_month`,
      [row.id],
    );
    expect(shares.rows).toEqual([
      { territory: 'US', month: '2026-08', quantity: 1, net_fen: 200, share_fen: 140 },
      { territory: 'JP', month: '2026-09', quantity: 9, net_fen: 1000, share_fen: 700 },
    ]);
    // Not ours (a burst of 100, one posts): its 1.00 leaves suspense back to the store that reported it.
    const dismissals = await Promise.all(
      Array.from({ length: 100 }, () => as('POST', '/api/admin/royalties/unmatched_dismiss', { id: keys[1].id })),
    );
    expect(dismissals.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(dismissals.filter((r) => r.body.code === 2320)).toHaveLength(99);
    expect(suspenseBefore - (await platformBalance('platform:suspense'))).toBe(1300n);
    expect(receivableBefore - (await platformBalance('store:apple_music:receivable'))).toBe(100n);
    const { rows: notOurs } = await t.sql(
      `select t.kind, count(*)::int as n from ledger_transactions t where t.idempotency_key = $1 group by t.kind`,
      [`royalties:not-ours:key:${keys[1].id}`],
    );
    expect(notOurs).toEqual([{ kind: 'adjustment', n: 1 }]);
    const after = await as('GET', '/api/admin/royalties/unmatched?page=1');
    expect(after.body.data.list.some((l: { import_id: number }) => l.import_id === row.id)).toBe(false);
    expect(
      (await as('POST', '/api/admin/royalties/unmatched_match', { id: keys[1].id, isrc: 'CNA012600002' })).body.code,
    ).toBe(2320);
    const unknownTrack = await as('POST', '/api/admin/royalties/unmatched_match', { id: 999999, isrc: 'CNA012600002' });
    expect(unknownTrack.body.code).toBe(2320);
  });

  it('reconciliation shows imported against remitted per store and month, and the months a store did not report', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const row = await importFile(
      genericCsv([{ month: '2026-09', territory: 'CN', isrc: 'CNA012600001', qty: 1, amount: '8.00' }]),
      {
        format: 'csv',
        mapping_code: 'generic',
        platform_code: 'kugou',
        month,
      },
    );
    expect(row.state).toBe('posted');
    // A burst of the same remittance posts it once: bank debit, the store's receivable credit.
    const saves = await Promise.all(
      Array.from({ length: 100 }, () =>
        as('POST', '/api/admin/royalties/remittance_save', { platform_code: 'kugou', month, amount_fen: '700' }),
      ),
    );
    expect(saves.every((r) => r.body.code === 1)).toBe(true);
    expect(await platformBalance('store:kugou:receivable')).toBe(100n);
    const bank = await platformBalance('platform:bank');
    // Corrected to 750: the difference is posted, under the row's next key.
    expect(
      (await as('POST', '/api/admin/royalties/remittance_save', { platform_code: 'kugou', month, amount_fen: '750' }))
        .body.code,
    ).toBe(1);
    expect(await platformBalance('store:kugou:receivable')).toBe(50n);
    expect((await platformBalance('platform:bank')) - bank).toBe(50n);
    const { rows: postings } = await t.sql(
      `select count(*)::int as n from ledger_transactions where kind = 'remittance' and idempotency_key like $1`,
      [`royalties:remittance:kugou:${month}:%`],
    );
    expect(postings[0].n).toBe(2);
    const rec = await as('GET', '/api/admin/royalties/reconciliation?months=3');
    const kugou = rec.body.data.rows.filter((r: { platform_code: string }) => r.platform_code === 'kugou');
    expect(kugou).toHaveLength(3);
    expect(kugou[0]).toMatchObject({
      month,
      imported_fen: '800',
      remitted_fen: '750',
      difference_fen: '-50',
      missing: false,
    });
    expect(kugou[1]).toMatchObject({ imported_fen: null, missing: true });
  });
});

describe('column mappings kept in the database', () => {
  it('finance adds and edits a store layout and imports through it; a shipped one and an incomplete one are refused', async () => {
    const admin = await staffLogin(t);
    const editor = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': admin },
      payload: { username: 'map-editor', name: 'Editor', password: 'Staff2026x', roles: ['editor'] },
    });
    expect(editor.body.code).toBe(1);
    const save = (token: string, body: Record<string, unknown>) =>
      call(t.app, {
        method: 'POST',
        url: '/api/admin/royalties/mapping_save',
        headers: { 'admin-token': token },
        payload: body,
      });
    const layout = {
      code: 'joox',
      name: 'JOOX monthly',
      mapping: {
        delimiter: ';',
        currency: 'CNY',
        columns: { sale_month: 'Periode', isrc: 'ISRC', quantity: 'Anzahl', amount: 'Umsatz' },
      },
    };
    expect((await save(admin, layout)).body.code).toBe(1);
    // edited: the amount is another column now
    const edited = {
      ...layout,
      mapping: { ...layout.mapping, columns: { ...layout.mapping.columns, amount: 'Netto' } },
    };
    expect((await save(admin, edited)).body.code).toBe(1);
    expect((await save(admin, { ...layout, code: 'generic' })).body.code).toBe(2350);
    const incomplete = await save(admin, {
      ...layout,
      code: 'joox2',
      mapping: { delimiter: ';', columns: { sale_month: 'P', quantity: 'Q', amount: 'A' } },
    });
    expect(incomplete.body.code).toBe(2313);
    expect(
      (await save(await staffLogin(t, 'map-editor', 'Staff2026x'), { ...layout, code: 'joox3' })).body.code,
    ).not.toBe(1);
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/admin/royalties/mappings',
      headers: { 'admin-token': admin },
    });
    const codes = list.body.data.list.map((m: { code: string }) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['generic', 'distrokid', 'tunecore', 'joox']));
    expect(codes).not.toContain('joox2');
    expect(list.body.data.list.find((m: { code: string }) => m.code === 'joox').mapping.columns.amount).toBe('Netto');

    const before = (await available(bob)) ?? 0n;
    const row = await importFile('Periode;ISRC;Anzahl;Netto\n2026-09;CNA012600003;4;8.00\n', {
      format: 'csv',
      mapping_code: 'joox',
      platform_code: 'kugou',
    });
    expect(row).toMatchObject({ state: 'posted', total_fen: '800', unmatched_lines: 0 });
    expect((await available(bob))! - before).toBe(400n);
  });
});

describe('a multi-file DSR report', () => {
  const parts = (messageId: string, reportLines?: number) =>
    dsrReportFiles({
      messageId,
      sender: 'PADPIDA2014MULTI',
      period: '2026-05',
      reportLines,
      parts: [
        [{ isrc: 'CNA012600001', territory: 'CN', usages: 10, net: '1.00' }],
        [
          { isrc: 'CNA012600002', territory: 'US', usages: 20, net: '2.00' },
          { isrc: 'CNZZZ2600055', territory: 'CN', usages: 5, net: '0.50' },
        ],
        [{ upc: '6900000000028', territory: 'CN', usages: 30, net: '3.00' }],
      ],
    });

  it('waits for every file, then posts them as one report with the counts checked across the files', async () => {
    const [one, two, three] = parts('MSG-MULTI-1');
    const before = { alice: (await available(alice)) ?? 0n, bob: (await available(bob)) ?? 0n };
    // the files arrive out of order; the first two wait
    const second = await importFile(two!, { format: 'dsr' });
    expect(second).toMatchObject({ state: 'part' });
    const first = await importFile(one!, { format: 'dsr' });
    expect(first).toMatchObject({ state: 'part' });
    expect((await available(alice)) ?? 0n).toBe(before.alice);
    const last = await importFile(three!, { format: 'dsr' });
    expect(last).toMatchObject({ state: 'posted', lines: 4, unmatched_lines: 1, total_fen: '650', suspense_fen: '50' });
    expect((await available(alice))! - before.alice).toBe(210n);
    expect((await available(bob))! - before.bob).toBe(150n);
    const { rows } = await t.sql('select state, part_of from royalty_imports where id = any($1) order by id', [
      [second.id, first.id],
    ]);
    expect(rows).toEqual([
      { state: 'part', part_of: last.id },
      { state: 'part', part_of: last.id },
    ]);
    // the same message's file again is refused
    const again = await importFile(two!, { format: 'dsr' });
    expect(again.state).toBe('failed');
    expect(again.error).toMatch(/already imported/);
    // a parallel burst of all three files of another report posts it once
    const [a, b, c] = parts('MSG-MULTI-2');
    const before2 = (await available(alice))!;
    const ids = await Promise.all(
      [a!, b!, c!].map(async (text, i) => {
        const file = path.join(dir, `multi-burst-${i}.txt`);
        await writeFile(file, text);
        return (
          await createImport(
            t.deps,
            { platform_code: 'spotify', format: 'dsr', accounting_month: '2026-10' },
            { path: file, name: `multi-burst-${i}.txt` },
            null,
          )
        ).id;
      }),
    );
    await Promise.all(ids.map((id) => runImport(t.deps, id)));
    const states = await Promise.all(ids.map(async (id) => (await importRow(id)).state));
    expect(states.filter((s) => s === 'posted')).toHaveLength(1);
    expect(states.filter((s) => s === 'part')).toHaveLength(2);
    // MSG-MULTI-2 regenerates MSG-MULTI-1 (same sender and period): it replaced it by reversal
    expect((await importRow(last.id)).state).toBe('replaced');
    expect((await available(alice))! - before2).toBe(0n);
  });

  it('a last footer whose report count does not match fails the report with all its files', async () => {
    const [one, two, three] = parts('MSG-MULTI-3', 99);
    const first = await importFile(one!, { format: 'dsr', platform_code: 'netease' });
    await importFile(two!, { format: 'dsr', platform_code: 'netease' });
    const last = await importFile(three!, { format: 'dsr', platform_code: 'netease' });
    expect(last.state).toBe('failed');
    expect(last.error).toMatch(/file 3 of 3, line \d+: FOOT says 99 lines in the report/);
    expect((await importRow(first.id)).state).toBe('failed');
  });
});
