/**
 * Taking in a big or checked file: judged by its bytes (never its name or declared type), hashed while streamed
 * from disk, moved into storage and recorded in user_files with its SHA-256 and what the analyzer read. Used by
 * resumable uploads (tus.service.ts), the server's signed URLs and the bucket uploads confirmed afterwards
 * (upload-grants.ts), and for files the server makes itself (the demo works, works.seed.ts).
 *
 * Only content that is not what its kind needs is refused (not audio, not an MP4/MOV container, not a PNG/JPEG,
 * not text). Whether good audio is good enough (stereo, 30 s, 16/24-bit...) is pre-review's business: such a file
 * is stored with its meta, and pre-review reports what it breaks.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GrantKind, MediaKind, StoredFile } from '@trackline/contract/storage-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { AUDIO_HEAD_BYTES, type AudioBytes, analyzeAudio } from '../media/audio';
import { decodesWhole, readCoverHeader, tooLarge } from '../media/image';
import { decodeLyrics } from '../media/lyrics';
import { refusal } from '../media/refusal';
import { analyzeVideo } from '../media/video';
import { privateFileUrl } from './file-access';
import { assertWithinQuota } from './quota';
import { insertUserFile } from './storage.repository';
import { sanitizeFileName } from './upload-rules';

export type { MediaKind };

/** What the bytes say a file is: its kind in user_files, extension, real content type and analysis. */
export interface Inspection {
  fileKind: StoredFile['kind'];
  ext: string;
  contentType: string;
  meta: StoredFile['meta'];
}

const AUDIO_TYPES = { wav: 'audio/wav', flac: 'audio/flac', mp3: 'audio/mpeg' } as const;
const VIDEO_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime' } as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** How much of a file inspect wants: a cover whole (at most 20 MiB, decoded to prove it is whole), else the head. */
export function inspectBytes(kind: GrantKind, size: number): number {
  return kind === 'cover' ? size : Math.min(size, AUDIO_HEAD_BYTES);
}

/**
 * Judges a file of a kind by its first inspectBytes (the first MiB, or all of it when smaller; a cover whole) and
 * its size, with the media module's analyzers; audio also by the whole file, which `open` streams (a FLAC or MP3
 * is read by music-metadata from all of it). Throws the refusal with the analyzer's issues:
 * UPLOAD_MEDIA_REFUSED for audio and video, UPLOAD_CONTENT_MISMATCH for a cover that is no readable JPG/PNG or
 * lyrics that are no text.
 */
export async function inspect(
  kind: GrantKind,
  head: Buffer,
  size: number,
  name: string,
  open?: AudioBytes['open'],
): Promise<Inspection> {
  switch (kind) {
    case 'audio': {
      const info = await analyzeAudio({ head, size, open });
      if ('issues' in info) throw new AppError('UPLOAD_MEDIA_REFUSED', { issues: info.issues });
      return { fileKind: 'audio', ext: info.format, contentType: AUDIO_TYPES[info.format], meta: info };
    }
    case 'video': {
      const info = analyzeVideo(head);
      if ('issues' in info) throw new AppError('UPLOAD_MEDIA_REFUSED', { issues: info.issues });
      return { fileKind: 'video', ext: info.container, contentType: VIDEO_TYPES[info.container], meta: info };
    }
    case 'cover': {
      // The header (format, declared size, colour space), then the pixels unless the header declares a bomb (that
      // is pre-review's cover.too_large): a file that does not decode is no image.
      const header = await readCoverHeader(head);
      if ('issues' in header) throw new AppError('UPLOAD_CONTENT_MISMATCH', { issues: header.issues });
      if (!tooLarge(header) && (head.length < size || !(await decodesWhole(head))))
        throw new AppError('UPLOAD_CONTENT_MISMATCH', { issues: refusal('cover.corrupt', 'cover').issues });
      const type = header.format === 'png' ? 'image/png' : 'image/jpeg';
      return { fileKind: 'image', ext: header.format, contentType: type, meta: header };
    }
    case 'lyric': {
      // Lyrics are at most 1 MiB, so the head is the whole file.
      const lyrics = size <= head.length ? decodeLyrics(head) : null;
      if (!lyrics || 'issues' in lyrics)
        throw new AppError('UPLOAD_CONTENT_MISMATCH', { issues: lyrics?.issues ?? [] });
      const ext = extensionOf(name) === 'lrc' ? 'lrc' : 'txt';
      const meta = { encoding: lyrics.encoding, format: lyrics.format, lines: lyrics.lines.length };
      return { fileKind: 'text', ext, contentType: `text/plain; charset=${lyrics.encoding}`, meta };
    }
  }
}

