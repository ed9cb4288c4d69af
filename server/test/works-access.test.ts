/**
 * Who sees and changes which work: a second musician can never read, change, sign, list, withdraw, delete or
 * attach files to the first one's works, nor attach the first one's files to their own, on any call (each answers
 * 2100 like an unknown id, or 2110 for a file). Also the list (search, filters, dates, pagination), the menu
 * badge counts, the entry page's data and the platforms.
 */
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ipSequence, registerVerifiedUser, type TestApp } from './harness';
import {
  type FileKeys,
  get,
  infoBody,
  type Musician,
  post,
  scopeBody,
  signaturePng,
  signBody,
  uploadBasics,
  uploadSmall,
} from './work-client';
import { type FixtureResult, insertWork, readWork } from './work-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(132);
const user = (): Promise<Musician> => registerVerifiedUser(t, {}, nextIp());
const userId = async (u: Musician) =>
  Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [u.mobile])).rows[0].id);
const P = API.publish;

describe('another musician’s works', () => {
  let a: Musician;
  let b: Musician;
  let aFiles: FileKeys;
  let bFiles: FileKeys;
  let aLyric: string;
  const works: Record<string, FixtureResult> = {};
  let signed: number;

  beforeAll(async () => {
    a = await user();
    b = await user();
    [aFiles, bFiles] = await Promise.all([uploadBasics(t, a), uploadBasics(t, b)]);
    aLyric = await uploadSmall(t, a, Buffer.from('[00:01.00]只属于我\n'), 'mine.lrc', 'text/plain');
    const owner = await userId(a);
    for (const status of ['00', '100', '200', '400', '991'] as const)
      works[status] = await insertWork(t, owner, { status, title: `甲的作品${status}` });
    // a change in progress, started through the call so its live version is kept
    works['01'] = await insertWork(t, owner, { status: '991', title: '甲的改版' });
    expect((await post(t, a, P.startChange, { id: works['01'].id })).body.data.status).toBe('01');
    // and one a signed with its letter
    const id = (await post(t, a, P.create, { kind: 'single' })).body.data.id as number;
    await post(t, a, P.saveInfo, infoBody(id, aFiles, { title: '甲已签署' }));
    await post(t, a, P.saveScope, scopeBody(id));
    expect((await post(t, a, P.sign, signBody(id))).body.data.status).toBe('200');
    signed = id;
  });

  /** Every call b could make on one of a's works, with a body that would succeed for a. */
  function attempts(): Array<[string, () => Promise<{ status: number; body: { code: number } }>, number]> {
    const w = works;
    const bTrack = { title: 'x', primary_artists: ['乙'] };
    return [
      ['GET detail', () => get(t, b, `${P.detail}?id=${w['100']!.id}`), w['100']!.id],
      ['POST detail', () => post(t, b, P.detail, { id: w['100']!.id }), w['100']!.id],
      ['GET history', () => get(t, b, `${P.history}?id=${w['200']!.id}`), w['200']!.id],
      ['POST history', () => post(t, b, P.history, { id: w['200']!.id }), w['200']!.id],
      ['GET prereview', () => get(t, b, `${P.prereview}?id=${w['100']!.id}`), w['100']!.id],
      ['POST prereview', () => post(t, b, P.prereview, { id: w['100']!.id }), w['100']!.id],
      ['GET authorization', () => get(t, b, `${P.authorizationPdf}?id=${signed}`), signed],
      ['save_info', () => post(t, b, P.saveInfo, infoBody(w['00']!.id, bFiles, { tracks: [bTrack] })), w['00']!.id],
      ['save_info (rejected)', () => post(t, b, P.saveInfo, infoBody(w['400']!.id, bFiles)), w['400']!.id],
      ['save_scope', () => post(t, b, P.saveScope, scopeBody(w['100']!.id)), w['100']!.id],
      ['sign', () => post(t, b, P.sign, signBody(w['100']!.id, { signature_png: signaturePng() })), w['100']!.id],
      ['withdraw', () => post(t, b, P.withdraw, { id: w['200']!.id }), w['200']!.id],
      ['reopen', () => post(t, b, P.reopen, { id: w['400']!.id }), w['400']!.id],
      ['delete', () => post(t, b, P.remove, { id: w['00']!.id }), w['00']!.id],
      ['start_change', () => post(t, b, P.startChange, { id: w['991']!.id }), w['991']!.id],
      ['discard_change', () => post(t, b, P.discardChange, { id: w['01']!.id }), w['01']!.id],
      [
        'material_add',
        () =>
          post(t, b, P.materialAdd, {
            id: w['100']!.id,
            track_id: w['100']!.trackIds[0],
            kind: 'accompany',
            key: bFiles.audio,
          }),
        w['100']!.id,
      ],
      [
        'material_add (cover)',
        () => post(t, b, P.materialAdd, { id: w['00']!.id, track_id: null, kind: 'cover', key: bFiles.cover }),
        w['00']!.id,
      ],
      ['material_remove', () => post(t, b, P.materialRemove, { id: w['100']!.id, material_id: 1 }), w['100']!.id],
    ];
  }

  it('answers every call on them exactly like an unknown id, and changes nothing', async () => {
    const before = new Map<number, unknown>();
    for (const [, , id] of attempts()) before.set(id, await readWork(t, id));
    for (const [name, attempt] of attempts()) {
      const res = await attempt();
      expect(res.status, name).toBe(200);
      expect(res.body.code, name).toBe(2100);
    }
    for (const [id, row] of before) expect(await readWork(t, id), `work ${id}`).toEqual(row);
    const materials = await t.sql(
      'SELECT count(*)::int AS n FROM work_materials m JOIN user_files f ON f.id = m.file_id WHERE f.user_id <> (SELECT user_id FROM works WHERE id = m.work_id)',
    );
    expect(materials.rows[0].n).toBe(0);
    // the same calls with an id nobody has answer the same
    const unknown = await get(t, b, `${P.detail}?id=987654321`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ code: 2100, data: null });
  });

  it('a’s works never show in b’s list, counts or entry page', async () => {
    const list = await post(t, b, P.list, {});
    expect(list.body.data).toMatchObject({ list: [], total: 0 });
    expect((await post(t, b, P.list, { keyword: '甲的' })).body.data.total).toBe(0);
    expect((await get(t, b, P.waitCount)).body.data).toEqual({ drafts: 0, under_review: 0, rejected: 0 });
    const index = (await post(t, b, API.indexData, {})).body.data;
    expect(Object.values(index.counts).every((n) => n === 0)).toBe(true);
    expect([...index.drafts, ...index.rejected, ...index.recent]).toEqual([]);
    // while a sees them all
    expect((await post(t, a, P.list, { keyword: '甲的' })).body.data.total).toBe(6);
  });

  it('b cannot attach a’s files to b’s own work, on any call', async () => {
    const own = (await post(t, b, P.create, { kind: 'single' })).body.data.id as number;
    const ownTrack = (await get(t, b, `${P.detail}?id=${own}`)).body.data.tracks[0].id as number;
    const tries: Array<[string, object]> = [
      ['cover', infoBody(own, { cover: aFiles.cover, audio: bFiles.audio })],
      ['audio', infoBody(own, { cover: bFiles.cover, audio: aFiles.audio })],
      ['lyric', { ...infoBody(own, bFiles), tracks: [{ title: 't', lyric_key: aLyric }] }],
    ];
    for (const [name, body] of tries) {
      const res = await post(t, b, P.saveInfo, body);
      expect(res.body.code, name).toBe(2110);
    }
    for (const [kind, key, trackId] of [
      ['cover', aFiles.cover, null],
      ['music', aFiles.audio, ownTrack],
      ['lyric', aLyric, ownTrack],
      ['karaoke', aFiles.audio, ownTrack],
    ] as const) {
      const res = await post(t, b, P.materialAdd, { id: own, track_id: trackId, kind, key });
      expect(res.body.code, `material_add ${kind}`).toBe(2110);
    }
    const detail = (await get(t, b, `${P.detail}?id=${own}`)).body.data;
    expect(detail.cover).toBeNull();
    expect(detail.tracks[0].materials).toEqual([]);
  });

  it('asks for a session on every call', async () => {
    for (const [method, url] of [
      ['GET', `${P.detail}?id=1`],
      ['POST', P.list],
      ['GET', P.waitCount],
      ['GET', P.platforms],
      ['POST', API.indexData],
      ['GET', `${P.authorizationPdf}?id=1`],
    ] as const) {
      const res = await call(t.app, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.body.code, url).toBe(1000);
    }
  });
});

