/**
 * The musician's bill calls on a real server: balance summary, bills per accounting month, a bill's detail by
 * store, territory, track and sale month with filters, the CSV of exactly the filtered view, and the
 * authorization matrix (no session, a staff session, another musician).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImport } from '../src/modules/royalties/import.service';
import { call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { catalogue, genericCsv } from './royalty-fixtures';

let t: TestApp;
let owner: { token: string; id: number };
let other: { token: string; id: number };
const ip = ipSequence(213);

async function importCsv(platform: string, month: string, csv: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bills-'));
  const file = path.join(dir, 'r.csv');
  await writeFile(file, csv);
  await createImport(
    t.deps,
    { platform_code: platform, format: 'csv', mapping_code: 'generic', accounting_month: month },
    { path: file, name: 'r.csv' },
    null,
  );
  await t.runJobs();
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerUser(t, {}, ip());
  const b = await registerUser(t, {}, ip());
  owner = { token: a.token, id: a.userinfo.id };
  other = { token: b.token, id: b.userinfo.id };
  await t.sql('update users set rate = 80 where id = $1', [owner.id]);
  await catalogue(t, owner.id, '6900000000035', ['CNB012600001', 'CNB012600002']);
  await importCsv(
    'spotify',
    '2026-09',
    genericCsv([
      { month: '2026-06', territory: 'US', isrc: 'CNB012600001', qty: 1000, amount: '1234.56' },
      { month: '2026-07', territory: 'GB', isrc: 'CNB012600002', qty: 500, amount: '100.00' },
    ]),
  );
  await importCsv(
    'qq_music',
    '2026-09',
    genericCsv([{ month: '2026-07', territory: 'CN', isrc: 'CNB012600001', qty: 20000, amount: '5000.00' }]),
  );
  await importCsv(
    'qq_music',
    '2026-10',
    genericCsv([{ month: '2026-08', territory: 'CN', isrc: 'CNB012600001', qty: 10, amount: '2.50' }]),
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, lang = 'zh-CN') =>
  call(t.app, { method: 'GET', url, headers: { ...(token ? { token } : {}), 'accept-language': lang } });

describe('bills', () => {
  it('grandtotal: the balance summary; -- (null) for a musician without an account', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/bill/grandtotal', headers: { token: owner.token } });
    // 80% of 1,234.56 + 100.00 + 5,000.00 + 2.50
    expect(res.body.data).toEqual({
      has_account: true,
      available_fen: '506965',
      held_fen: '0',
      withdrawing_fen: '0',
      withdrawn_fen: '0',
      income_fen: '506965',
    });
    const none = await call(t.app, { method: 'POST', url: '/api/bill/grandtotal', headers: { token: other.token } });
    expect(none.body.data).toMatchObject({ has_account: false, available_fen: null, income_fen: null });
  });

  it('list: one bill per accounting month, newest first', async () => {
    const res = await get('/api/bill/list?page=1', owner.token);
    expect(res.body.data).toMatchObject({ total: 2, page: 1 });
    expect(res.body.data.list).toEqual([
      { month: '2026-10', share_fen: '200', net_fen: '250', quantity: '10', stores: 1 },
      { month: '2026-09', share_fen: '506765', net_fen: '633456', quantity: '21500', stores: 2 },
    ]);
  });

  it('detail: by store, territory, track and sale month, with quantity, gross, rate and share on every row', async () => {
    const byStore = await get('/api/bill/detail?month=2026-09&by=store', owner.token, 'en');
    expect(
      byStore.body.data.rows.map((r: { store_name: string; share_fen: string }) => [r.store_name, r.share_fen]),
    ).toEqual([
      ['QQ Music', '400000'],
      ['Spotify', '106765'],
    ]);
    expect(byStore.body.data.totals).toEqual({ quantity: '21500', net_fen: '633456', share_fen: '506765' });
    expect(byStore.body.data.rows[0]).toMatchObject({
      quantity: '20000',
      net_fen: '500000',
      rate_min: 80,
      rate_max: 80,
    });
    const byTerritory = await get('/api/bill/detail?month=2026-09&by=territory&platform_code=spotify', owner.token);
    expect(byTerritory.body.data.rows.map((r: { territory: string }) => r.territory)).toEqual(['US', 'GB']);
    const byTrack = await get('/api/bill/detail?month=2026-09&by=track', owner.token);
    expect(byTrack.body.data.rows[0]).toMatchObject({ track_title: 'Song CNB012600001', share_fen: '498765' });
    const bySale = await get('/api/bill/detail?month=2026-09&by=sale_month', owner.token);
    expect(bySale.body.data.rows.map((r: { sale_month: string }) => r.sale_month).sort()).toEqual([
      '2026-06',
      '2026-07',
    ]);
    expect(byStore.body.data.stores).toEqual([
      { code: 'qq_music', name: 'QQ Music' },
      { code: 'spotify', name: 'Spotify' },
    ]);
  });

  it('export: the CSV of exactly the filtered view, with the same total', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/bill/export?month=2026-09&by=territory&platform_code=spotify',
      headers: { token: owner.token, 'accept-language': 'en' },
    });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Territory,Quantity,Gross (CNY),Rate,My share (CNY)',
      'US,1000,1234.56,80%,987.65',
      'GB,500,100.00,80%,80.00',
      'Total,1500,1334.56,,1067.65',
    ]);
    const detail = await get('/api/bill/detail?month=2026-09&by=territory&platform_code=spotify', owner.token);
    expect(detail.body.data.totals.share_fen).toBe('106765');
  });

  it('owner-only: no session and a staff session get 1000; another musician finds no bill', async () => {
    const admin = await staffLogin(t);
    for (const [method, url] of [
      ['POST', '/api/bill/grandtotal'],
      ['GET', '/api/bill/list'],
      ['GET', '/api/bill/detail?month=2026-09'],
      ['GET', '/api/bill/export?month=2026-09'],
    ] as const) {
      expect((await call(t.app, { method, url })).body.code).toBe(1000);
      expect((await call(t.app, { method, url, headers: { 'admin-token': admin } })).body.code).toBe(1000);
    }
    expect((await get('/api/bill/list', other.token)).body.data).toMatchObject({ total: 0, list: [] });
    expect((await get('/api/bill/detail?month=2026-09', other.token)).body.code).toBe(2330);
    expect((await get('/api/bill/export?month=2026-09', other.token)).body.code).toBe(2330);
    expect((await get('/api/bill/detail?month=2026-13', owner.token)).body.code).toBe(2001);
  });
});
