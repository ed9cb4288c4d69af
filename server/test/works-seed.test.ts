/**
 * The demo musician's works (SEED_DEMO, modules/works/works.seed.ts): what the demo account sees after a fresh
 * start — one work in each state of the entry page, made through the real calls' services with real files — and
 * that seeding again adds nothing.
 */
import { createHash } from 'node:crypto';
import { isValidIsrc, isValidUpc } from '@trackline/contract/identifiers';
import { API } from '@trackline/contract/paths';
import type { WorkDetail, WorkListItem } from '@trackline/contract/work-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio } from '../src/modules/media/audio';
import { analyzeCover } from '../src/modules/media/image';
import { DEMO_MUSICIAN, seed } from '../src/seed';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // The harness leaves the demo works out; this test seeds them itself, as a fresh start does.
  t = await createTestApp();
  await seed(t.deps);
  const login = await call(t.app, {
    method: 'POST',
    url: API.login,
    payload: { account: DEMO_MUSICIAN.mobile, password: DEMO_MUSICIAN.password },
    remoteAddress: '10.77.0.1',
  });
  expect(login.body.code, JSON.stringify(login.body)).toBe(1);
  token = login.body.data.userinfo.token;
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => call(t.app, { method: 'GET', url, headers: { token } });
const post = (url: string, payload: object = {}) => call(t.app, { method: 'POST', url, payload, headers: { token } });

async function myWorks(): Promise<WorkListItem[]> {
  const res = await post(API.publish.list, { limit: 50 });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.list;
}

