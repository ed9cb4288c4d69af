/**
 * Resumable uploads (tus 1.0) of audio and video at /api/upload/tus, with real WAV and MP4 bytes: creation, a
 * PATCH that breaks off with the connection, HEAD reporting what reached the disk, resuming, completion into
 * storage (local disk, and S3 through s3rver), the refusals, ownership, quota and the userdata figures.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, utimes } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleUploadsTask } from '../src/modules/storage/storage.tasks';
import { sweepStaleUploads } from '../src/modules/storage/tus.service';
import { fileSigningKey, signFileQuery } from '../src/platform/storage/file-signature';
import { png } from './files';
import { call, createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { flac, id3WithPicture, isoMedia, mp3, textFile, wav } from './media-files';
import { startTestBucket, type TestBucket } from './s3rver';

const MiB = 1024 * 1024;
const QUOTA = 12 * MiB;
const MAX = 8 * MiB;
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ USER_STORAGE_QUOTA_BYTES: String(QUOTA), UPLOAD_MEDIA_MAX_BYTES: String(MAX) });
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(121);
const user = () => registerUser(t, {}, nextIp());
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

async function create(app: TestApp, token: string, length: number, fields = { kind: 'audio', filename: 'song.wav' }) {
  return call(app.app, {
    method: 'POST',
    url: '/api/upload/tus',
    headers: { ...TUS, token, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
}

async function patch(app: TestApp, token: string, location: string, offset: number, body: Buffer) {
  return call(app.app, {
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      token,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });
}

async function head(app: TestApp, token: string, location: string) {
  return app.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, token } });
}

/** Creates an upload and sends the whole file in one PATCH; answers the final PATCH and the upload id. */
async function uploadWhole(app: TestApp, token: string, file: Buffer, fields = { kind: 'audio', filename: 'a.wav' }) {
  const created = await create(app, token, file.length, fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const location = created.headers.location as string;
  const done = await patch(app, token, location, 0, file);
  return { id: created.body.data.id as string, location, done };
}

const fileState = (app: TestApp, token: string, id: string, lang = 'en') =>
  call(app.app, { method: 'GET', url: `/api/upload/file?id=${id}`, headers: { token, 'accept-language': lang } });

const rows = async (app: TestApp, userId: number) =>
  (
    await app.sql(
      'SELECT key, kind, content_type, size_bytes, original_name, sha256, meta FROM user_files WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows;

/** Sends `sent` bytes of a PATCH that announces `total`, then drops the connection. */
async function patchAndDrop(base: string, token: string, location: string, body: Buffer, sent: number) {
  const url = new URL(location, base);
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      token,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(body.length),
    },
  });
  req.on('error', () => undefined);
  await new Promise<void>((resolve) => req.write(body.subarray(0, sent), () => resolve()));
  // Let the bytes travel before the connection goes.
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
}