describe('the list of my works', () => {
  let u: Musician;
  let owner: number;
  const ids: number[] = [];
  beforeAll(async () => {
    u = await user();
    owner = await userId(u);
    const statuses = ['00', '10', '100', '200', '300', '400', '990', '991', '01', '201', '401', '00'] as const;
    for (const [i, status] of statuses.entries()) {
      const fx = await insertWork(t, owner, {
        status,
        title: i === 3 ? '星河漫游' : `作品${i}`,
        primary_artists: i === 5 ? ['Aurora Lin'] : ['林一'],
      });
      ids.push(fx.id);
    }
    // spread the creation and change times: work i was created i days ago and changed i hours ago
    for (const [i, id] of ids.entries())
      await t.sql(
        `UPDATE works SET created_at = now() - make_interval(days => $2::int), updated_at = now() - make_interval(hours => $2::int) WHERE id = $1`,
        [id, i],
      );
  });

  const list = (body: object) => post(t, u, P.list, body);

  it('pages through newest changed first, with bounds', async () => {
    const first = await list({ page: 1, limit: 5 });
    expect(first.body.data).toMatchObject({ total: 12, page: 1, limit: 5 });
    expect(first.body.data.list.map((w: { id: number }) => w.id)).toEqual(ids.slice(0, 5));
    const third = await list({ page: 3, limit: 5 });
    expect(third.body.data.list.map((w: { id: number }) => w.id)).toEqual(ids.slice(10));
    const past = await list({ page: 4, limit: 5 });
    expect(past.body.data).toMatchObject({ list: [], total: 12 });
    // the GET form takes the same fields as query parameters; defaults page 1, limit 10
    const viaGet = await get(t, u, `${P.list}?page=2&limit=10`);
    expect(viaGet.body.data.list).toHaveLength(2);
    expect((await list({})).body.data).toMatchObject({ page: 1, limit: 10 });
    for (const bad of [{ page: 0 }, { limit: 0 }, { limit: 51 }, { page: 'x' }, { status: '5' }, { group: 'lost' }])
      expect((await list(bad)).body.code, JSON.stringify(bad)).toBe(2001);
    const row = first.body.data.list[0];
    expect(row).toMatchObject({ kind: 'single', status: '00', track_count: 1, primary_artists: ['林一'] });
    expect(row.cover_url).toMatch(/^\/files\/users\//);
  });

  it('searches titles and artists, filters by group, status and creation date', async () => {
    const titles = async (body: object) =>
      (await list(body)).body.data.list.map((w: { title: string }) => w.title) as string[];
    expect(await titles({ keyword: '星河' })).toEqual(['星河漫游']);
    expect(await titles({ keyword: 'aurora' })).toEqual(['作品5']);
    expect(await titles({ keyword: '100%_' })).toEqual([]);
    expect((await list({ group: 'under_review' })).body.data.total).toBe(3);
    expect((await list({ group: 'awaiting_info' })).body.data.total).toBe(3);
    expect((await list({ status: '00' })).body.data.total).toBe(2);
    expect((await list({ group: 'rejected', status: '401' })).body.data.total).toBe(1);
    expect((await list({ group: 'online', status: '00' })).body.data.total).toBe(0);
    const day = (daysAgo: number) => {
      // Shanghai calendar days
      const d = new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000);
      return d.toISOString().slice(0, 10);
    };
    expect((await list({ from: day(0), to: day(0) })).body.data.total).toBe(1);
    expect((await list({ from: day(3), to: day(1) })).body.data.total).toBe(3);
    expect((await list({ from: day(-5) })).body.data.total).toBe(0);
    expect((await list({ to: day(20) })).body.data.total).toBe(0);
    expect((await list({ from: '2026-13-01' })).body.code).toBe(2001);
  });

  it('counts the badges and builds the entry page', async () => {
    expect((await get(t, u, P.waitCount)).body.data).toEqual({ drafts: 5, under_review: 3, rejected: 2 });
    const index = (await post(t, u, API.indexData, {})).body.data;
    expect(index.counts).toEqual({
      awaiting_info: 3,
      choose_scope: 1,
      awaiting_signature: 1,
      under_review: 3,
      rejected: 2,
      distributing: 1,
      online: 1,
      taken_down: 0,
    });
    // drafts: 00/10/100 and changes in progress (01…), newest change first, at most five
    expect(index.drafts.map((w: { status: string }) => w.status)).toEqual(['00', '10', '100', '01', '00']);
    expect(index.rejected.map((w: { status: string }) => w.status)).toEqual(['400', '401']);
    expect(index.recent.map((w: { id: number }) => w.id)).toEqual(ids.slice(0, 5));
  });
});

