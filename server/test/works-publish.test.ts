/**
 * Publishing a work in three steps with real files (a 31 s 44.1 kHz 16-bit stereo WAV through the resumable
 * upload, a 3000×3000 PNG cover, LRC lyrics in UTF-8 and GBK): drafts that resume at the right step, pre-review,
 * the signed letter as a real PDF, albums gaining, losing and reordering tracks, supplied ISRC/UPC, withdraw,
 * reopen, delete, changes to an online work and giving them up, materials.
 */
import { API } from '@trackline/contract/paths';
import { AGREEMENT_VERSION } from '@trackline/contract/work-model';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ipSequence, registerUser, registerVerifiedUser, type TestApp } from './harness';
import { flac, id3WithPicture, jpegImage, pngImage, wav } from './media-files';
import { rulesOf } from './rule-assert';
import {
  type FileKeys,
  get,
  infoBody,
  type Musician,
  post,
  releaseDate,
  scopeBody,
  signaturePng,
  signBody,
  uploadAudio,
  uploadBasics,
  uploadSmall,
  validWav,
} from './work-client';
import { insertWork, readTracks, readWork } from './work-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(131);
const user = (): Promise<Musician> => registerVerifiedUser(t, {}, nextIp());
const userId = async (u: Musician) =>
  Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [u.mobile])).rows[0].id);

const P = API.publish;
async function create(u: Musician, kind: 'single' | 'album' = 'single'): Promise<number> {
  const res = await post(t, u, P.create, { kind });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id as number;
}
const detail = (u: Musician, id: number) => get(t, u, `${P.detail}?id=${id}`);
const saveInfo = (u: Musician, body: object) => post(t, u, P.saveInfo, body);
const saveScope = (u: Musician, body: object) => post(t, u, P.saveScope, body);
const sign = (u: Musician, body: object) => post(t, u, P.sign, body);
const prereview = (u: Musician, id: number) => get(t, u, `${P.prereview}?id=${id}`);
const history = (u: Musician, id: number) => get(t, u, `${P.history}?id=${id}`);

/** A work of `u` taken through steps 1 and 2 with real files: status 100. */
async function readyToSign(u: Musician, files?: FileKeys, info: Record<string, unknown> = {}): Promise<number> {
  const keys = files ?? (await uploadBasics(t, u));
  const id = await create(u);
  const saved = await saveInfo(u, infoBody(id, keys, info));
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  const scoped = await saveScope(u, scopeBody(id));
  expect(scoped.body.data?.status, JSON.stringify(scoped.body)).toBe('100');
  return id;
}