export async function readFileHead(filePath: string, bytes = AUDIO_HEAD_BYTES): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    let filled = 0;
    while (filled < bytes) {
      const { bytesRead } = await handle.read(buf, filled, bytes - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buf.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** SHA-256 of a stream, read in pieces: a 2 GiB file never sits in memory. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

export function storageKey(userId: number, kind: GrantKind, ext: string, id: string = randomUUID()): string {
  return `users/${userId}/${kind}/${new Date().toISOString().slice(0, 7)}/${id}.${ext}`;
}

/** The stored file as its uploader sees it: private, so its URL is a link that expires. */
async function storedFile(deps: Deps, key: string, name: string, size: number, sha256: string, found: Inspection) {
  return {
    key,
    url: await privateFileUrl(deps, key),
    name,
    size,
    content_type: found.contentType,
    kind: found.fileKind,
    sha256,
    meta: found.meta,
  } satisfies StoredFile;
}

async function record(deps: Deps, userId: number, file: StoredFile): Promise<void> {
  try {
    await insertUserFile(deps.database.db, {
      user_id: userId,
      key: file.key,
      kind: file.kind,
      content_type: file.content_type,
      size_bytes: file.size,
      original_name: file.name,
      sha256: file.sha256,
      meta: file.meta,
    });
  } catch (err) {
    // No row, no file: an unrecorded file would escape the quota and never be cleaned up.
    await deps.storage.remove(file.key).catch(() => undefined);
    throw err;
  }
}

/**
 * A file received on the server's disk (staging): judged, hashed, moved into storage under the user's prefix (or
 * the granted `key`) and recorded. The staging file is gone afterwards, unless an unexpected fault stopped it.
 */
export async function intakeLocalFile(
  deps: Deps,
  input: {
    userId: number;
    kind: GrantKind;
    filePath: string;
    size: number;
    name: string;
    key?: string;
    /** Already computed while the bytes arrived; hashed from disk when absent. */
    sha256?: string;
  },
): Promise<StoredFile> {
  try {
    // A granted key's extension was chosen from the granted content type: the bytes must agree with it.
    const head = await readFileHead(input.filePath, inspectBytes(input.kind, input.size));
    const open = () => createReadStream(input.filePath, { highWaterMark: 1024 * 1024 });
    const found = await inspect(input.kind, head, input.size, input.key ?? input.name, open);
    if (input.key && !input.key.endsWith(`.${found.ext}`)) throw new AppError('UPLOAD_CONTENT_MISMATCH');
    await assertWithinQuota(deps, input.userId, input.size);
    const sha256 = input.sha256 ?? (await sha256Of(createReadStream(input.filePath, { highWaterMark: 1024 * 1024 })));
    const key = input.key ?? storageKey(input.userId, input.kind, found.ext);
    const file = await storedFile(deps, key, sanitizeFileName(input.name, found.ext), input.size, sha256, found);
    await deps.storage.putFile(key, input.filePath, found.contentType);
    await record(deps, input.userId, file);
    return file;
  } catch (err) {
    // A refused file goes; after an unexpected fault the bytes stay for another try (the caller decides).
    if (err instanceof AppError) await rm(input.filePath, { force: true });
    throw err;
  }
}

/**
 * A file the browser put into the bucket itself (a presigned POST): judged from the stored bytes, hashed as it is
 * read back, and recorded; removed from the bucket when refused.
 */
export async function intakeStoredObject(
  deps: Deps,
  input: { userId: number; kind: GrantKind; key: string; size: number; name: string },
): Promise<StoredFile> {
  try {
    const head = await deps.storage.read(input.key, { start: 0, end: inspectBytes(input.kind, input.size) - 1 });
    if (!head) throw new AppError('NOT_FOUND');
    const chunks: Buffer[] = [];
    for await (const chunk of head) chunks.push(chunk as Buffer);
    // The key's extension was chosen from the granted content type: the bytes must agree with it.
    const open = async () => {
      const whole = await deps.storage.read(input.key);
      if (!whole) throw new AppError('NOT_FOUND');
      return whole;
    };
    const found = await inspect(input.kind, Buffer.concat(chunks), input.size, input.key, open);
    if (!input.key.endsWith(`.${found.ext}`)) throw new AppError('UPLOAD_CONTENT_MISMATCH');
    await assertWithinQuota(deps, input.userId, input.size);
    const body = await deps.storage.read(input.key);
    if (!body) throw new AppError('NOT_FOUND');
    const file = await storedFile(
      deps,
      input.key,
      sanitizeFileName(input.name, found.ext),
      input.size,
      await sha256Of(body),
      found,
    );
    await record(deps, input.userId, file);
    return file;
  } catch (err) {
    if (err instanceof AppError && err.key !== 'NOT_FOUND') await deps.storage.remove(input.key).catch(() => undefined);
    throw err;
  }
}

/**
 * A file the server made itself (the demo works' audio and covers) for a user: judged by the same analyzers as an
 * upload, hashed, stored under the user's prefix and recorded with its SHA-256 and meta, so it is exactly the file
 * an upload of these bytes would have given the user, and counts against their quota the same way.
 */
export async function intakeServerFile(
  deps: Deps,
  input: { userId: number; kind: GrantKind; body: Buffer; name: string },
): Promise<StoredFile> {
  const { body } = input;
  const found = await inspect(
    input.kind,
    body.subarray(0, inspectBytes(input.kind, body.length)),
    body.length,
    input.name,
    () => Readable.from([body], { objectMode: false }),
  );
  await assertWithinQuota(deps, input.userId, body.length);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const key = storageKey(input.userId, input.kind, found.ext);
  const file = await storedFile(deps, key, sanitizeFileName(input.name, found.ext), body.length, sha256, found);
  await deps.storage.put(key, body, found.contentType);
  await record(deps, input.userId, file);
  return file;
}
