/**
 * Works made for the journeys that start after submission (editor review): real files generated here — a WAV and a
 * 3000×3000 PNG cover — uploaded through the real upload paths (tus for the audio, /api/common/upload for the
 * cover), then the three publishing steps called through the API with the musician's session (the `request` of a
 * page that logged in shares its cookie). The publishing screens themselves have journeys of their own.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { API } from '../../contract/src/paths';
import { AGREEMENT_VERSION } from '../../contract/src/work-model';

/**
 * A PCM WAV (16-bit, stereo): a sine tone at a random pitch with a little noise, so every file has its own content
 * (the pre-review treats the same audio in two works as a duplicate).
 */
export function makeWav(seconds = 31, sampleRate = 44_100): Buffer {
  const channels = 2;
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * channels * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  const pitch = 220 + Math.random() * 440;
  for (let i = 0; i < frames; i += 1) {
    const tone = Math.sin((2 * Math.PI * pitch * i) / sampleRate) * 9000;
    for (let c = 0; c < channels; c += 1) {
      const sample = Math.round(tone + (Math.random() - 0.5) * 200);
      out.writeInt16LE(sample, 44 + (i * channels + c) * 2);
    }
  }
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A square 8-bit RGB PNG: a random base colour with a gradient, its scanlines deflated with node:zlib. 3000×3000
 * compresses to a few hundred kilobytes.
 */
export function makeCoverPng(side = 3000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 200));
  // A lighter block at a random place and size: every cover differs in shape, not only in colour, so two journeys'
  // covers are never near copies of each other (the cover checks compare a perceptual hash of the shapes).
  const bw = Math.floor(side * (0.2 + Math.random() * 0.3));
  const bh = Math.floor(side * (0.2 + Math.random() * 0.3));
  const bx = Math.floor(Math.random() * (side - bw));
  const by = Math.floor(Math.random() * (side - bh));
  const stride = 1 + side * 3;
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y += 1) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    const shade = Math.floor((y / side) * 55);
    for (let x = 0; x < side; x += 1) {
      const p = row + 1 + x * 3;
      const lift = x >= bx && x < bx + bw && y >= by && y < by + bh ? 90 : 0;
      raw[p] = Math.min(255, r! + shade + lift);
      raw[p + 1] = Math.min(255, g! + lift);
      raw[p + 2] = Math.min(255, b! + Math.floor((x / side) * 55) + lift);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function envelope<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  let body: { code?: number; msg?: string; data?: T };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what}: HTTP ${response.status()} ${text.slice(0, 300)}`);
  }
  if (body.code !== 1) throw new Error(`${what}: code ${body.code} ${body.msg ?? ''} ${JSON.stringify(body.data)}`);
  return body.data as T;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** An audio file through the resumable (tus) path, in one PATCH; answers its storage key. */
export async function uploadAudio(request: APIRequestContext, file: Buffer, filename: string): Promise<string> {
  const created = await request.post(API.uploadTus, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(file.length),
      'Upload-Metadata': `kind ${b64('audio')},filename ${b64(filename)}`,
    },
  });
  if (created.status() !== 201) throw new Error(`tus create: HTTP ${created.status()} ${await created.text()}`);
  const location = created.headers().location!;
  const patched = await request.patch(location, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: file,
  });
  const key = patched.headers()['upload-file-key'];
  if (patched.status() !== 204 || !key) throw new Error(`tus patch: HTTP ${patched.status()} ${await patched.text()}`);
  return key;
}

/** A small file (the cover) through POST /api/common/upload; answers its storage key. */
export async function uploadSmall(
  request: APIRequestContext,
  file: Buffer,
  filename: string,
  mimeType: string,
): Promise<string> {
  const response = await request.post(API.commonUpload, {
    multipart: { file: { name: filename, mimeType, buffer: file } },
  });
  return (await envelope<{ key: string }>(response, 'upload')).key;
}

async function call<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  return envelope<T>(await request.post(path, { data: body }), path);
}

/** An ISO date `days` from today. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface SubmittedWork {
  id: number;
  title: string;
}

/**
 * A single with real files, complete and clean for pre-review, taken through steps 1–3 by its musician: it ends in
 * first review (200). `request` must carry the musician's session.
 */
export async function submitSingle(
  request: APIRequestContext,
  input: { title: string; artist: string },
): Promise<SubmittedWork> {
  const { id } = await prepareSingle(request, input);
  await call(request, API.publish.sign, {
    id,
    agree: true,
    agreement_version: AGREEMENT_VERSION,
    signature_png: null,
  });
  return { id, title: input.title };
}

/** The same single taken through steps 1 and 2 only: ready to sign at step 3 (100). */
export async function prepareSingle(
  request: APIRequestContext,
  input: { title: string; artist: string },
): Promise<SubmittedWork> {
  const [audioKey, coverKey] = await Promise.all([
    uploadAudio(request, makeWav(), `${input.title}.wav`),
    uploadSmall(request, makeCoverPng(), 'cover.png', 'image/png'),
  ]);
  const created = await call<{ id: number }>(request, API.publish.create, { kind: 'single' });
  const id = created.id;
  await call(request, API.publish.saveInfo, {
    id,
    title: input.title,
    version: '',
    primary_artists: [input.artist],
    featured_artists: [],
    genre: 'pop',
    language: 'zh-cmn',
    explicit: false,
    original_release_date: null,
    label: '乐轨测试厂牌',
    p_line: `2026 ${input.artist}`,
    c_line: `2026 ${input.artist}`,
    upc: null,
    property: 1,
    wc_statement: 1,
    source: 1,
    cover_key: coverKey,
    tracks: [
      {
        title: input.title,
        version: '',
        primary_artists: [input.artist],
        featured_artists: [],
        lyricist: [input.artist],
        composer: [input.artist],
        arranger: [],
        producer: [],
        isrc: null,
        explicit: false,
        language: 'zh-cmn',
        lyrics: '[00:01.00]第一行歌词\n[00:05.00]第二行歌词',
        audio_key: audioKey,
      },
    ],
  });
  await call(request, API.publish.saveScope, {
    id,
    platforms: ['qq_music', 'netease', 'spotify'],
    territories: 'worldwide',
    release_date: daysAhead(30),
  });
  return { id, title: input.title };
}