describe('a single through the three steps', () => {
  let u: Musician;
  let files: FileKeys;
  let id: number;
  beforeAll(async () => {
    u = await user();
    files = await uploadBasics(t, u);
  });

  it('creates a draft (00) with one empty track, resuming at step 1, its creation recorded', async () => {
    id = await create(u);
    const d = await detail(u, id);
    expect(d.body.code).toBe(1);
    expect(d.body.data).toMatchObject({ id, kind: 'single', status: '00', resume_step: 1, cover: null });
    expect(d.body.data.tracks).toHaveLength(1);
    const h = await history(u, id);
    expect(h.body.data).toMatchObject([{ from: null, to: '00', actor: 'user', action: 'create' }]);
  });

  it('saves an incomplete draft as it goes: still 00, pre-review lists what is missing', async () => {
    const res = await saveInfo(u, { id, title: '夜航', tracks: [{ title: '夜航' }] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ status: '00', title: '夜航', resume_step: 1 });
    const pr = await prereview(u, id);
    expect(pr.body.data.can_submit).toBe(false);
    const missing = pr.body.data.issues
      .filter((i: { rule: string }) => i.rule === 'field.required')
      .map((i: { field: string }) => i.field);
    expect(missing).toEqual(
      expect.arrayContaining([
        'primary_artists',
        'genre',
        'language',
        'property',
        'wc_statement',
        'source',
        'cover',
        'tracks.0.primary_artists',
        'tracks.0.audio',
      ]),
    );
    rulesOf(pr.body.data.issues);
  });

  it('the scope cannot be chosen before the information is complete', async () => {
    const res = await saveScope(u, scopeBody(id));
    expect(res.body.code).toBe(2103);
    expect((await readWork(t, id))?.status).toBe('00');
  });

  it('a complete step 1 moves on to 10 and resumes at step 2; lyrics come from the LRC file without time tags', async () => {
    const lrc = await uploadSmall(
      t,
      u,
      Buffer.from('[ti:夜航]\n[00:01.00]夜很长\n[00:05.50]路很远\n'),
      'a.lrc',
      'text/plain',
    );
    const body = infoBody(id, files);
    body.tracks = [{ ...(body.tracks as object[])[0], lyrics: '', lyric_key: lrc }];
    const res = await saveInfo(u, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({ status: '10', resume_step: 2, source_code: 'Y' });
    expect(res.body.data.cover.key).toBe(files.cover);
    const track = res.body.data.tracks[0];
    expect(track.lyrics).toBe('夜很长\n路很远');
    expect(track.materials.map((m: { kind: string }) => m.kind).sort()).toEqual(['lyric', 'music']);
    const audio = track.materials.find((m: { kind: string }) => m.kind === 'music');
    expect(audio.meta).toMatchObject({ format: 'wav', sampleRate: 44_100, bitDepth: 16, channels: 2 });
    // leaving and coming back: the detail says step 2
    expect((await detail(u, id)).body.data.resume_step).toBe(2);
  });

  it('refuses a release date inside the lead time, naming the earliest, and unknown platforms', async () => {
    const soon = await saveScope(u, scopeBody(id, { release_date: releaseDate(2) }));
    expect(soon.body.code).toBe(2108);
    expect(soon.body.data.earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(soon.body.data.earliest).toBe((await detail(u, id)).body.data.earliest_release_date);
    // the earliest day itself is accepted later; a day before it is not
    const dayBefore = new Date(Date.parse(`${soon.body.data.earliest}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await saveScope(u, scopeBody(id, { release_date: dayBefore }))).body.code).toBe(2108);
    const impossible = await saveScope(u, scopeBody(id, { release_date: '2031-02-30' }));
    expect(impossible.body.code).toBe(2001);
    const unknown = await saveScope(u, scopeBody(id, { platforms: ['qq_music', 'myspace'] }));
    expect(unknown.body.code).toBe(2109);
    expect(unknown.body.data.codes).toEqual(['myspace']);
    await t.sql(`UPDATE platforms SET enabled = false WHERE code = 'joox'`);
    expect((await saveScope(u, scopeBody(id, { platforms: ['joox'] }))).body.code).toBe(2109);
    await t.sql(`UPDATE platforms SET enabled = true WHERE code = 'joox'`);
    expect((await readWork(t, id))?.status).toBe('10');
  });

  it('step 2 moves on to 100; saving it again in 100 keeps 100', async () => {
    const earliest = (await detail(u, id)).body.data.earliest_release_date;
    const res = await saveScope(u, scopeBody(id, { territories: ['CN', 'HK', 'CN'], release_date: earliest }));
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data).toMatchObject({
      status: '100',
      resume_step: 3,
      territories: ['CN', 'HK'],
      release_date: earliest,
    });
    const again = await saveScope(u, scopeBody(id));
    expect(again.body.data).toMatchObject({
      status: '100',
      territories: 'worldwide',
      platforms: ['qq_music', 'spotify'],
    });
  });

  it('pre-review passes; an outdated agreement is refused; signing submits (200) with the letter', async () => {
    const pr = await prereview(u, id);
    expect(pr.body.data.can_submit, JSON.stringify(pr.body.data.issues)).toBe(true);
    expect((await sign(u, signBody(id, { agreement_version: '2020-01' }))).body.code).toBe(2126);
    const res = await sign(u, signBody(id));
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.status).toBe('200');
    expect(res.body.data.submitted_at).not.toBeNull();
    expect(res.body.data.authorization).toMatchObject({ agreement_version: AGREEMENT_VERSION, signed: false });
    const row = (
      await t.sql(
        'SELECT ip, agreement_version, wc_statement, signature_key, terms FROM work_authorizations WHERE work_id = $1',
        [id],
      )
    ).rows[0];
    expect(row).toMatchObject({ agreement_version: AGREEMENT_VERSION, wc_statement: 1, signature_key: null });
    expect(row.ip).not.toBe('');
    expect(row.terms).toMatchObject({
      work: { title: '夜航', primary_artists: ['林一'] },
      rights: { property: 1, wc_statement: 1, source: 1, source_code: 'Y' },
      scope: { platforms: ['qq_music', 'spotify'], territories: 'worldwide' },
    });
    const events = (await history(u, id)).body.data.map((e: { from: string; to: string }) => `${e.from}>${e.to}`);
    expect(events).toEqual(['null>00', '00>10', '10>100', '100>200']);
    // signed once: not again, and no more editing while an editor has it
    expect((await sign(u, signBody(id))).body.code).toBe(2101);
    expect((await saveInfo(u, infoBody(id, files))).body.code).toBe(2102);
  });

  it('the letter is a real PDF naming the work, for its owner only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P.authorizationPdf}?id=${id}`,
      headers: { token: u.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="trackline-authorization-\d+-[\d-]+\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toContain('夜航');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    // the Chinese text is set in an embedded font subset, not the whole font
    expect(res.rawPayload.length).toBeLessThan(400_000);
    const other = await user();
    const denied = await call(t.app, {
      method: 'GET',
      url: `${P.authorizationPdf}?id=${id}`,
      headers: { token: other.token },
    });
    expect(denied.status).toBe(200);
    expect(denied.body.code).toBe(2100);
  });

  it('withdraw takes it back to 100; it can be signed again', async () => {
    const res = await post(t, u, P.withdraw, { id });
    expect(res.body.data).toMatchObject({ status: '100', submitted_at: null });
    expect((await post(t, u, P.withdraw, { id })).body.code).toBe(2101);
    expect((await sign(u, signBody(id))).body.data.status).toBe('200');
  });
});

describe('step 3 refusals', () => {
  let u: Musician;
  beforeAll(async () => {
    u = await user();
  });

  it('source 8 cannot be submitted, and says why (pre-review lists the rule too)', async () => {
    const id = await readyToSign(u, undefined, { source: 8 });
    const pr = await prereview(u, id);
    expect(rulesOf(pr.body.data.issues)).toContain('rights.no_authorization');
    const res = await sign(u, signBody(id));
    expect(res.body.code).toBe(2105);
    expect(res.body.data.issues.map((i: { rule: string }) => i.rule)).toContain('rights.no_authorization');
    expect((await readWork(t, id))?.status).toBe('100');
  });

  it('wcStatement 2 needs a drawn signature; a bad one is refused; a real one is embedded', async () => {
    const id = await readyToSign(u, undefined, { wc_statement: 2 });
    expect((await sign(u, signBody(id))).body.code).toBe(2106);
    const notPng = `data:image/png;base64,${Buffer.from('definitely not a png').toString('base64')}`;
    expect((await sign(u, signBody(id, { signature_png: notPng }))).body.code).toBe(2107);
    expect((await sign(u, signBody(id, { signature_png: signaturePng(1, 1) }))).body.code).toBe(2107);
    const jpeg = `data:image/png;base64,${jpegImage(600, 200).toString('base64')}`;
    expect((await sign(u, signBody(id, { signature_png: jpeg }))).body.code).toBe(2107);
    // declared 600×200 but no real picture data: the header passes, decoding for the letter does not
    const hollow = `data:image/png;base64,${Buffer.concat([pngImage(600, 200, 6).subarray(0, 33), Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])]).toString('base64')}`;
    expect((await sign(u, signBody(id, { signature_png: hollow }))).body.code).toBe(2107);
    expect((await readWork(t, id))?.status).toBe('100');

    const res = await sign(u, signBody(id, { signature_png: signaturePng() }));
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.authorization.signed).toBe(true);
    const key = (await t.sql('SELECT signature_key FROM work_authorizations WHERE work_id = $1', [id])).rows[0]
      .signature_key as string;
    expect(key).toMatch(new RegExp(`^users/${await userId(u)}/signatures/[0-9a-f-]{36}\\.png$`));
    expect(await t.deps.storage.get(key)).not.toBeNull();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${P.authorizationPdf}?id=${id}`,
      headers: { token: u.token },
    });
    // the embedded signature is an image XObject in the letter
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('pre-review errors block signing, each naming its rule and field', async () => {
    const files = await uploadBasics(t, u);
    const id = await readyToSign(u, files, {
      title: 'Love Song feat. Somebody',
      primary_artists: ['林一 @linyi'],
      tracks: [
        {
          title: 'LOVE SONG',
          primary_artists: ['林一'],
          lyricist: ['林一'],
          composer: ['林一'],
          audio_key: files.audio,
        },
      ],
    });
    const res = await sign(u, signBody(id));
    expect(res.body.code).toBe(2104);
    const issues = res.body.data.issues as { rule: string; field: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'title.feat', field: 'title' }),
        expect.objectContaining({ rule: 'title.all_caps', field: 'tracks.0.title' }),
        expect.objectContaining({ rule: 'text.handle', field: 'primary_artists.0' }),
      ]),
    );
    rulesOf(issues as never);
  });

  it('an original needs lyricist and composer (not the lyricist when instrumental)', async () => {
    const files = await uploadBasics(t, u);
    const id = await create(u);
    const body = infoBody(id, files);
    body.tracks = [{ title: '夜航', primary_artists: ['林一'], audio_key: files.audio }];
    const res = await saveInfo(u, body);
    // information incomplete for an original: it stays in 00
    expect(res.body.data.status).toBe('00');
    const issues = (await prereview(u, id)).body.data.issues as { rule: string; field: string }[];
    expect(issues.filter((i) => i.rule === 'rights.original_credits').map((i) => i.field)).toEqual([
      'tracks.0.lyricist',
      'tracks.0.composer',
    ]);
    body.tracks = [{ ...body.tracks[0], composer: ['林一'], language: 'instrumental' }];
    expect((await saveInfo(u, body)).body.data.status).toBe('10');
  });

  it('signing is refused before step 2 and for unknown works', async () => {
    const id = await create(u);
    expect((await sign(u, signBody(id))).body.code).toBe(2103);
    const unknown = await sign(u, signBody(999_999_999));
    expect(unknown.status).toBe(200);
    expect(unknown.body.code).toBe(2100);
  });
});

describe('pre-review of the files', () => {
  let u: Musician;
  beforeAll(async () => {
    u = await user();
  });

  it('judges the stored cover and audio by their bytes', async () => {
    const small = await uploadSmall(t, u, pngImage(1000, 1000), 'small.png', 'image/png');
    const mono = await uploadAudio(t, u, wav({ channels: 1, seconds: 31 }), 'mono.wav');
    const id = await create(u);
    await saveInfo(u, infoBody(id, { cover: small, audio: mono }));
    const issues = (await prereview(u, id)).body.data.issues as { rule: string; field: string; severity: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'cover.too_small', field: 'cover', severity: 'error' }),
        expect.objectContaining({ rule: 'audio.channels', field: 'tracks.0.audio', severity: 'error' }),
      ]),
    );
    const jpeg = await uploadSmall(t, u, jpegImage(3000, 3000), 'cover.jpg', 'image/jpeg');
    await saveInfo(u, infoBody(id, { cover: jpeg, audio: mono }));
    const after = (await prereview(u, id)).body.data.issues as { rule: string }[];
    expect(after.map((i) => i.rule)).not.toContain('cover.too_small');
  });

  it('judges audio stored without its analysis from the whole stored file (a FLAC past its first MiB)', async () => {
    // mono 22.05 kHz, behind a 900 kB cover picture in an ID3 tag
    const song = Buffer.concat([id3WithPicture(900_000), flac({ tone: true, channels: 1, sampleRate: 22_050 })]);
    const key = await uploadAudio(t, u, song, 'old.flac');
    const cover = await uploadSmall(t, u, jpegImage(3000, 3000), 'cover.jpg', 'image/jpeg');
    // as a row from before uploads kept what the analyzer read
    await t.sql('UPDATE user_files SET meta = NULL WHERE key = $1', [key]);
    const id = await create(u);
    await saveInfo(u, infoBody(id, { cover, audio: key }));
    const issues = (await prereview(u, id)).body.data.issues as { rule: string; field: string; params?: unknown }[];
    const audio = issues.filter((i) => i.field === 'tracks.0.audio');
    expect(audio).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'audio.channels', params: { channels: 1 } }),
        expect.objectContaining({ rule: 'audio.sample_rate', params: { sampleRate: 22_050 } }),
      ]),
    );
    expect(audio.map((i) => i.rule)).not.toContain('audio.corrupt');
    expect(audio.map((i) => i.rule)).not.toContain('audio.too_short');
  });

  it('the same audio as another account is blocked; as one of one’s own works, warned', async () => {
    const a = await user();
    const b = await user();
    const recording = validWav();
    const aFiles = { cover: (await uploadBasics(t, a)).cover, audio: await uploadAudio(t, a, recording) };
    const first = await create(a);
    await saveInfo(a, infoBody(first, aFiles));
    const second = await create(a);
    await saveInfo(a, infoBody(second, aFiles));
    const own = (await prereview(a, second)).body.data;
    expect(own.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'audio.duplicate_own', severity: 'warning', params: { work_id: first } }),
      ]),
    );
    expect(own.can_submit).toBe(true);

    // b uploads the very same recording (same bytes, same SHA-256) for a work of their own
    const bFiles = { cover: (await uploadBasics(t, b)).cover, audio: await uploadAudio(t, b, recording) };
    const theirs = await create(b);
    await saveInfo(b, infoBody(theirs, bFiles));
    const blocked = (await prereview(b, theirs)).body.data;
    expect(blocked.can_submit).toBe(false);
    const dup = blocked.issues.find((i: { rule: string }) => i.rule === 'audio.duplicate_other');
    expect(dup).toMatchObject({ field: 'tracks.0.audio', severity: 'error' });
    // the other account's work is never named
    expect(dup.params).toBeUndefined();
  });
});

describe('albums', () => {
  let u: Musician;
  let files: FileKeys;
  beforeAll(async () => {
    u = await user();
    files = await uploadBasics(t, u);
  });
  const track = (title: string, extra: object = {}) => ({
    title,
    primary_artists: ['林一'],
    lyricist: ['林一'],
    composer: ['林一'],
    lyrics: '啦啦啦',
    ...extra,
  });

  it('adds, reorders and removes tracks with the whole list; a single keeps exactly one', async () => {
    const id = await create(u, 'album');
    const first = await saveInfo(
      u,
      infoBody(id, files, { tracks: [track('一', { audio_key: files.audio }), track('二')] }),
    );
    expect(first.body.code, JSON.stringify(first.body)).toBe(1);
    const [one, two] = first.body.data.tracks as { id: number; title: string; position: number }[];
    expect([one!.title, two!.title]).toEqual(['一', '二']);

    // a third track, and the order changed: 三, 一, 二
    const reordered = await saveInfo(
      u,
      infoBody(id, {}, { tracks: [track('三'), track('一', { id: one!.id }), track('二', { id: two!.id })] }),
    );
    const tracks = reordered.body.data.tracks as {
      id: number;
      title: string;
      position: number;
      materials: unknown[];
    }[];
    expect(tracks.map((x) => [x.title, x.position])).toEqual([
      ['三', 1],
      ['一', 2],
      ['二', 3],
    ]);
    expect(tracks[1]!.id).toBe(one!.id);
    // the kept track keeps its audio: absent keys leave materials as they are
    expect(tracks[1]!.materials).toHaveLength(1);

    // 二 removed (with its materials), 一 and 三 swapped
    const removed = await saveInfo(
      u,
      infoBody(id, {}, { tracks: [track('一', { id: one!.id }), track('三', { id: tracks[0]!.id })] }),
    );
    expect(removed.body.data.tracks.map((x: { title: string }) => x.title)).toEqual(['一', '三']);
    expect(await readTracks(t, id)).toHaveLength(2);

    // unknown or repeated track ids, or another work's track, are refused
    const other = await create(u, 'album');
    const otherTrack = (await readTracks(t, other))[0]!.id;
    for (const bad of [[track('x', { id: otherTrack })], [track('x', { id: one!.id }), track('y', { id: one!.id })]])
      expect((await saveInfo(u, infoBody(id, {}, { tracks: bad }))).body.code).toBe(2111);

    const single = await create(u);
    expect((await saveInfo(u, infoBody(single, {}, { tracks: [track('a'), track('b')] }))).body.code).toBe(2111);
    expect((await saveInfo(u, infoBody(single, {}, { tracks: [] }))).body.code).toBe(2001);
  });

  it('an album is complete when every track has title, artist and main audio', async () => {
    const id = await create(u, 'album');
    const res = await saveInfo(
      u,
      infoBody(id, files, { tracks: [track('一', { audio_key: files.audio }), track('二')] }),
    );
    expect(res.body.data.status).toBe('00');
    const second = await uploadAudio(t, u, wav({ seconds: 32 }), 'two.wav');
    const tracks = res.body.data.tracks as { id: number }[];
    const done = await saveInfo(
      u,
      infoBody(
        id,
        {},
        { tracks: [track('一', { id: tracks[0]!.id }), track('二', { id: tracks[1]!.id, audio_key: second })] },
      ),
    );
    expect(done.body.data.status).toBe('10');
  });
});

describe('supplied ISRC and UPC', () => {
  let u: Musician;
  beforeAll(async () => {
    u = await user();
  });
  const track = (isrc: string | null, extra: object = {}) => ({ title: 't', primary_artists: ['a'], isrc, ...extra });

  it('validates format and check digit, normalizes, and keeps codes unique across works', async () => {
    const id = await create(u, 'album');
    expect((await saveInfo(u, infoBody(id, {}, { upc: '036000291453', tracks: [track(null)] }))).body).toMatchObject({
      code: 2113,
      data: { field: 'upc' },
    });
    expect((await saveInfo(u, infoBody(id, {}, { tracks: [track('US-RC1-76-0783')] }))).body).toMatchObject({
      code: 2113,
      data: { field: 'tracks.0.isrc' },
    });
    const ok = await saveInfo(
      u,
      infoBody(id, {}, { upc: '036000 291452', tracks: [track('us-rc1-76-07839'), track(null)] }),
    );
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
    expect(ok.body.data.upc).toBe('036000291452');
    expect(ok.body.data.tracks[0].isrc).toBe('USRC17607839');

    // twice in one release, or already another work's
    expect(
      (await saveInfo(u, infoBody(id, {}, { tracks: [track('USRC17607840'), track('USRC17607840')] }))).body.code,
    ).toBe(2112);
    const other = await create(u, 'album');
    expect((await saveInfo(u, infoBody(other, {}, { upc: '036000291452', tracks: [track(null)] }))).body).toMatchObject(
      {
        code: 2112,
        data: { field: 'upc' },
      },
    );
    expect((await saveInfo(u, infoBody(other, {}, { tracks: [track('USRC17607839')] }))).body).toMatchObject({
      code: 2112,
      data: { field: 'tracks.0.isrc' },
    });

    // two tracks of one work may swap codes in one save
    const [a, b] = ok.body.data.tracks as { id: number }[];
    await saveInfo(
      u,
      infoBody(
        id,
        {},
        { upc: '036000291452', tracks: [track('USRC17607839', { id: a!.id }), track('USRC17607841', { id: b!.id })] },
      ),
    );
    const swapped = await saveInfo(
      u,
      infoBody(
        id,
        {},
        { upc: '036000291452', tracks: [track('USRC17607841', { id: a!.id }), track('USRC17607839', { id: b!.id })] },
      ),
    );
    expect(swapped.body.code, JSON.stringify(swapped.body)).toBe(1);
    expect(swapped.body.data.tracks.map((x: { isrc: string }) => x.isrc)).toEqual(['USRC17607841', 'USRC17607839']);
  });
});

describe('files attached to a work', () => {
  let u: Musician;
  let files: FileKeys;
  beforeAll(async () => {
    u = await user();
    files = await uploadBasics(t, u);
  });

  it('takes only the user’s own files, of the kind each material needs', async () => {
    const id = await create(u);
    const stranger = await user();
    const theirCover = await uploadSmall(t, stranger, pngImage(3000, 3000), 'c.png', 'image/png');
    expect((await saveInfo(u, infoBody(id, { cover: theirCover }))).body).toMatchObject({
      code: 2110,
      data: { key: theirCover },
    });
    expect((await saveInfo(u, infoBody(id, { cover: 'users/1/uploads/nope.png' }))).body.code).toBe(2110);
    // an audio file as the cover, a picture as the audio, a GIF as the cover
    expect((await saveInfo(u, infoBody(id, { cover: files.audio }))).body.code).toBe(2110);
    expect((await saveInfo(u, infoBody(id, { audio: files.cover }))).body.code).toBe(2110);
    const gif = await uploadSmall(
      t,
      u,
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
      'x.gif',
      'image/gif',
    );
    expect((await saveInfo(u, infoBody(id, { cover: gif }))).body.code).toBe(2110);
    // null removes, absent keeps
    await saveInfo(u, infoBody(id, files));
    const kept = await saveInfo(u, infoBody(id, {}));
    expect(kept.body.data.cover?.key).toBe(files.cover);
    const cleared = await saveInfo(u, { ...infoBody(id, {}), cover_key: null });
    expect(cleared.body.data.cover).toBeNull();
  });

  it('lyrics written in GBK are converted', async () => {
    // "[00:01.00]我爱你" in GBK, stored as a lyrics upload would store it
    const gbk = Buffer.concat([
      Buffer.from('[00:01.00]', 'latin1'),
      Buffer.from([0xce, 0xd2, 0xb0, 0xae, 0xc4, 0xe3, 0x0a]),
    ]);
    const owner = await userId(u);
    const key = `users/${owner}/uploads/lyrics-gbk-${Date.now()}.lrc`;
    await t.deps.storage.put(key, gbk, 'text/plain');
    await t.sql(
      `INSERT INTO user_files (user_id, key, kind, content_type, size_bytes, original_name) VALUES ($1, $2, 'text', 'text/plain', $3, 'gbk.lrc')`,
      [owner, key, gbk.length],
    );
    const id = await create(u);
    const tracks = (await detail(u, id)).body.data.tracks as { id: number }[];
    const res = await post(t, u, P.materialAdd, { id, track_id: tracks[0]!.id, kind: 'lyric', key });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.tracks[0].lyrics).toBe('我爱你');
  });

  it('material_add puts a file in its slot (cover per work, others per track); material_remove takes it out', async () => {
    const id = await create(u);
    const trackId = (await detail(u, id)).body.data.tracks[0].id as number;
    expect(
      (await post(t, u, P.materialAdd, { id, track_id: trackId, kind: 'cover', key: files.cover })).body.code,
    ).toBe(2111);
    expect(
      (await post(t, u, P.materialAdd, { id, track_id: null, kind: 'accompany', key: files.audio })).body.code,
    ).toBe(2111);
    expect((await post(t, u, P.materialAdd, { id, track_id: trackId, kind: 'mv', key: files.audio })).body.code).toBe(
      2110,
    );
    const cover = await post(t, u, P.materialAdd, { id, track_id: null, kind: 'cover', key: files.cover });
    expect(cover.body.data.cover.key).toBe(files.cover);
    const added = await post(t, u, P.materialAdd, { id, track_id: trackId, kind: 'accompany', key: files.audio });
    const material = added.body.data.tracks[0].materials.find((m: { kind: string }) => m.kind === 'accompany');
    expect(material).toMatchObject({ key: files.audio, name: 'master.wav' });
    // replacing keeps one per slot
    const again = await post(t, u, P.materialAdd, { id, track_id: trackId, kind: 'accompany', key: files.audio });
    expect(again.body.data.tracks[0].materials.filter((m: { kind: string }) => m.kind === 'accompany')).toHaveLength(1);
    const current = again.body.data.tracks[0].materials.find((m: { kind: string }) => m.kind === 'accompany');
    const removed = await post(t, u, P.materialRemove, { id, material_id: current.id });
    expect(removed.body.data.tracks[0].materials).toHaveLength(0);
    expect((await post(t, u, P.materialRemove, { id, material_id: current.id })).body.code).toBe(2110);
    // the file itself stays the user's
    expect((await t.sql('SELECT 1 FROM user_files WHERE key = $1', [files.audio])).rowCount).toBe(1);
  });

  it('is refused while an editor has the work', async () => {
    const fx = await insertWork(t, await userId(u), { status: '200' });
    const res = await post(t, u, P.materialAdd, {
      id: fx.id,
      track_id: fx.trackIds[0],
      kind: 'accompany',
      key: files.audio,
    });
    expect(res.body.code).toBe(2102);
  });
});

describe('managing works by status', () => {
  let u: Musician;
  let owner: number;
  let files: FileKeys;
  beforeAll(async () => {
    u = await user();
    owner = await userId(u);
    files = await uploadBasics(t, u);
  });

  it('reopens a rejected work (400 → 00); editing a rejected work reopens it first and moves on', async () => {
    const a = await insertWork(t, owner, { status: '400', reject_reason: 'cover', reject_text: '封面模糊' });
    const reopened = await post(t, u, P.reopen, { id: a.id });
    expect(reopened.body.data).toMatchObject({ status: '00', reject_reason: { code: 'cover', text: '封面模糊' } });
    expect((await post(t, u, P.reopen, { id: a.id })).body.code).toBe(2101);

    const b = await insertWork(t, owner, { status: '400', reject_reason: 'metadata' });
    const saved = await saveInfo(
      u,
      infoBody(b.id, files, {
        tracks: [
          { id: b.trackIds[0], title: '夜航', primary_artists: ['林一'], lyricist: ['林一'], composer: ['林一'] },
        ],
      }),
    );
    expect(saved.body.data.status).toBe('10');
    const events = (await history(u, b.id)).body.data.map((e: { action: string }) => e.action);
    expect(events.slice(-2)).toEqual(['reopen', 'complete_info']);
  });

  it('deletes only new works not with an editor, with their rows; the files stay', async () => {
    const draft = await create(u);
    await saveInfo(u, infoBody(draft, files));
    const res = await post(t, u, P.remove, { id: draft });
    expect(res.body.code).toBe(1);
    expect((await detail(u, draft)).body.code).toBe(2100);
    expect((await t.sql('SELECT count(*)::int AS n FROM work_tracks WHERE work_id = $1', [draft])).rows[0].n).toBe(0);
    expect((await t.sql('SELECT count(*)::int AS n FROM work_events WHERE work_id = $1', [draft])).rows[0].n).toBe(0);
    expect((await t.sql('SELECT count(*)::int AS n FROM user_files WHERE key = $1', [files.cover])).rows[0].n).toBe(1);

    const signed = await readyToSign(u, files);
    await sign(u, signBody(signed));
    const letter = (await t.sql('SELECT pdf_key FROM work_authorizations WHERE work_id = $1', [signed])).rows[0]
      .pdf_key;
    expect((await post(t, u, P.remove, { id: signed })).body.code).toBe(2114);
    await post(t, u, P.withdraw, { id: signed });
    expect((await post(t, u, P.remove, { id: signed })).body.code).toBe(1);
    // the letter's own files go with the work
    expect(await t.deps.storage.get(letter)).toBeNull();

    for (const status of ['01', '300', '990', '991', '401'] as const) {
      const fx = await insertWork(t, owner, { status });
      expect((await post(t, u, P.remove, { id: fx.id })).body.code, status).toBe(2114);
    }
  });

  it('changes an online work and gives the change up, putting the live version back exactly', async () => {
    const fx = await insertWork(t, owner, {
      status: '991',
      kind: 'album',
      title: '旧专辑',
      tracks: 2,
      upc: '012345678905',
    });
    expect((await post(t, u, P.discardChange, { id: fx.id })).body.code).toBe(2101);
    // editing step 1 of an online work needs a change first
    expect((await saveInfo(u, infoBody(fx.id, {}))).body.code).toBe(2102);
    const started = await post(t, u, P.startChange, { id: fx.id });
    expect(started.body.data.status).toBe('01');
    expect((await readWork(t, fx.id))?.live_snapshot).not.toBeNull();
    expect((await post(t, u, P.startChange, { id: fx.id })).body.code).toBe(2101);

    const live = (await detail(u, fx.id)).body.data;
    const changed = await saveInfo(
      u,
      infoBody(fx.id, files, {
        title: '新专辑',
        upc: null,
        tracks: [
          { id: fx.trackIds[1], title: '只留一首', primary_artists: ['林一'], lyricist: ['林一'], composer: ['林一'] },
        ],
      }),
    );
    expect(changed.body.data).toMatchObject({ status: '11', title: '新专辑' });
    expect(changed.body.data.tracks).toHaveLength(1);

    const discarded = await post(t, u, P.discardChange, { id: fx.id });
    expect(discarded.body.code, JSON.stringify(discarded.body)).toBe(1);
    const back = discarded.body.data;
    expect(back.status).toBe('991');
    for (const field of ['title', 'upc', 'cover', 'tracks', 'primary_artists', 'platforms', 'release_date'])
      expect(back[field], field).toEqual(live[field]);
    expect((await readWork(t, fx.id))?.live_snapshot).toBeNull();
    const actions = (await history(u, fx.id)).body.data.map((e: { action: string }) => e.action);
    expect(actions.slice(-3)).toEqual(['start_change', 'complete_info', 'discard_change']);
  });

  it('adding a material to an online work starts a change', async () => {
    const fx = await insertWork(t, owner, { status: '991' });
    const res = await post(t, u, P.materialAdd, {
      id: fx.id,
      track_id: fx.trackIds[0],
      kind: 'accompany',
      key: files.audio,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.data.status).not.toBe('991');
    expect(['01', '11']).toContain(res.body.data.status);
    const back = await post(t, u, P.discardChange, { id: fx.id });
    expect(back.body.data.tracks[0].materials.map((m: { kind: string }) => m.kind)).toEqual(['music']);
  });
});

describe('creating drafts', () => {
  it('refuses a bad kind and callers without a session', async () => {
    const u = await user();
    expect((await post(t, u, P.create, { kind: 'ep' })).body.code).toBe(2001);
    const anonymous = await call(t.app, { method: 'POST', url: P.create, payload: { kind: 'single' } });
    expect(anonymous.body.code).toBe(1000);
  });

  it('refuses malformed step bodies, naming the field', async () => {
    const u = await user();
    const id = await create(u);
    const cases: Array<[string, object, string]> = [
      [P.saveInfo, infoBody(id, {}, { genre: 'polka' }), 'genre'],
      [P.saveInfo, infoBody(id, {}, { title: 'x'.repeat(201) }), 'title'],
      [P.saveInfo, infoBody(id, {}, { property: 9 }), 'property'],
      [P.saveInfo, infoBody(id, {}, { original_release_date: '2026-02-30' }), 'original_release_date'],
      [P.saveInfo, { ...infoBody(id, {}), id: 'abc' }, 'id'],
      [P.saveScope, scopeBody(id, { territories: ['XX'] }), 'territories'],
      [P.saveScope, scopeBody(id, { platforms: [] }), 'platforms'],
      [P.sign, signBody(id, { agree: false }), 'agree'],
      [P.sign, signBody(id, { signature_png: 'data:image/svg+xml;base64,PHN2Zz4=' }), 'signature_png'],
      [P.materialAdd, { id, track_id: null, kind: 'poster', key: 'k' }, 'kind'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(t, u, url, body);
      expect(res.body.code, `${url} ${field}`).toBe(2001);
      expect(res.body.data.fields.join(','), `${url} ${field}`).toContain(field);
    }
    expect((await readWork(t, id))?.title).toBe('');
  });

  it('limits unfinished works per user', async () => {
    const u = await user();
    const owner = await userId(u);
    for (let i = 0; i < 50; i++) await insertWork(t, owner, { status: i % 2 ? '00' : '400' });
    const res = await post(t, u, P.create, { kind: 'single' });
    expect(res.body).toMatchObject({ code: 2125, data: { max: 50 } });
  });

  it('limits how fast drafts are created', async () => {
    const u = await user();
    for (let i = 0; i < 30; i++) expect((await post(t, u, P.create, { kind: 'album' })).body.code).toBe(1);
    const res = await post(t, u, P.create, { kind: 'album' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(2030);
  });
});
