import { isValidIsrc, isValidUpc, makeIsrc, makeUpc } from '@trackline/contract/identifiers';
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isrcYear } from '../src/modules/works/identifier-assignment';
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  ipSequence,
  registerVerifiedUser,
  staffLogin,
  type TestApp,
} from './harness';
import { infoBody, post, scopeBody, signaturePng, signBody, uploadBasics } from './work-client';
import { type FixtureWork, insertWork, readTracks, readWork } from './work-fixtures';

let t: TestApp;
let admin: string;
let editor: Staff;
let editor2: Staff;
let support: Staff;

interface Staff {
  token: string;
  id: number;
  name: string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
  editor = await member(['editor'], '编辑小周');
  editor2 = await member(['editor'], '编辑小吴');
  support = await member(['support'], '客服小李');
});
afterAll(async () => {
  await t?.close();
});

let memberSeq = 0;
async function member(roles: string[], name: string): Promise<Staff> {
  const username = `rv${process.pid}_${++memberSeq}`;
  const password = 'Member2026x';
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/staff/create',
    headers: { 'admin-token': admin },
    payload: { username, name, password, roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return { token: await staffLogin(t, username, password), id: res.body.data.staff.id, name };
}

const nextIp = ipSequence(131);
const musician = () => registerVerifiedUser(t, {}, nextIp());
type Musician = Awaited<ReturnType<typeof musician>>;

const adminGet = (url: string, token: string) => call(t.app, { method: 'GET', url, headers: { 'admin-token': token } });
const adminPost = (url: string, payload: object, token: string) =>
  call(t.app, { method: 'POST', url, payload, headers: { 'admin-token': token } });

const queue = (query: string, token = editor.token) => adminGet(`/api/admin/review/list${query}`, token);
const detail = (id: number, token = editor.token) => adminGet(`/api/admin/review/detail?id=${id}`, token);
const approve = (id: number, extra: object = {}, token = editor.token) =>
  adminPost('/api/admin/review/approve', { id, ...extra }, token);
const reject = (id: number, extra: object = {}, token = editor.token) =>
  adminPost('/api/admin/review/reject', { id, reason: 'cover', remark: '封面文字过小', ...extra }, token);
// Fixtures are released 14 days ahead: marking online early is confirmed here (review-online-date.test.ts tests it).
const online = (id: number, extra: object = {}, token = editor.token) =>
  adminPost('/api/admin/review/online', { id, before_release: true, ...extra }, token);

const unread = async (u: Musician) =>
  (await call(t.app, { method: 'GET', url: '/api/message/count', headers: { token: u.token } })).body.data
    .count as number;
const messages = async (u: Musician) =>
  (await call(t.app, { method: 'GET', url: '/api/message/getlist?limit=50', headers: { token: u.token } })).body.data
    .list as Array<{ kind: string; title: string; content: string; link: string | null }>;

async function work(u: Musician, spec: FixtureWork = {}) {
  return insertWork(t, u.userinfo.id as number, spec);
}

const status = async (id: number) => (await readWork(t, id))?.status;
const CONFLICT = 2101;

/** A unique word per test, so a keyword search finds only that test's works in the shared queue. */
let tagSeq = 0;
const tag = () => `Rv${process.pid}x${++tagSeq}`;

describe('who may review', () => {
  it('refuses every call without a staff session, to musicians, and to staff without the editor role', async () => {
    const u = await musician();
    const w = await work(u, { status: '200' });
    const w990 = await work(u, { status: '990' });
    const before = await unread(u);
    const calls = [
      (h: Record<string, string>) => call(t.app, { method: 'GET', url: '/api/admin/review/list', headers: h }),
      (h: Record<string, string>) =>
        call(t.app, { method: 'GET', url: `/api/admin/review/detail?id=${w.id}`, headers: h }),
      (h: Record<string, string>) =>
        call(t.app, { method: 'POST', url: '/api/admin/review/approve', payload: { id: w.id }, headers: h }),
      (h: Record<string, string>) =>
        call(t.app, {
          method: 'POST',
          url: '/api/admin/review/reject',
          payload: { id: w.id, reason: 'metadata', remark: 'x' },
          headers: h,
        }),
      (h: Record<string, string>) =>
        call(t.app, { method: 'POST', url: '/api/admin/review/online', payload: { id: w990.id }, headers: h }),
    ];
    for (const send of calls) {
      expect((await send({})).body.code).toBe(1000);
      // A musician's session is not a staff session, whichever header carries it.
      expect((await send({ token: u.token })).body.code).toBe(1000);
      expect((await send({ 'admin-token': u.token })).body.code).toBe(1000);
      const bySupport = await send({ 'admin-token': support.token });
      expect(bySupport.status).toBe(200);
      expect(bySupport.body.code).toBe(2040);
    }
    expect(await status(w.id)).toBe('200');
    expect(await status(w990.id)).toBe('990');
    expect(await unread(u)).toBe(before);
  });

  it('lets editors and admins make every call', async () => {
    const u = await musician();
    for (const token of [editor.token, admin]) {
      const a = await work(u, { status: '200' });
      const b = await work(u, { status: '300' });
      const c = await work(u, { status: '990' });
      expect((await queue('', token)).body.code).toBe(1);
      expect((await detail(a.id, token)).body.code).toBe(1);
      expect((await approve(a.id, {}, token)).body).toMatchObject({ code: 1, data: { id: a.id, status: '300' } });
      expect((await reject(b.id, {}, token)).body).toMatchObject({ code: 1, data: { id: b.id, status: '400' } });
      expect((await online(c.id, {}, token)).body).toMatchObject({ code: 1, data: { id: c.id, status: '991' } });
    }
  });
});

describe('the review queue', () => {
  it('lists works in first and final review, oldest submission first, with what an editor sorts by', async () => {
    const u = await musician();
    const word = tag();
    const hour = 3_600_000;
    const now = Date.now();
    const a = await work(u, { status: '300', title: `${word} 甲`, submitted_at: new Date(now - 5 * hour) });
    const b = await work(u, {
      status: '201',
      kind: 'album',
      tracks: 3,
      title: `${word} 乙`,
      submitted_at: new Date(now - 3 * hour),
    });
    const c = await work(u, { status: '200', title: `${word} 丙`, submitted_at: new Date(now - 1 * hour) });
    const d = await work(u, {
      status: '301',
      title: `${word} 丁`,
      submitted_at: new Date(now - 2 * hour),
      cover: null,
    });
    // Not waiting for an editor: never in the queue.
    for (const s of ['00', '100', '400', '991'] as const) await work(u, { status: s, title: `${word} 外` });

    const all = await queue(`?keyword=${word}`);
    expect(all.body.code).toBe(1);
    expect(all.body.data).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(all.body.data.list.map((i: { id: number }) => i.id)).toEqual([a.id, b.id, d.id, c.id]);

    const item = all.body.data.list[1];
    expect(item).toMatchObject({
      id: b.id,
      kind: 'album',
      status: '201',
      stage: 'first',
      change: true,
      title: `${word} 乙`,
      primary_artists: ['林一'],
      track_count: 3,
      cover_url: expect.stringMatching(/^\/files\/users\/\d+\/media\/fixture\/.+\.jpg$/),
      musician: {
        id: u.userinfo.id,
        nickname: u.userinfo.nickname,
        mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}`,
      },
      submitted_at: expect.any(String),
      status_since: expect.any(String),
    });
    expect(item.age_seconds).toBeGreaterThanOrEqual(3 * 3600 - 5);
    expect(item.age_seconds).toBeLessThan(3 * 3600 + 120);
    expect(all.body.data.list[2]).toMatchObject({ id: d.id, stage: 'final', change: true, cover_url: null });

    const ids = async (query: string) =>
      (await queue(`?keyword=${word}&${query}`)).body.data.list.map((i: { id: number }) => i.id);
    expect(await ids('stage=first')).toEqual([b.id, c.id]);
    expect(await ids('stage=distributing')).toEqual([]);
    expect(await ids('stage=final')).toEqual([a.id, d.id]);
    expect(await ids('version=new')).toEqual([a.id, c.id]);
    expect(await ids('version=change&stage=final')).toEqual([d.id]);
    expect(await ids('limit=2&page=2')).toEqual([d.id, c.id]);

    // A keyword also finds a work by its id and by its musician's mobile.
    expect((await queue(`?keyword=${c.id}`)).body.data.list.map((i: { id: number }) => i.id)).toContain(c.id);
    expect((await queue(`?keyword=${u.mobile}`)).body.data.total).toBe(4);
    // LIKE wildcards in a keyword match only themselves.
    expect((await queue(`?keyword=${word}%25`)).body.data.total).toBe(0);
    expect((await queue('?stage=later')).body.code).toBe(2001);
  });
});

describe('the works awaiting online (990)', () => {
  /** A 990 work that was online before: its change passed final review and waits to go live again. */
  async function approvedChange(u: Musician, title: string, submitted_at: Date) {
    const w = await work(u, { status: '990', title, submitted_at });
    await t.sql(
      `INSERT INTO work_events (work_id, actor, action, from_status, to_status, created_at)
       VALUES ($1, 'system', 'fixture', '990', '991', now() - interval '30 days')`,
      [w.id],
    );
    return w;
  }

  it('lists approved works in the distributing stage, new ones and changes, oldest submission first', async () => {
    const u = await musician();
    const word = tag();
    const hour = 3_600_000;
    const now = Date.now();
    const first = await work(u, { status: '200', title: `${word} 初`, submitted_at: new Date(now - 6 * hour) });
    const final = await work(u, { status: '301', title: `${word} 终`, submitted_at: new Date(now - 5 * hour) });
    const fresh = await work(u, { status: '990', title: `${word} 新`, submitted_at: new Date(now - 4 * hour) });
    const changed = await approvedChange(u, `${word} 改`, new Date(now - 3 * hour));
    for (const s of ['00', '400', '991'] as const) await work(u, { status: s, title: `${word} 外` });

    const listed = async (query: string) => (await queue(`?keyword=${word}&${query}`)).body.data;
    const ids = async (query: string) => (await listed(query)).list.map((i: { id: number }) => i.id);

    const distributing = await listed('stage=distributing');
    expect(distributing.total).toBe(2);
    expect(distributing.list).toEqual([
      expect.objectContaining({ id: fresh.id, status: '990', stage: 'distributing', change: false }),
      expect.objectContaining({ id: changed.id, status: '990', stage: 'distributing', change: true }),
    ]);
    expect(await ids('stage=distributing&version=new')).toEqual([fresh.id]);
    expect(await ids('stage=distributing&version=change')).toEqual([changed.id]);
    // Not in either review tab; in "all", with the stage each row is in.
    expect(await ids('stage=first')).toEqual([first.id]);
    expect(await ids('stage=final')).toEqual([final.id]);
    const all = await listed('stage=all');
    expect(all.list.map((i: { id: number; stage: string }) => [i.id, i.stage])).toEqual([
      [first.id, 'first'],
      [final.id, 'final'],
      [fresh.id, 'distributing'],
      [changed.id, 'distributing'],
    ]);
    expect(await ids('version=change')).toEqual([final.id, changed.id]);
    expect(await ids('version=new')).toEqual([first.id, fresh.id]);

    // Marked online, a work leaves the stage.
    expect((await online(fresh.id)).body.data.status).toBe('991');
    expect(await ids('stage=distributing')).toEqual([changed.id]);
    // What editors without the role, and musicians, cannot list.
    expect((await queue('?stage=distributing', support.token)).body.code).toBe(2040);
  });
});

describe('a work’s page', () => {
  it('shows any work with its pre-review, history, musician and the audio to play', async () => {
    const u = await musician();
    const w = await work(u, { status: '00', kind: 'album', tracks: [{ title: '一' }, { title: '二', audio: null }] });
    const res = await detail(w.id);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const d = res.body.data;
    expect(d.work).toMatchObject({ id: w.id, status: '00', kind: 'album' });
    expect(d.work.tracks).toHaveLength(2);
    expect(d.prereview).toMatchObject({ issues: expect.any(Array), can_submit: expect.any(Boolean) });
    expect(d.history.length).toBeGreaterThanOrEqual(1);
    expect(d.musician).toEqual({
      id: u.userinfo.id,
      nickname: u.userinfo.nickname,
      mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}`,
      // musicians here are verified (registerVerifiedUser): the editor sees the real name the letter names
      real_name: '测试音乐人',
    });
    expect(d.audio).toEqual([
      {
        track_id: w.trackIds[0],
        position: 1,
        track_title: '一',
        kind: 'music',
        url: expect.stringMatching(/^\/files\/users\/.+\.wav\?exp=\d+&sig=[0-9a-f]{64}$/),
        name: 'master.wav',
        meta: expect.objectContaining({ format: 'wav', sampleRate: 44100, bitDepth: 16, channels: 2 }),
      },
    ]);
    // Nothing an editor can do to a draft.
    expect(d.actions).toEqual([]);
    expect((await detail((await work(u, { status: '300' })).id)).body.data.actions.sort()).toEqual([
      'pass_final',
      'reject',
    ]);
  });

  it('names the work’s platforms in the language asked for, in the work’s order', async () => {
    const u = await musician();
    const w = await work(u, { status: '200', platforms: ['spotify', 'qq_music', 'netease', 'retired_fm'] });
    const zh = (await detail(w.id)).body.data;
    expect(zh.work.platforms).toEqual(['spotify', 'qq_music', 'netease', 'retired_fm']);
    expect(zh.platforms).toEqual([
      { code: 'spotify', name: 'Spotify' },
      { code: 'qq_music', name: 'QQ音乐' },
      { code: 'netease', name: '网易云音乐' },
      // A code no longer in the platforms table still shows, as itself.
      { code: 'retired_fm', name: 'retired_fm' },
    ]);
    const en = await call(t.app, {
      method: 'GET',
      url: `/api/admin/review/detail?id=${w.id}`,
      headers: { 'admin-token': editor.token, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body.data.platforms.map((p: { name: string }) => p.name)).toEqual([
      'Spotify',
      'QQ Music',
      'NetEase Cloud Music',
      'retired_fm',
    ]);
    // A platform disabled since the work was submitted keeps its name.
    await t.sql(`UPDATE platforms SET enabled = false WHERE code = 'netease'`);
    try {
      expect((await detail(w.id)).body.data.platforms[2]).toEqual({ code: 'netease', name: '网易云音乐' });
    } finally {
      await t.sql(`UPDATE platforms SET enabled = true WHERE code = 'netease'`);
    }
    const none = await work(u, { status: '00', platforms: [] });
    expect((await detail(none.id)).body.data.platforms).toEqual([]);
  });

  it('answers 2100 for an unknown work, on every call', async () => {
    const missing = 987_654_321;
    expect((await detail(missing)).body.code).toBe(2100);
    expect((await approve(missing)).body.code).toBe(2100);
    expect((await reject(missing)).body.code).toBe(2100);
    expect((await online(missing)).body.code).toBe(2100);
    expect((await adminGet(`/api/admin/review/authorization?id=${missing}`, editor.token)).body.code).toBe(2100);
  });
});

describe('the authorization letter', () => {
  let owner: Musician;
  let signed: number;

  beforeAll(async () => {
    // Signed through the musician's real calls, with a drawn signature, so the stored PDF is the real letter.
    owner = await musician();
    const files = await uploadBasics(t, owner);
    signed = (await post(t, owner, API.publish.create, { kind: 'single' })).body.data.id as number;
    await post(t, owner, API.publish.saveInfo, infoBody(signed, files, { title: '授权之歌', wc_statement: 2 }));
    await post(t, owner, API.publish.saveScope, scopeBody(signed));
    const res = await post(t, owner, API.publish.sign, signBody(signed, { signature_png: signaturePng() }));
    expect(res.body.data?.status, JSON.stringify(res.body)).toBe('200');
  });

  const pdfOf = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${API.admin.reviewAuthorization}?id=${id}`, headers });

  it('opens for editors and admins through the link the work’s page gives them', async () => {
    const d = (await detail(signed)).body.data;
    expect(d.authorization_pdf_url).toBe(`/api/admin/review/authorization?id=${signed}`);
    expect(d.work.authorization).toMatchObject({ signed: true });
    const mine = await t.app.inject({
      method: 'GET',
      url: `${API.publish.authorizationPdf}?id=${signed}`,
      headers: { token: owner.token },
    });
    expect(mine.statusCode).toBe(200);
    for (const token of [editor.token, admin]) {
      const res = await pdfOf(signed, { 'admin-token': token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="trackline-authorization-${signed}-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The very letter the musician signed.
      expect(res.rawPayload.equals(mine.rawPayload)).toBe(true);
    }
    // The musician's own call stays theirs: the work's pdf_url does not open for staff.
    expect((await adminGet(d.work.authorization.pdf_url, editor.token)).body.code).toBe(1000);
  });

  it('refuses musicians — the owner included — staff without the editor role, and no session', async () => {
    const refused: Record<string, string>[] = [{}, { token: owner.token }, { 'admin-token': owner.token }];
    for (const headers of refused) {
      const res = await pdfOf(signed, headers);
      expect(res.json().code).toBe(1000);
      expect(res.headers['content-type']).not.toContain('pdf');
    }
    const bySupport = await pdfOf(signed, { 'admin-token': support.token });
    expect(bySupport.statusCode).toBe(200);
    expect(bySupport.json().code).toBe(2040);
  });

  it('answers 2127 for a work without a letter, and the page gives no link', async () => {
    const u = await musician();
    const w = await work(u, { status: '100' });
    expect((await detail(w.id)).body.data).toMatchObject({
      authorization_pdf_url: null,
      work: { authorization: null },
    });
    const res = await pdfOf(w.id, { 'admin-token': editor.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(2127);
    expect((await pdfOf(0, { 'admin-token': editor.token })).json().code).toBe(2001);
  });
});

describe('approving', () => {
  it('passes first then final review, assigning valid ISRC and UPC codes, and tells the musician each time', async () => {
    const u = await musician();
    const w = await work(u, { status: '200', kind: 'album', tracks: 2, title: '长夜' });
    const before = await unread(u);

    const first = await approve(w.id, { remark: '音质良好' });
    expect(first.body).toMatchObject({ code: 1, data: { id: w.id, status: '300' } });
    expect(first.body.data.codes).toBeUndefined();
    expect(await unread(u)).toBe(before + 1);
    expect((await messages(u))[0]).toMatchObject({
      kind: 'work_status',
      title: '作品《长夜》已通过初审',
      link: `/work-management/list?id=${w.id}`,
    });
    expect((await readTracks(t, w.id)).map((tr) => tr.isrc)).toEqual([null, null]);

    const final = await approve(w.id, {}, editor2.token);
    expect(final.body.code, JSON.stringify(final.body)).toBe(1);
    expect(final.body.data.status).toBe('990');
    const codes = final.body.data.codes;
    expect(isValidUpc(codes.upc)).toBe(true);
    expect(codes.upc).toMatch(/^0888888\d{5}$/);
    expect(codes.tracks).toHaveLength(2);
    const year = isrcYear(new Date());
    for (const tr of codes.tracks) {
      expect(isValidIsrc(tr.isrc)).toBe(true);
      expect(tr.isrc).toMatch(new RegExp(`^CNA12${year}\\d{5}$`));
    }
    expect(codes.tracks[0].isrc).not.toBe(codes.tracks[1].isrc);
    expect(codes.assigned).toEqual({ upc: true, isrc_track_ids: w.trackIds });
    // Stored on the work, as answered.
    expect((await readWork(t, w.id))?.upc).toBe(codes.upc);
    expect((await readTracks(t, w.id)).map((tr) => tr.isrc)).toEqual(codes.tracks.map((c: { isrc: string }) => c.isrc));
    // The musician sees them on the work's row (issue 9: codes they never saw).
    const mine = await call(t.app, { method: 'GET', url: API.publish.list, headers: { token: u.token } });
    const row = (mine.body.data.list as Array<{ id: number; upc: string; isrcs: string[] }>).find((r) => r.id === w.id);
    expect(row).toMatchObject({ upc: codes.upc, isrcs: codes.tracks.map((c: { isrc: string }) => c.isrc) });

    expect(await unread(u)).toBe(before + 2);
    const approved = (await messages(u))[0]!;
    expect(approved).toMatchObject({ kind: 'work_status', title: '作品《长夜》已通过审核，正在发行' });
    expect(approved.content).toContain(`UPC: ${codes.upc}`);
    expect(approved.content).toContain(codes.tracks[1].isrc.slice(7));

    // The history says who did what.
    const history = (await detail(w.id)).body.data.history as Array<Record<string, unknown>>;
    const editorEvents = history.filter((e) => e.actor === 'editor');
    expect(editorEvents).toEqual([
      expect.objectContaining({ from: '200', to: '300', actor_name: editor.name, remark: '音质良好' }),
      expect.objectContaining({ from: '300', to: '990', actor_name: editor2.name, remark: '' }),
    ]);

    // Nothing more to approve.
    expect((await approve(w.id)).body.code).toBe(CONFLICT);
  });

  it('keeps codes the musician supplied and assigns only the missing ones', async () => {
    const u = await musician();
    const supplied = { upc: '036000291452', isrc: 'USRC17607839' };
    const w = await work(u, {
      status: '300',
      kind: 'album',
      upc: supplied.upc,
      tracks: [{ title: 'A', isrc: supplied.isrc }, { title: 'B' }],
    });
    const res = await approve(w.id);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.codes).toMatchObject({
      upc: supplied.upc,
      tracks: [
        { track_id: w.trackIds[0], position: 1, isrc: supplied.isrc },
        { track_id: w.trackIds[1], position: 2, isrc: expect.stringMatching(/^CNA12/) },
      ],
      assigned: { upc: false, isrc_track_ids: [w.trackIds[1]] },
    });
    expect((await readWork(t, w.id))?.upc).toBe(supplied.upc);
  });

  it('never hands out a code twice: not across works, not after a work is deleted, not when one was supplied', async () => {
    const u = await musician();
    const seen = new Set<string>();
    const approveFinal = async (id: number) => {
      const res = await approve(id);
      expect(res.body.code, JSON.stringify(res.body)).toBe(1);
      const c = res.body.data.codes as { upc: string; tracks: Array<{ isrc: string }> };
      for (const code of [c.upc, ...c.tracks.map((tr) => tr.isrc)]) {
        expect(seen.has(code), code).toBe(false);
        seen.add(code);
      }
      return c;
    };
    const first = await approveFinal((await work(u, { status: '300', kind: 'album', tracks: 2 })).id);
    const doomed = await work(u, { status: '300' });
    await approveFinal(doomed.id);
    await approveFinal((await work(u, { status: '300' })).id);

    // The work holding codes is deleted: its codes are not drawn again.
    await t.sql('DELETE FROM works WHERE id = $1', [doomed.id]);
    const after = await approveFinal((await work(u, { status: '300', kind: 'album', tracks: 3 })).id);
    expect(after.upc > first.upc).toBe(true);

    // A musician supplied exactly the codes that come next (in a draft): they are skipped, not duplicated.
    const counters = await t.sql('SELECT name, value FROM identifier_counters ORDER BY name');
    const value = (name: string) => Number(counters.rows.find((r) => r.name === name)!.value);
    const year = isrcYear(new Date());
    const nextUpc = makeUpc('0888888', value('upc') + 1);
    const nextIsrc = makeIsrc('CNA12', year, value(`isrc:${year}`) + 1);
    await work(u, { status: '00', upc: nextUpc, tracks: [{ isrc: nextIsrc }] });
    const skipped = await approveFinal((await work(u, { status: '300' })).id);
    expect(skipped.upc).toBe(makeUpc('0888888', value('upc') + 2));
    expect(skipped.tracks[0]!.isrc).toBe(makeIsrc('CNA12', year, value(`isrc:${year}`) + 2));
    expect(seen.has(nextUpc)).toBe(false);
  });

  it('approves a change to an online work and drops the copy of the live version', async () => {
    const u = await musician();
    const w = await work(u, { status: '301', title: '旧梦', live_snapshot: { title: '旧梦', version: 'live' } });
    const res = await approve(w.id);
    expect(res.body).toMatchObject({ code: 1, data: { status: '990' } });
    const row = await readWork(t, w.id);
    expect(row?.live_snapshot).toBeNull();
    expect((await messages(u))[0]!.title).toBe('作品《旧梦》的修改已通过审核，正在发行');

    const first = await work(u, { status: '201', live_snapshot: { title: 'x' } });
    expect((await approve(first.id)).body.data.status).toBe('301');
    expect((await readWork(t, first.id))?.live_snapshot).toEqual({ title: 'x' });
  });

  it('refuses works that are not in review', async () => {
    const u = await musician();
    const before = await unread(u);
    for (const s of ['00', '100', '400', '990', '991'] as const) {
      const w = await work(u, { status: s });
      const res = await approve(w.id);
      expect(res.body.code, s).toBe(CONFLICT);
      expect(await status(w.id)).toBe(s);
    }
    expect(await unread(u)).toBe(before);
  });

  it('lets exactly one of two editors approving at once succeed', async () => {
    const u = await musician();
    for (const start of ['200', '300'] as const) {
      const w = await work(u, { status: start });
      const before = await unread(u);
      // Both saw the same status (the console always sends it): whatever the timing, exactly one moves it on. Without
      // it, a second approval arriving after the first committed would judge the next stage (see the next test).
      const results = await Promise.all([
        approve(w.id, { status: start }),
        approve(w.id, { status: start }, editor2.token),
      ]);
      const codes = results.map((r) => r.body.code).sort();
      expect(codes, JSON.stringify(results.map((r) => r.body))).toEqual([1, CONFLICT]);
      expect(await status(w.id)).toBe(start === '200' ? '300' : '990');
      expect(await unread(u)).toBe(before + 1);
      const events = await t.sql(`SELECT count(*)::int AS n FROM work_events WHERE work_id = $1 AND actor = 'editor'`, [
        w.id,
      ]);
      expect(events.rows[0].n).toBe(1);
    }
  });

  it('refuses an approval of a status the editor did not see', async () => {
    const u = await musician();
    const w = await work(u, { status: '200' });
    expect((await approve(w.id, { status: '200' })).body.data.status).toBe('300');
    // A second click on the first-review page must not pass the final review.
    const again = await approve(w.id, { status: '200' }, editor2.token);
    expect(again.body).toMatchObject({ code: CONFLICT, data: { expected: '200', status: '300' } });
    expect(await status(w.id)).toBe('300');
    expect((await approve(w.id, { status: '300' })).body.data.status).toBe('990');
    expect((await approve(w.id, { status: '990' })).body.code).toBe(2001);
  });
});

describe('rejecting', () => {
  it('sends the work back with the reason and the editor’s text, in one message', async () => {
    const u = await musician();
    const w = await work(u, { status: '200', title: '晚风' });
    const before = await unread(u);
    const res = await reject(w.id, { reason: 'cover', remark: '封面含有二维码，请更换' });
    expect(res.body).toMatchObject({ code: 1, data: { id: w.id, status: '400' } });
    const row = await readWork(t, w.id);
    expect(row).toMatchObject({ status: '400', reject_reason: 'cover', reject_text: '封面含有二维码，请更换' });
    expect(await unread(u)).toBe(before + 1);
    const m = (await messages(u))[0]!;
    expect(m).toMatchObject({
      kind: 'work_rejected',
      title: '作品《晚风》未通过审核',
      link: `/work-management/list?id=${w.id}`,
    });
    expect(m.content).toContain('驳回原因：封面不符合要求');
    expect(m.content).toContain('封面含有二维码，请更换');
    // The musician's own list shows why.
    const mine = await call(t.app, { method: 'GET', url: '/api/publish/list?status=400', headers: { token: u.token } });
    expect(mine.body.data.list).toEqual([
      expect.objectContaining({
        id: w.id,
        status: '400',
        reject_reason: { code: 'cover', text: '封面含有二维码，请更换' },
      }),
    ]);
    const d = (await detail(w.id)).body.data;
    expect(d.work.reject_reason).toEqual({ code: 'cover', text: '封面含有二维码，请更换' });
    expect(d.history.at(-1)).toMatchObject({
      from: '200',
      to: '400',
      actor: 'editor',
      actor_name: editor.name,
      remark: '封面含有二维码，请更换',
    });
  });

  it('sends a change back to 401, from first or final review', async () => {
    const u = await musician();
    for (const s of ['201', '301'] as const) {
      const w = await work(u, { status: s });
      expect((await reject(w.id, { reason: 'metadata', remark: '' })).body.data.status).toBe('401');
    }
    expect((await reject((await work(u, { status: '300' })).id)).body.data.status).toBe('400');
  });

  it('needs the editor’s words when the reason is "other"', async () => {
    const u = await musician();
    const w = await work(u, { status: '200' });
    const before = await unread(u);
    const res = await reject(w.id, { reason: 'other', remark: '   ' });
    expect(res.body).toMatchObject({ code: 2001, data: { fields: ['remark'] } });
    expect((await reject(w.id, { reason: 'because' })).body.code).toBe(2001);
    expect(await status(w.id)).toBe('200');
    expect(await unread(u)).toBe(before);
    expect((await reject(w.id, { reason: 'other', remark: '与平台已有作品高度相似' })).body.code).toBe(1);
  });

  it('refuses works that are not in review, a 990 work included', async () => {
    const u = await musician();
    const before = await unread(u);
    for (const s of ['00', '100', '400', '990', '991'] as const) {
      const w = await work(u, { status: s });
      expect((await reject(w.id)).body.code, s).toBe(CONFLICT);
      expect(await status(w.id)).toBe(s);
    }
    expect(await unread(u)).toBe(before);
  });
});

describe('marking online', () => {
  it('moves only a 990 work to 991, in its history, and tells the musician', async () => {
    const u = await musician();
    for (const s of ['200', '300', '400', '991'] as const) {
      const w = await work(u, { status: s });
      expect((await online(w.id)).body.code, s).toBe(CONFLICT);
      expect(await status(w.id)).toBe(s);
    }
    const w = await work(u, { status: '990', title: '星河' });
    const before = await unread(u);
    const res = await online(w.id, { remark: '各平台已上架' });
    expect(res.body).toMatchObject({ code: 1, data: { id: w.id, status: '991' } });
    expect(await unread(u)).toBe(before + 1);
    expect((await messages(u))[0]).toMatchObject({ kind: 'work_status', title: '作品《星河》已上线' });
    const history = (await detail(w.id)).body.data.history;
    expect(history.at(-1)).toMatchObject({
      from: '990',
      to: '991',
      actor: 'editor',
      actor_name: editor.name,
      remark: '各平台已上架',
    });
    expect((await online(w.id)).body.code).toBe(CONFLICT);
  });
});
