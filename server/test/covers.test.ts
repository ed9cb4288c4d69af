/**
 * The cover maker against the real server and database: bglist and shadow (spec §7), proposals from a work, the
 * render byte-stable for the same document, exports refused for a URL, words that are not the work's, or another
 * release's cover; "use as cover" through the works path; photos only the musician's own; saved designs; the
 * console's backgrounds.
 */
import { type CoverDesign, coverDesign } from '@trackline/contract/covers';
import { API } from '@trackline/contract/paths';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCover } from '../src/modules/covers/render';
import { call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { get, type Musician, post, uploadSmall } from './work-client';
import { insertWork } from './work-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const C = API.covers;
const nextIp = ipSequence(214);
const user = (): Promise<Musician> => registerUser(t, {}, nextIp());
const userId = async (u: Musician) =>
  Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [u.mobile])).rows[0].id);

async function bgSpec(id: number) {
  const row = await t.sql('SELECT spec FROM cover_backgrounds WHERE id = $1', [id]);
  return row.rows[0].spec;
}

function design(meta: Partial<CoverDesign['meta']>, backgroundId = 1): CoverDesign {
  return coverDesign.parse({
    version: 1,
    background: { id: backgroundId },
    meta: { title: '夜航', artist: '林一', label: '', ...meta },
    layers: [
      {
        type: 'text',
        id: 'title',
        source: 'title',
        font: 'noto-serif-sc-bold',
        size: 320,
        color: '#ffffff',
        x: 1500,
        y: 1400,
      },
      {
        type: 'text',
        id: 'artist',
        source: 'artist',
        font: 'noto-sans-sc',
        size: 150,
        color: '#ffffff',
        x: 1500,
        y: 1800,
        effect: { kind: 'shadow', color: '#000000', size: 20, dx: 8, dy: 8, opacity: 0.5 },
      },
    ],
  });
}

describe('GET /api/ai.cover/bglist and /api/ai.cover/shadow', () => {
  it('need a session', async () => {
    for (const url of [C.bglist, C.shadow]) expect((await call(t.app, { method: 'GET', url })).body.code).toBe(1000);
  });

  it('bglist: gradients, patterns and textures, each with a thumbnail and a palette', async () => {
    const u = await user();
    const res = await get(t, u, `${C.bglist}?t=1`, { 'accept-language': 'en' });
    expect(res.body.code).toBe(1);
    const cats = res.body.data.categories as Array<{
      category: string;
      name: string;
      backgrounds: Array<{ thumb: string; palette: string[] }>;
    }>;
    expect(cats.map((c) => c.category)).toEqual(['gradient', 'pattern', 'texture']);
    expect(cats[0]!.name).toBe('Gradients');
    const bg = cats[2]!.backgrounds[0]!;
    expect(bg.palette.length).toBeGreaterThanOrEqual(2);
    const thumb = await t.app.inject({ method: 'GET', url: bg.thumb });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['cache-control']).toContain('max-age');
    const m = await sharp(thumb.rawPayload).metadata();
    expect([m.width, m.height]).toEqual([240, 240]);
  });

  it('shadow: none, shadow, outline, glow with their parameters, in the user’s language', async () => {
    const u = await user();
    const res = await get(t, u, C.shadow);
    const effects = res.body.data.effects as Array<{ kind: string; name: string; params: Array<{ name: string }> }>;
    expect(effects.map((e) => e.kind)).toEqual(['none', 'shadow', 'outline', 'glow']);
    expect(effects[1]!.name).toBe('阴影');
    expect(effects[1]!.params.map((p) => p.name)).toEqual(['color', 'size', 'dx', 'dy', 'opacity']);
  });
});

describe('proposals', () => {
  it('from a work: several designs with the work’s words, each a different layout', async () => {
    const u = await user();
    const work = await insertWork(t, await userId(u), {
      status: '00',
      title: '夜航星',
      primary_artists: ['林一', 'Ava'],
      label: '乐轨音乐',
      genre: 'pop',
    });
    const res = await post(t, u, C.propose, { work_id: work.id });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const designs = res.body.data.designs as CoverDesign[];
    expect(designs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(designs.map((d) => d.layout)).size).toBe(designs.length);
    // Not only the palette: the layers' shapes and positions differ between proposals.
    const shapes = designs.map((d) => JSON.stringify(d.layers.map((l) => [l.type, 'x' in l ? l.x : 0])));
    expect(new Set(shapes).size).toBe(designs.length);
    for (const d of designs) expect(d.meta).toEqual({ title: '夜航星', artist: '林一 & Ava', label: '乐轨音乐' });
    // The same request proposes the same; another round others.
    const again = await post(t, u, C.propose, { work_id: work.id });
    expect(again.body.data.designs).toEqual(designs);
  });

  it('another musician’s work is unknown', async () => {
    const a = await user();
    const b = await user();
    const work = await insertWork(t, await userId(a), { status: '00' });
    expect((await post(t, b, C.propose, { work_id: work.id })).body.code).toBe(2463);
  });
});