async function waitFor<T>(what: () => Promise<T>, until: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (until(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('tus resumable upload', () => {
  it('answers OPTIONS with the protocol, extensions and maximum size', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/upload/tus' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-extension']).toBe('creation,termination');
    expect(res.headers['tus-max-size']).toBe(String(MAX));
  });

  it('survives a dropped connection: HEAD reports what reached the disk, the rest resumes, the WAV is stored', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    const song = wav({ seconds: 31 });
    const created = await create(t, u.token, song.length, { kind: 'audio', filename: '月光 demo.wav' });
    expect(created.status).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/upload\/tus\/[0-9a-f]{32}$/);
    expect(created.body.data.id).toBe(location.split('/').pop());

    const first = await head(t, u.token, location);
    expect(first.statusCode).toBe(200);
    expect(first.headers['upload-offset']).toBe('0');
    expect(first.headers['upload-length']).toBe(String(song.length));
    expect(first.headers['cache-control']).toBe('no-store');

    // First chunk: 2 MiB announced, about 1.5 MiB sent, then the connection drops.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await patchAndDrop(address, u.token, location, song.subarray(0, 2 * MiB), 1.5 * MiB);
    const settled = await waitFor(
      () => t.sql('SELECT received_bytes, lock_token FROM tus_uploads WHERE id = $1', [created.body.data.id]),
      (r) => r.rows[0].lock_token === null && r.rows[0].received_bytes > 0,
    );
    const written = settled.rows[0].received_bytes as number;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(1.5 * MiB);
    const after = await head(t, u.token, location);
    expect(after.headers['upload-offset']).toBe(String(written));

    // Resuming from a wrong offset is refused (409); from the reported one it goes on, in two more PATCHes.
    const wrong = await patch(t, u.token, location, 0, song.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe(2095);
    const middle = Math.floor((written + song.length) / 2);
    const second = await patch(t, u.token, location, written, song.subarray(written, middle));
    expect(second.status).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(middle));
    const last = await patch(t, u.token, location, middle, song.subarray(middle));
    expect(last.status, JSON.stringify(last.body)).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(song.length));
    const key = last.headers['upload-file-key'] as string;
    expect(key).toMatch(new RegExp(`^users/${id}/audio/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.wav$`));

    // Stored byte for byte, recorded with its hash and what the analyzer read.
    expect((await readFile(path.join(t.deps.config.filesDir, key))).equals(song)).toBe(true);
    expect(await rows(t, id)).toEqual([
      {
        key,
        kind: 'audio',
        content_type: 'audio/wav',
        size_bytes: song.length,
        original_name: '月光 demo.wav',
        sha256: sha256(song),
        meta: { format: 'wav', bitDepth: 16, sampleRate: 44_100, channels: 2, durationSec: 31, lossy: false },
      },
    ]);
    const state = await fileState(t, u.token, created.body.data.id);
    expect(state.body.data).toMatchObject({
      status: 'stored',
      offset: song.length,
      length: song.length,
      kind: 'audio',
      failure: null,
      file: {
        key,
        url: expect.stringMatching(/^\/files\/users\/.*\?exp=\d+&sig=[0-9a-f]{64}$/),
        size: song.length,
        sha256: sha256(song),
        kind: 'audio',
      },
    });
    // The staging copy is gone; a repeated final PATCH (its answer lost) learns the final offset.
    expect(existsSync(path.join(t.deps.config.uploadStagingDir, created.body.data.id))).toBe(false);
    const again = await patch(t, u.token, location, song.length, Buffer.alloc(0));
    expect(again.status).toBe(204);
    expect(again.headers['upload-offset']).toBe(String(song.length));

    const usage = await call(t.app, { method: 'GET', url: '/api/userstorage/userdata', headers: { token: u.token } });
    expect(usage.body.data).toEqual({ used_bytes: song.length, quota_bytes: QUOTA, file_count: 1 });
  });

  it('works with the official client (tus-js-client): chunks, a dropped connection retried, resumed from HEAD', async () => {
    const u = await user();
    const song = wav({ seconds: 20 });
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const upstream = (t.app.server.address() as AddressInfo).port;
    // A proxy that cuts the connection once, in the middle of the third megabyte of the body.
    let forwarded = 0;
    let cut = false;
    const proxy = net.createServer((client) => {
      const server = net.connect(upstream, '127.0.0.1');
      client.on('data', (chunk: Buffer) => {
        forwarded += chunk.length;
        if (!cut && forwarded > 2.5 * MiB) {
          cut = true;
          client.destroy();
          server.destroy();
          return;
        }
        server.write(chunk);
      });
      server.pipe(client);
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
      client.on('close', () => server.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const progress: number[] = [];
    try {
      const key = await new Promise<string>((resolve, reject) => {
        const upload = new tus.Upload(song, {
          endpoint: `${base}/api/upload/tus`,
          chunkSize: MiB,
          retryDelays: [0, 100, 300, 1000],
          metadata: { kind: 'audio', filename: 'client.wav' },
          headers: { token: u.token },
          onChunkComplete: (_size, accepted) => progress.push(accepted),
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('upload-file-key') ?? ''),
          onError: reject,
        });
        upload.start();
      });
      expect(cut).toBe(true);
      expect(key).toMatch(/\/audio\/\d{4}-\d{2}\/[0-9a-f-]{36}\.wav$/);
      expect(progress.at(-1)).toBe(song.length);
      expect((await readFile(path.join(t.deps.config.filesDir, key))).equals(song)).toBe(true);
    } finally {
      proxy.close();
    }
  });

  it('stores audio that breaks delivery rules (mono, 10 s) with its meta, and an MP4 as video', async () => {
    const u = await user();
    const mono = wav({ channels: 1, seconds: 10 });
    const a = await uploadWhole(t, u.token, mono, { kind: 'audio', filename: 'mono.wav' });
    expect(a.done.status).toBe(204);
    const clip = isoMedia('isom', ['isom', 'mp41']);
    const v = await uploadWhole(t, u.token, clip, { kind: 'video', filename: 'mv.mp4' });
    expect(v.done.status, JSON.stringify(v.done.body)).toBe(204);
    const stored = await rows(t, u.userinfo.id);
    expect(stored.map((r) => [r.kind, r.content_type, r.meta])).toEqual([
      [
        'audio',
        'audio/wav',
        { format: 'wav', bitDepth: 16, sampleRate: 44_100, channels: 1, durationSec: 10, lossy: false },
      ],
      ['video', 'video/mp4', { container: 'mp4', brand: 'isom' }],
    ]);
    expect(stored[1]!.key).toMatch(/\/video\/\d{4}-\d{2}\/[0-9a-f-]{36}\.mp4$/);
    const usage = await call(t.app, { method: 'GET', url: '/api/userstorage/userdata', headers: { token: u.token } });
    expect(usage.body.data).toEqual({ used_bytes: mono.length + clip.length, quota_bytes: QUOTA, file_count: 2 });
  });

  it('refuses a truncated FLAC, naming the rule', async () => {
    const u = await user();
    const cut = flac().subarray(0, 20);
    const { done } = await uploadWhole(t, u.token, cut, { kind: 'audio', filename: 'cut.flac' });
    expect(done.status).toBe(422);
    expect(done.body.data.issues[0].rule).toBe('audio.truncated');
    expect(await rows(t, u.userinfo.id)).toEqual([]);
  });

  it('reads a FLAC and an MP3 past their first MiB, from the whole file on disk (a cover picture in the ID3 tag)', async () => {
    const u = await user();
    // 31 s of tone in verbatim frames (5 MB) behind a 900 kB picture; 40 s of MP3 behind a 1.5 MiB one
    const song = Buffer.concat([id3WithPicture(900_000), flac({ tone: true })]);
    const clip = Buffer.concat([id3WithPicture(1.5 * MiB), mp3(1540).subarray(mp3(0).length)]);
    expect(song.length).toBeGreaterThan(MiB);
    const a = await uploadWhole(t, u.token, song, { kind: 'audio', filename: 'song.flac' });
    expect(a.done.status, JSON.stringify(a.done.body)).toBe(204);
    const b = await uploadWhole(t, u.token, clip, { kind: 'audio', filename: 'clip.mp3' });
    expect(b.done.status, JSON.stringify(b.done.body)).toBe(204);
    const stored = await rows(t, u.userinfo.id);
    expect(stored.map((r) => [r.content_type, r.size_bytes, r.meta])).toEqual([
      [
        'audio/flac',
        song.length,
        { format: 'flac', bitDepth: 16, sampleRate: 44_100, channels: 2, durationSec: 31, lossy: false },
      ],
      [
        'audio/mpeg',
        clip.length,
        {
          format: 'mp3',
          bitDepth: null,
          sampleRate: 44_100,
          channels: 2,
          durationSec: expect.any(Number),
          lossy: true,
        },
      ],
    ]);
    expect(stored[1]!.meta.durationSec).toBeCloseTo((1540 * 1152) / 44_100, 1);
  });

  it('refuses a text file declared as audio, deletes it, and keeps the reason for the client', async () => {
    const u = await user();
    const text = textFile();
    const { id, location, done } = await uploadWhole(t, u.token, text, { kind: 'audio', filename: 'song.wav' });
    expect(done.status).toBe(422);
    expect(done.body.code).toBe(2091);
    expect(done.body.data.issues).toEqual([{ rule: 'audio.format', field: 'audio', severity: 'error' }]);
    expect(done.body.msg).toMatch(/^无法识别为有效的音频或视频文件：.+/);
    const state = await fileState(t, u.token, id);
    expect(state.body.data).toMatchObject({ status: 'refused', file: null, failure: { code: 2091 } });
    expect(state.body.data.failure.issues[0].rule).toBe('audio.format');
    expect(state.body.data.failure.msg).toMatch(/^The file could not be read as audio or video: .+/);
    const zh = await fileState(t, u.token, id, 'zh-CN');
    expect(zh.body.data.failure.msg).toBe(done.body.msg);
    expect((await head(t, u.token, location)).statusCode).toBe(422);
    expect(existsSync(path.join(t.deps.config.uploadStagingDir, id))).toBe(false);
    expect(await rows(t, u.userinfo.id)).toEqual([]);
    // A WAV declared as video is no video either.
    const asVideo = await uploadWhole(t, u.token, wav({ seconds: 1 }), { kind: 'video', filename: 'x.mp4' });
    expect(asVideo.done.body.data.issues[0].rule).toMatch(/^video\./);
  });

  it("answers 404 for another user's upload on HEAD, PATCH, DELETE and the state call", async () => {
    const owner = await user();
    const other = await user();
    const created = await create(t, owner.token, 1000);
    const location = created.headers.location as string;
    expect((await head(t, other.token, location)).statusCode).toBe(404);
    const p = await patch(t, other.token, location, 0, Buffer.alloc(10));
    expect(p.status).toBe(404);
    expect(p.body.code).toBe(2044);
    const d = await call(t.app, { method: 'DELETE', url: location, headers: { ...TUS, token: other.token } });
    expect(d.status).toBe(404);
    expect((await fileState(t, other.token, created.body.data.id)).body.code).toBe(2044);
    expect((await head(t, owner.token, location)).headers['upload-offset']).toBe('0');
    // The owner may cancel it: the upload and its bytes go.
    const cancel = await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, token: owner.token } });
    expect(cancel.statusCode).toBe(204);
    expect((await head(t, owner.token, location)).statusCode).toBe(404);
    expect(existsSync(path.join(t.deps.config.uploadStagingDir, created.body.data.id))).toBe(false);
  });

  it('refuses without a session (401), an unknown kind (400), a size over the maximum (413 / 2092)', async () => {
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/upload/tus',
      headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': metadata({ kind: 'audio' }) },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(1000);
    const u = await user();
    const image = await create(t, u.token, 1000, { kind: 'image', filename: 'a.png' });
    expect(image.status).toBe(400);
    const big = await create(t, u.token, MAX + 1);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 2092, data: { max_bytes: MAX } });
    const version = await call(t.app, {
      method: 'POST',
      url: '/api/upload/tus',
      headers: { token: u.token, 'upload-length': '10', 'upload-metadata': metadata({ kind: 'audio' }) },
    });
    expect(version.status).toBe(412);
    expect(version.headers['tus-version']).toBe('1.0.0');
    // More bytes than announced: what fits is kept, the rest refused.
    const small = await create(t, u.token, 100);
    const over = await patch(t, u.token, small.headers.location as string, 0, Buffer.alloc(150));
    expect(over.status).toBe(413);
    // Without a Content-Length (chunked), the body is cut at the announced length and refused.
    const chunked = await call(t.app, {
      method: 'PATCH',
      url: small.headers.location as string,
      headers: { ...TUS, token: u.token, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Readable.from([Buffer.alloc(60), Buffer.alloc(90)]),
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe(2092);
  });

  it('refuses over quota at creation (unfinished uploads reserve their length) and at completion', async () => {
    const u = await user();
    const first = await create(t, u.token, 7 * MiB);
    expect(first.status).toBe(201);
    const second = await create(t, u.token, 6 * MiB);
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({
      code: 2090,
      data: { used_bytes: 0, reserved_bytes: 7 * MiB, quota_bytes: QUOTA },
    });

    // Files that arrive meanwhile count when the upload completes.
    const v = await user();
    const song = wav({ seconds: 31 });
    const created = await create(t, v.token, song.length);
    await t.sql(
      `INSERT INTO user_files (user_id, key, kind, content_type, size_bytes) VALUES ($1, $2, 'pdf', 'application/pdf', $3)`,
      [v.userinfo.id, `users/${v.userinfo.id}/uploads/filler.pdf`, QUOTA - MiB],
    );
    const done = await patch(t, v.token, created.headers.location as string, 0, song);
    expect(done.status).toBe(413);
    expect(done.body.code).toBe(2090);
    const state = await fileState(t, v.token, created.body.data.id);
    expect(state.body.data).toMatchObject({ status: 'refused', failure: { code: 2090 } });

    // The small-file upload refuses too.
    const { multipart } = await import('./files');
    const form = await multipart(png(2 * MiB), 'a.png', 'image/png');
    const common = await call(t.app, {
      method: 'POST',
      url: '/api/common/upload',
      headers: { token: v.token, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(common.body.code).toBe(2090);
  });

  it('sweeps uploads untouched for a day with their bytes, as the hourly background job', async () => {
    const u = await user();
    const created = await create(t, u.token, 1000);
    const id = created.body.data.id as string;
    await patch(t, u.token, created.headers.location as string, 0, Buffer.alloc(100, 1));
    const staged = path.join(t.deps.config.uploadStagingDir, id);
    expect(existsSync(staged)).toBe(true);
    await t.sql(`UPDATE tus_uploads SET updated_at = now() - interval '25 hours' WHERE id = $1`, [id]);
    const orphan = path.join(t.deps.config.uploadStagingDir, 'f'.repeat(32));
    await import('node:fs/promises').then((fs) => fs.writeFile(orphan, 'x'));
    const old = new Date(Date.now() - 25 * 3600_000);
    await utimes(orphan, old, old);
    // The schedule last ran two hours ago (no worker was running since): a runner starting now makes up the
    // missed hourly slot at once, through graphile-worker's cron, as it would after any outage.
    await t.sql(
      `INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
       VALUES ($1, now() - interval '2 hours', now() - interval '2 hours')`,
      [sweepStaleUploadsTask.name],
    );
    const runner = await t.startJobRunner();
    const deadline = Date.now() + 30_000;
    while ((existsSync(staged) || existsSync(orphan)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await runner.stop();
    expect(existsSync(staged)).toBe(false);
    expect(existsSync(orphan)).toBe(false);
    expect((await head(t, u.token, created.headers.location as string)).statusCode).toBe(404);
    expect(await readdir(t.deps.config.uploadStagingDir)).not.toContain(id);
    const { rows } = await t.sql(
      `SELECT last_execution > now() - interval '1 hour' AS recent FROM graphile_worker._private_known_crontabs
       WHERE identifier = $1`,
      [sweepStaleUploadsTask.name],
    );
    expect(rows[0].recent).toBe(true);
  });

  it('the sweep spares uploads in use and can run twice', async () => {
    const u = await user();
    const created = await create(t, u.token, 1000);
    const id = created.body.data.id as string;
    await patch(t, u.token, created.headers.location as string, 0, Buffer.alloc(100, 1));
    expect(await sweepStaleUploads(t.deps)).toBe(0);
    expect(await sweepStaleUploads(t.deps)).toBe(0);
    expect(existsSync(path.join(t.deps.config.uploadStagingDir, id))).toBe(true);
    expect((await head(t, u.token, created.headers.location as string)).statusCode).toBe(200);
  });
});

describe('tus upload into S3-compatible storage', () => {
  const BUCKET = 'trackline-tus';
  let bucket: TestBucket;
  let s: TestApp;

  beforeAll(async () => {
    bucket = await startTestBucket(BUCKET);
    s = await createTestApp(bucket.env);
  });
  afterAll(async () => {
    await s?.close();
    await bucket?.close();
  });

  it('streams the completed WAV into the bucket in parts, records it, and serves byte ranges', async () => {
    const u = await registerUser(s, {}, '10.122.0.1');
    // Over one 8 MiB part, so the multipart path runs.
    const song = wav({ seconds: 60 });
    expect(song.length).toBeGreaterThan(8 * MiB);
    const { id, done } = await uploadWhole(s, u.token, song, { kind: 'audio', filename: 'long.wav' });
    expect(done.status, JSON.stringify(done.body)).toBe(204);
    const key = done.headers['upload-file-key'] as string;
    expect((await s.deps.storage.get(key))?.equals(song)).toBe(true);
    expect(await s.deps.storage.stat(key)).toEqual({ size: song.length });
    const [row] = await rows(s, u.userinfo.id);
    expect(row).toMatchObject({ key, kind: 'audio', sha256: sha256(song), size_bytes: song.length });
    expect(existsSync(path.join(s.deps.config.uploadStagingDir, id))).toBe(false);
    // Read back through the server's own route (as a public file or a server-signed link is), not the bucket.
    const link = `/files/${key}?${signFileQuery(fileSigningKey(s.deps.secret), key, new Date(Date.now() + 60_000))}`;
    const ranged = await s.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-11' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-11/${song.length}`);
    expect(ranged.rawPayload.equals(song.subarray(0, 12))).toBe(true);
    const whole = await s.app.inject({ method: 'GET', url: link });
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.equals(song)).toBe(true);
  });
});
