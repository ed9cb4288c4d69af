/**
 * The musician's side of the works calls as the tests drive them: uploads through the real paths (audio by tus,
 * covers and lyrics by POST /api/common/upload), step bodies that are complete by default, and a drawn signature.
 */
import { API } from '@trackline/contract/paths';
import { AGREEMENT_VERSION } from '@trackline/contract/work-model';
import { expect } from 'vitest';
import { multipart } from './files';
import { call, type TestApp } from './harness';
import { listInfoChunk, pngImage, wav } from './media-files';

export interface Musician {
  token: string;
  mobile: string;
  userinfo: { id?: number };
}

export const post = (
  t: TestApp,
  u: Musician,
  url: string,
  payload: object = {},
  headers: Record<string, string> = {},
) => call(t.app, { method: 'POST', url, payload, headers: { token: u.token, ...headers } });

export const get = (t: TestApp, u: Musician, url: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url, headers: { token: u.token, ...headers } });

const TAG = 'take-0000000000';
let song: Buffer | null = null;
let take = 0;
/**
 * A 44.1 kHz 16-bit stereo WAV of 31 s (about 5.5 MB). Each call answers a different recording (its LIST title
 * differs, so its SHA-256 does): only tests about duplicates upload the same bytes twice on purpose.
 */
export function validWav(): Buffer {
  song ??= wav({ seconds: 31, before: [listInfoChunk(TAG)] });
  const copy = Buffer.from(song);
  copy.write(`take-${String(++take).padStart(10, '0')}`, song.indexOf(TAG), 'latin1');
  return copy;
}

/** A real 3000×3000 RGB PNG of one colour (deflate of raw scanlines), made once. */
let cover: Buffer | null = null;
export function validCover(): Buffer {
  cover ??= pngImage(3000, 3000);
  return cover;
}

/** A drawn signature as the signing pad sends it: a 600×200 RGBA PNG data URL. */
export function signaturePng(width = 600, height = 200): string {
  return `data:image/png;base64,${pngImage(width, height, 6).toString('base64')}`;
}

/** A small file through POST /api/common/upload; answers its key. */
export async function uploadSmall(t: TestApp, u: Musician, body: Buffer, name: string, type: string): Promise<string> {
  const form = await multipart(body, name, type);
  const res = await call(t.app, {
    method: 'POST',
    url: API.commonUpload,
    payload: form.payload,
    headers: { token: u.token, 'content-type': form.contentType },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.key as string;
}

/** Audio through the resumable path (tus creation + one PATCH), then its stored file's key. */
export async function uploadAudio(t: TestApp, u: Musician, body = validWav(), name = 'master.wav'): Promise<string> {
  const meta = `kind ${Buffer.from('audio').toString('base64')},filename ${Buffer.from(name).toString('base64')}`;
  const tus = { 'tus-resumable': '1.0.0', token: u.token };
  const created = await call(t.app, {
    method: 'POST',
    url: API.uploadTus,
    headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': meta },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const location = created.headers.location as string;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
  expect(patched.statusCode, patched.body).toBe(204);
  const state = await call(t.app, {
    method: 'GET',
    url: `${API.uploadFile}?id=${created.body.data.id}`,
    headers: { token: u.token },
  });
  expect(state.body.data?.status, JSON.stringify(state.body)).toBe('stored');
  return state.body.data.file.key as string;
}

export interface FileKeys {
  cover: string;
  audio: string;
}

/** One cover and one main audio of the user's own. */
export async function uploadBasics(t: TestApp, u: Musician): Promise<FileKeys> {
  return {
    cover: await uploadSmall(t, u, validCover(), 'cover.png', 'image/png'),
    audio: await uploadAudio(t, u),
  };
}

/** A complete step 1 for a single (overridable). */
export function infoBody(id: number, files: Partial<FileKeys>, overrides: Record<string, unknown> = {}) {
  const { tracks, ...rest } = overrides as { tracks?: Record<string, unknown>[] };
  return {
    id,
    title: '夜航',
    primary_artists: ['林一'],
    genre: 'pop',
    language: 'zh-cmn',
    property: 1,
    wc_statement: 1,
    source: 1,
    label: '乐轨音乐',
    ...(files.cover ? { cover_key: files.cover } : {}),
    tracks: tracks ?? [
      <Record<string, unknown>>{
        title: '夜航',
        primary_artists: ['林一'],
        lyricist: ['林一'],
        composer: ['林一'],
        lyrics: '夜很长\n路很远',
        ...(files.audio ? { audio_key: files.audio } : {}),
      },
    ],
    ...rest,
  };
}

/** A release date far enough ahead for any lead time the tests use. */
export function releaseDate(daysAhead = 30): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

export function scopeBody(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    platforms: ['qq_music', 'spotify'],
    territories: 'worldwide',
    release_date: releaseDate(),
    ...overrides,
  };
}

export function signBody(id: number, overrides: Record<string, unknown> = {}) {
  return { id, agree: true, agreement_version: AGREEMENT_VERSION, ...overrides };
}