describe('render and export', () => {
  it('the same document renders the same bytes', async () => {
    const u = await user();
    const d = design({ title: '同一份设计' }, 2);
    const one = await post(t, u, C.preview, { design: d, side: 300 });
    const two = await post(t, u, C.preview, { design: d, side: 300 });
    expect(one.body.code, JSON.stringify(one.body)).toBe(1);
    expect(one.body.data.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(two.body.data.image).toBe(one.body.data.image);

    const first = await post(t, u, C.export, { design: d });
    expect(first.body.code, JSON.stringify(first.body)).toBe(1);
    const second = await post(t, u, C.export, { design: d });
    expect(second.body.data.sha256).toBe(first.body.data.sha256);
    // A repeated export answers the file it already made.
    expect(second.body.data.key).toBe(first.body.data.key);
    const files = await t.sql('SELECT count(*)::int AS n FROM user_files WHERE user_id = $1', [await userId(u)]);
    expect(files.rows[0].n).toBe(1);
    const stored = await t.deps.storage.get(first.body.data.key);
    const m = await sharp(stored!).metadata();
    expect([m.format, m.width, m.height, m.space, m.channels, m.hasAlpha]).toEqual([
      'jpeg',
      3000,
      3000,
      'srgb',
      3,
      false,
    ]);
  }, 60_000);

  it('refuses an export with a URL, naming the rule in both languages', async () => {
    const u = await user();
    const res = await post(
      t,
      u,
      C.export,
      { design: design({ title: '新歌 www.linyi-music.com' }) },
      { 'accept-language': 'en' },
    );
    expect(res.body.code).toBe(2460);
    expect(res.body.msg).toBe('The cover does not pass the store rules');
    expect(res.body.data.rules).toEqual(['cover.text_banned']);
    expect(res.body.data.issues[0].text.en).toContain('URLs');
    expect(res.body.data.issues[0].text['zh-CN']).toContain('网址');
    const files = await t.sql('SELECT count(*)::int AS n FROM user_files WHERE user_id = $1', [await userId(u)]);
    expect(files.rows[0].n).toBe(0);
  });

  it('refuses words that are not the work’s', async () => {
    const u = await user();
    const work = await insertWork(t, await userId(u), { status: '00', title: '夜航', primary_artists: ['林一'] });
    const res = await post(t, u, C.export, { design: design({ title: '夜航（完整版）' }), work_id: work.id });
    expect(res.body.code).toBe(2460);
    expect(res.body.data.rules).toEqual(['cover.text_not_metadata']);
  });

  it('use as cover sets the work’s cover; another release with the same art is refused', async () => {
    const a = await user();
    const work = await insertWork(t, await userId(a), {
      status: '00',
      title: '夜航',
      primary_artists: ['林一'],
      cover: null,
    });
    const d = design({ title: '夜航', artist: '林一' }, 3);
    const exported = await post(t, a, C.export, { design: d, work_id: work.id });
    expect(exported.body.code, JSON.stringify(exported.body)).toBe(1);
    const used = await post(t, a, C.use, { key: exported.body.data.key, work_id: work.id });
    expect(used.body.code, JSON.stringify(used.body)).toBe(1);
    expect(used.body.data.cover.key).toBe(exported.body.data.key);

    // Another musician, another release, the same design: a near copy of a release's cover.
    const b = await user();
    const other = await insertWork(t, await userId(b), {
      status: '00',
      title: '夜航',
      primary_artists: ['林一'],
      cover: null,
    });
    const copy = await post(t, b, C.export, { design: d, work_id: other.id });
    expect(copy.body.code).toBe(2460);
    expect(copy.body.data.rules).toEqual(['cover.near_copy']);
    // The first work may export it again (its own cover is not "another release").
    expect((await post(t, a, C.export, { design: d, work_id: work.id })).body.code).toBe(1);
  }, 90_000);

  it('a cover attached the ordinary way (add-material) is known to the near-copy check once its job ran', async () => {
    const a = await user();
    const work = await insertWork(t, await userId(a), { status: '00', title: '旧封面', cover: null });
    const d = design({ title: '旧封面', artist: '林一' }, 5);
    // The same pixels as the maker would make, uploaded as a file of the musician's own.
    const png = await sharp(
      await renderCover({ design: d, meta: d.meta, background: await bgSpec(5), photos: new Map() }),
    )
      .png()
      .toBuffer();
    const key = await uploadSmall(t, a, png, 'cover.png', 'image/png');
    const added = await post(t, a, API.publish.materialAdd, { id: work.id, kind: 'cover', key, track_id: null });
    expect(added.body.code, JSON.stringify(added.body)).toBe(1);
    await t.runJobs();
    const rows = await t.sql('SELECT work_id FROM cover_fingerprints WHERE work_id = $1', [work.id]);
    expect(rows.rowCount).toBe(1);
    const b = await user();
    const copy = await post(t, b, C.export, { design: d });
    expect(copy.body.code).toBe(2460);
    expect(copy.body.data.rules).toEqual(['cover.near_copy']);
  }, 90_000);

  it('use as cover takes only the musician’s own file and work', async () => {
    const a = await user();
    const b = await user();
    const work = await insertWork(t, await userId(b), { status: '00', cover: null });
    const exported = await post(t, a, C.export, { design: design({ title: '只属于我' }, 4) });
    expect(exported.body.code).toBe(1);
    expect((await post(t, b, C.use, { key: exported.body.data.key, work_id: work.id })).body.code).toBe(2465);
    const mine = await insertWork(t, await userId(a), { status: '00', cover: null });
    expect((await post(t, a, C.use, { key: exported.body.data.key, work_id: work.id })).body.code).toBe(2463);
    expect((await post(t, a, C.use, { key: exported.body.data.key, work_id: mine.id })).body.code).toBe(1);
  }, 60_000);

  it('a photo layer: the musician’s own upload, warned when enlarged; someone else’s is refused', async () => {
    const a = await user();
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#3366aa' },
    })
      .composite([
        {
          input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#ffcc00"/></svg>'),
        },
      ])
      .png()
      .toBuffer();
    const key = await uploadSmall(t, a, photo, 'photo.png', 'image/png');
    const withPhoto = (k: string) =>
      coverDesign.parse({
        ...design({ title: '照片封面' }),
        layers: [
          { type: 'image', id: 'photo', key: k, crop: { left: 150, top: 0, size: 900 }, x: 0, y: 0, size: 3000 },
          ...design({}).layers,
        ],
      });
    const preview = await post(t, a, C.preview, { design: withPhoto(key), side: 300 });
    expect(preview.body.code, JSON.stringify(preview.body)).toBe(1);
    expect(preview.body.data.warnings.map((w: { rule: string }) => w.rule)).toContain('cover.upscaled');
    const b = await user();
    expect((await post(t, b, C.preview, { design: withPhoto(key) })).body.code).toBe(2462);
  });

  it('an unknown background is refused, not a fault', async () => {
    const u = await user();
    expect((await post(t, u, C.export, { design: design({}, 99_999) })).body.code).toBe(2461);
  });
});