async function detail(id: number): Promise<WorkDetail> {
  const res = await get(`${API.publish.detail}?id=${id}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
}

/** A stored file as the browser fetches it, through its URL. */
async function fetched(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

describe('the demo musician after a fresh start', () => {
  it('has a work online, one in first review, a rejected album, one at step 2 and a draft', async () => {
    const works = await myWorks();
    expect(works.map((w) => [w.title, w.status]).sort()).toEqual(
      [
        ['夏夜晚风', '991'],
        ['山海之间', '200'],
        ['城市漫游', '400'],
        ['雨后初晴', '10'],
        ['写给远方的信', '00'],
      ].sort(),
    );
    // the last one touched leads the list
    expect(works[0]).toMatchObject({ title: '写给远方的信', status: '00' });
    for (const w of works.filter((x) => x.status !== '00')) {
      expect(w.primary_artists).toEqual(['演示音乐人']);
      expect(w.cover_url).toMatch(/\.png$/);
    }

    const index = await post(API.indexData);
    expect(index.body.data.counts).toEqual({
      awaiting_info: 1,
      choose_scope: 1,
      awaiting_signature: 0,
      under_review: 1,
      rejected: 1,
      distributing: 0,
      online: 1,
      taken_down: 0,
    });
    expect(index.body.data.rejected.map((w: WorkListItem) => w.title)).toEqual(['城市漫游']);
    expect(index.body.data.drafts.map((w: WorkListItem) => w.title).sort()).toEqual(
      ['写给远方的信', '雨后初晴'].sort(),
    );
  });

  it('shows the online single with its codes, real files, a signed letter and the editor’s history', async () => {
    const item = (await myWorks()).find((w) => w.status === '991')!;
    const work = await detail(item.id);
    expect(isValidUpc(work.upc!)).toBe(true);
    expect(work.tracks).toHaveLength(1);
    const track = work.tracks[0]!;
    expect(isValidIsrc(track.isrc!)).toBe(true);
    expect(track.lyrics).toContain('夏夜晚风');
    expect(work).toMatchObject({ genre: 'pop', language: 'zh-cmn', property: 1, wc_statement: 1, source: 1 });
    expect(work.authorization).toMatchObject({ signed: true });

    // Delivered to each of its eight stores the real way, then confirmed live by the editor (issue 13).
    const stores = (await get(`${API.distribution.stores}?id=${item.id}`)).body.data;
    expect(stores.stores).toHaveLength(8);
    for (const s of stores.stores) expect(s, s.code).toMatchObject({ state: 'live', live_by: 'editor', failure: null });
    expect(stores.can_take_down).toHaveLength(8);

    // The files are what their URLs serve, judged again from the served bytes.
    const cover = await fetched(work.cover!.url);
    expect(await analyzeCover(cover)).toMatchObject({ format: 'png', width: 3000, height: 3000, colorSpace: 'rgb' });
    const music = track.materials.find((m) => m.kind === 'music')!;
    const audio = await fetched(music.url);
    expect(await analyzeAudio({ head: audio.subarray(0, 1024 * 1024), size: audio.length })).toMatchObject({
      format: 'wav',
      sampleRate: 44_100,
      bitDepth: 16,
      channels: 2,
    });
    expect(music.meta?.durationSec).toBeGreaterThanOrEqual(30);
    const { rows } = await t.sql('SELECT sha256 FROM user_files WHERE key = $1', [music.key]);
    expect(rows[0].sha256).toBe(createHash('sha256').update(audio).digest('hex'));

    const pdf = await t.app.inject({ method: 'GET', url: work.authorization!.pdf_url, headers: { token } });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const prereview = await get(`${API.publish.prereview}?id=${item.id}`);
    expect(prereview.body.data.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);

    const history = await get(`${API.publish.history}?id=${item.id}`);
    const moves = history.body.data.map((e: { from: string | null; to: string }) => `${e.from ?? ''}→${e.to}`);
    for (const move of ['→00', '00→10', '10→100', '100→200', '200→300', '300→990', '990→991'])
      expect(moves).toContain(move);
  });

  it('shows the album rejected for its cover with the editor’s words, and three different recordings', async () => {
    const item = (await myWorks()).find((w) => w.status === '400')!;
    expect(item.reject_reason?.code).toBe('cover');
    expect(item.reject_reason?.text).toContain('封面');
    const work = await detail(item.id);
    expect(work.kind).toBe('album');
    expect(work.tracks.map((tr) => tr.title)).toEqual(['清晨站台', '午后咖啡馆', '霓虹归途']);
    const keys = work.tracks.map((tr) => tr.materials.find((m) => m.kind === 'music')!.key);
    const { rows } = await t.sql('SELECT DISTINCT sha256 FROM user_files WHERE key = ANY($1)', [keys]);
    expect(rows).toHaveLength(3);
  });

  it('keeps the draft at step 1 with its title only', async () => {
    const item = (await myWorks()).find((w) => w.status === '00')!;
    const work = await detail(item.id);
    expect(work).toMatchObject({ title: '写给远方的信', cover: null, genre: null, resume_step: 1 });
  });

  it('does not seed the works twice', async () => {
    const before = await t.sql('SELECT count(*)::int AS n FROM works');
    const files = await t.sql('SELECT count(*)::int AS n FROM user_files');
    await seed(t.deps);
    await seed(t.deps);
    expect((await t.sql('SELECT count(*)::int AS n FROM works')).rows[0].n).toBe(before.rows[0].n);
    expect((await t.sql('SELECT count(*)::int AS n FROM user_files')).rows[0].n).toBe(files.rows[0].n);
    expect((await myWorks()).length).toBe(5);
  });
});

describe("the demo musician's income (royalties seed)", () => {
  it('has three monthly bills from three stores, the balance in the session user, and a balanced ledger', async () => {
    const list = await get('/api/bill/list');
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.every((b: { stores: number }) => b.stores === 3)).toBe(true);
    const total = await post('/api/bill/grandtotal');
    expect(total.body.data.has_account).toBe(true);
    expect(BigInt(total.body.data.available_fen)).toBeGreaterThan(0n);
    const sum = list.body.data.list.reduce((s: bigint, b: { share_fen: string }) => s + BigInt(b.share_fen), 0n);
    expect(BigInt(total.body.data.income_fen)).toBe(sum);
    const info = await get(API.userInfo);
    expect(info.body.data.userinfo.user_account_info.balance_fen).toBe(total.body.data.available_fen);
    const { checkLedger } = await import('../src/modules/royalties/ledger-check');
    expect((await checkLedger(t.deps.database.db)).ok).toBe(true);
    // the console has a key to match and a remittance 1.00 short of NetEase's oldest month, posted
    const waiting = await t.sql(
      `select count(*)::int as n from royalty_matches where isrc = 'CNZZZ2699001' and state = 'unmatched'`,
    );
    expect(waiting.rows[0].n).toBe(1);
    const remit = await t.sql(
      `select (r.amount_fen - i.total_fen)::text as diff, r.posted_fen = r.amount_fen as posted from royalty_remittances r
         join royalty_imports i on i.platform_code = r.platform_code and i.accounting_month = r.month and i.state = 'posted'
        where r.platform_code = 'netease'`,
    );
    expect(remit.rows).toEqual([{ diff: '-100', posted: true }]);
    // seeding again changes nothing
    await seed(t.deps);
    expect((await get('/api/bill/list')).body.data.list).toEqual(list.body.data.list);
  });
});