describe('platforms', () => {
  it('lists the enabled ones in order, named in the caller’s language', async () => {
    const u = await user();
    const zh = (await get(t, u, P.platforms)).body.data as { code: string; name: string; region: string }[];
    expect(zh[0]).toEqual({ code: 'qq_music', name: 'QQ音乐', region: 'cn' });
    expect(zh.map((p) => p.code)).toContain('spotify');
    const en = (await get(t, u, P.platforms, { 'accept-language': 'en' })).body.data as { name: string }[];
    expect(en[0]!.name).toBe('QQ Music');
    await t.sql(`UPDATE platforms SET enabled = false WHERE code = 'tidal'`);
    const after = (await get(t, u, P.platforms)).body.data as { code: string }[];
    expect(after.map((p) => p.code)).not.toContain('tidal');
    expect(after).toHaveLength(zh.length - 1);
    await t.sql(`UPDATE platforms SET enabled = true WHERE code = 'tidal'`);
  });
});

describe('the API description', () => {
  it('documents the work calls under the works tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [P.create, P.saveInfo, P.saveScope, P.sign, P.detail, P.list, P.authorizationPdf, API.indexData])
      expect(
        Object.values(doc.paths[path] ?? {}).some((op) => (op as { tags?: string[] }).tags?.includes('works')),
        path,
      ).toBe(true);
  });
});