describe('saved designs', () => {
  it('save, reopen, update and list; only the owner sees them', async () => {
    const a = await user();
    const d = design({ title: '存稿' });
    const saved = await post(t, a, C.designSave, { name: '草稿一', design: d });
    expect(saved.body.code).toBe(1);
    const id = saved.body.data.id as number;
    const opened = await get(t, a, `${C.design}?id=${id}`);
    expect(opened.body.data.design).toEqual(d);
    const changed = { ...d, meta: { ...d.meta, title: '存稿二' } };
    expect((await post(t, a, C.designSave, { id, name: '草稿一', design: changed })).body.code).toBe(1);
    const list = await get(t, a, C.designs);
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(list.body.data[0].design.meta.title).toBe('存稿二');
    const b = await user();
    expect((await get(t, b, `${C.design}?id=${id}`)).body.code).toBe(2464);
    expect((await post(t, b, C.designSave, { id, name: 'x', design: d })).body.code).toBe(2464);
  });
});

describe('the console’s backgrounds', () => {
  it('content staff add a background and retire it; musicians see it only while offered', async () => {
    const adminToken = await staffLogin(t, undefined, undefined, '10.214.99.1');
    const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(t.app, { method, url, payload, headers: { 'admin-token': adminToken } });
    const added = await staff('POST', API.admin.covers.add, {
      name_zh: '晚霞',
      name_en: 'Afterglow',
      spec: { category: 'gradient', gradient: { kind: 'linear', colors: ['#ff7e5f', '#feb47b'], angle: 90 } },
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(1);
    const id = added.body.data.id as number;
    const u = await user();
    const offered = async () =>
      ((await get(t, u, C.bglist)).body.data.categories as Array<{ backgrounds: Array<{ id: number }> }>).flatMap((c) =>
        c.backgrounds.map((b) => b.id),
      );
    expect(await offered()).toContain(id);
    expect((await staff('POST', API.admin.covers.retire, { id, retired: true })).body.code).toBe(1);
    expect(await offered()).not.toContain(id);
    const all = await staff('GET', API.admin.covers.backgrounds);
    expect(all.body.data.find((b: { id: number }) => b.id === id).retired).toBe(true);
    // A musician's token is not a staff session.
    expect(
      (await call(t.app, { method: 'GET', url: API.admin.covers.backgrounds, headers: { token: u.token } })).body.code,
    ).toBe(1000);
  });
});
