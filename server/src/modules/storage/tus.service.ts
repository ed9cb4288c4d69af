/**
 * Resumable uploads of audio and video (tus 1.0 core protocol with the creation and termination extensions), for
 * logged-in musicians. The state of each upload is a tus_uploads row (any instance can answer), the bytes a file
 * in the staging directory. An upload is its creator's: any other caller gets 404, as for an unknown id.
 *
 * Completion happens in the PATCH that brings the last byte: the file, whole on the staging disk, is judged
 * (media/audio.ts: a WAV by its head, a FLAC or MP3 by music-metadata over all of it; media/video.ts by its head;
 * by the declared kind), hashed, moved into storage and recorded (media-intake.ts). What cannot be
 * read as audio or video is refused and deleted; the refusal stays readable for a day at GET /api/upload/file.
 * If a process dies mid-completion, the next GET /api/upload/file (or the hourly sweep a day later) takes over.
 */
import { createHash, type Hash, randomBytes } from 'node:crypto';
import { readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { type ErrorKey, errorCatalogue, type Lang } from '@trackline/contract/errors';
import { issueText } from '@trackline/contract/rule-texts';
import {
  MEDIA_KINDS,
  type MediaKind,
  type ResumableUploadState,
  type StoredFile,
} from '@trackline/contract/storage-types';
import type { RuleIssue } from '@trackline/contract/works-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { failure as envelopeFailure } from '../../platform/http/envelope';
import { NulCharacterError } from '../../platform/http/nul-refusal';
import { hitWithin } from '../../platform/security/rate-limiter';
import { privateFileUrl } from './file-access';
import { intakeLocalFile } from './media-intake';
import { assertWithinQuota } from './quota';
import { BodyTooLong, ensureStagingDir, receiveInto, stagingPath } from './staging';
import { findUserFileWithMeta } from './storage.repository';
import {
  deleteOldGrantUses,
  deleteTusUpload,
  existingTusIds,
  findTusUpload,
  insertTusUpload,
  renewTusLease,
  staleTusUploads,
  type TusUploadRow,
  takeTusLease,
  updateTusUpload,
} from './tus.repository';

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,termination';
/** New resumable uploads per user. */
export const TUS_LIMITS = { perUserPerHour: 20, perUserPerDay: 100 } as const;
/** An upload untouched this long is deleted with its bytes (and an ended one's record). */
export const STALE_HOURS = 24;
const LEASE_SECONDS = 60;
const LEASE_RENEW_MS = 20_000;

/**
 * SHA-256 of each upload computed as its bytes arrive, so completing a 2 GiB file needs no second pass over it.
 * Kept in this process only, as a shortcut: when a PATCH lands on another instance, after a restart, or when a
 * broken PATCH left the hash ahead of what reached the disk, the entry is dropped and completion hashes the file
 * from disk instead.
 */
const runningHashes = new Map<string, { hash: Hash; bytes: number; usedAt: number }>();

/** Upload-Metadata: comma-separated `key base64(value)` pairs (a key may come without value). */
export function parseMetadata(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9_.-]+$/.test(key) || out.has(key)) throw new AppError('MALFORMED');
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new AppError('MALFORMED');
    const decoded = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
    // Refused like a NUL in any other input (platform/http/nul-refusal.ts): the file name goes to the database.
    if (decoded.includes('\u0000')) throw new NulCharacterError(`Upload-Metadata ${key}`);
    out.set(key, decoded);
  }
  return out;
}

interface Failure {
  key: ErrorKey;
  details?: Record<string, unknown>;
}

function refusalError(f: Failure): AppError {
  return new AppError(f.key, f.details);
}

/** Creates an upload of `length` bytes; answers its id. Quota counts the user's other unfinished uploads too. */
export async function createUpload(
  deps: Deps,
  userId: number,
  input: { length: number; metadata: string | undefined },
): Promise<string> {
  const meta = parseMetadata(input.metadata);
  const kind = meta.get('kind') as MediaKind | undefined;
  if (!kind || !MEDIA_KINDS.includes(kind)) throw new AppError('VALIDATION', { fields: ['kind'] });
  const max = deps.config.uploadMediaMaxBytes;
  if (input.length > max) throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: max });
  await assertWithinQuota(deps, userId, input.length, { reserve: true });
  const allowed = await hitWithin(deps.limiter, [
    { key: `tus:user:${userId}:h`, windowSec: 3600, max: TUS_LIMITS.perUserPerHour },
    { key: `tus:user:${userId}:d`, windowSec: 86_400, max: TUS_LIMITS.perUserPerDay },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED');
  const id = randomBytes(16).toString('hex');
  await ensureStagingDir(deps);
  await writeFile(stagingPath(deps, id), '', { flag: 'wx' });
  await insertTusUpload(deps.database.db, {
    id,
    user_id: userId,
    kind,
    length_bytes: input.length,
    metadata: input.metadata ?? '',
    original_name: Array.from(meta.get('filename') ?? meta.get('name') ?? '')
      .slice(0, 200)
      .join(''),
  });
  return id;
}

/** The caller's own upload, or 404. */
export async function ownUpload(deps: Deps, userId: number, id: string): Promise<TusUploadRow> {
  const row = /^[0-9a-f]{32}$/.test(id) ? await findTusUpload(deps.database.db, userId, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The offset HEAD reports; a refused upload is gone (its reason is at GET /api/upload/file). */
export async function uploadOffset(deps: Deps, userId: number, id: string): Promise<TusUploadRow> {
  const row = await ownUpload(deps, userId, id);
  if (row.status === 'refused') throw refusalError(row.failure as Failure);
  return row;
}

/**
 * PATCH: appends the body at `offset`, which must be where the upload stands. A dropped connection keeps what
 * reached the disk (HEAD reports it, the client resumes from there). The last byte completes the upload.
 */
export async function appendToUpload(
  deps: Deps,
  userId: number,
  id: string,
  offset: number,
  body: NodeJS.ReadableStream,
  declaredLength?: number,
): Promise<{ offset: number; file: StoredFile | null }> {
  const row = await ownUpload(deps, userId, id);
  // A body announced longer than what is left is refused before a byte of it is read.
  if (declaredLength !== undefined && offset + declaredLength > row.length_bytes)
    throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: row.length_bytes });
  if (row.status === 'refused') throw refusalError(row.failure as Failure);
  if (row.status !== 'receiving') {
    // Already complete: a client repeating its last PATCH after a lost answer learns the final offset.
    if (offset === row.length_bytes && row.status === 'stored') return { offset, file: null };
    throw new AppError(row.status === 'processing' ? 'UPLOAD_BUSY' : 'UPLOAD_OFFSET_MISMATCH');
  }
  if (offset !== row.received_bytes) throw new AppError('UPLOAD_OFFSET_MISMATCH');

  const token = randomBytes(16).toString('hex');
  const held = await takeTusLease(deps.database.db, id, token, LEASE_SECONDS, ['receiving']);
  if (!held) throw new AppError('UPLOAD_BUSY');
  const db = deps.database.db;
  const file = stagingPath(deps, id);
  let release = true;
  try {
    if (offset !== held.received_bytes) throw new AppError('UPLOAD_OFFSET_MISMATCH');
    const onDisk = await stat(file).catch(() => null);
    if (!onDisk) {
      // The bytes are gone (swept, or this instance does not share the staging volume): nothing to resume.
      await deleteTusUpload(db, id);
      release = false;
      throw new AppError('NOT_FOUND');
    }
    if (onDisk.size < held.received_bytes) {
      // Fewer bytes than recorded (a crash lost the tail): the client resumes from what is really there.
      await updateTusUpload(db, id, token, { received_bytes: onDisk.size, release: true });
      release = false;
      throw new AppError('UPLOAD_OFFSET_MISMATCH');
    }
    // More than recorded: a PATCH that died before recording its last piece; its tail is received again.
    if (onDisk.size > held.received_bytes) await truncate(file, held.received_bytes);

    let running = runningHashes.get(id);
    if (offset === 0) {
      forgetIdleHashes();
      running = { hash: createHash('sha256'), bytes: 0, usedAt: Date.now() };
      runningHashes.set(id, running);
    } else if (running && running.bytes !== offset) {
      runningHashes.delete(id);
      running = undefined;
    }
    const hashing = running;
    const onBytes = hashing
      ? (chunk: Buffer) => {
          hashing.hash.update(chunk);
          hashing.bytes += chunk.length;
        }
      : undefined;

    const renew = setInterval(() => {
      renewTusLease(db, id, token, LEASE_SECONDS).catch(() => undefined);
    }, LEASE_RENEW_MS);
    let received: { written: number; error: unknown };
    try {
      received = await receiveInto(file, body, { start: offset, max: held.length_bytes - offset, onBytes });
    } finally {
      clearInterval(renew);
    }
    const now = offset + received.written;
    if (hashing) {
      if (hashing.bytes === now) hashing.usedAt = Date.now();
      else runningHashes.delete(id);
    }
    if (now < held.length_bytes || received.error) {
      await updateTusUpload(db, id, token, { received_bytes: now, release: true });
      release = false;
      if (received.error instanceof BodyTooLong)
        throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: held.length_bytes });
      if (received.error) throw received.error;
      return { offset: now, file: null };
    }
    await updateTusUpload(db, id, token, { received_bytes: now, status: 'processing', release: false });
    release = false;
    return { offset: now, file: await completeUpload(deps, { ...held, received_bytes: now }, token) };
  } finally {
    if (release) await updateTusUpload(db, id, token, { release: true }).catch(() => undefined);
  }
}

/**
 * Judges, stores and records a complete upload under the caller's lease, and records the outcome. A refusal is
 * kept (and thrown); an unexpected fault leaves the upload 'processing' with its bytes, for a later try.
 */
async function completeUpload(deps: Deps, row: TusUploadRow, token: string): Promise<StoredFile> {
  const db = deps.database.db;
  const running = runningHashes.get(row.id);
  runningHashes.delete(row.id);
  try {
    const stored = await intakeLocalFile(deps, {
      userId: row.user_id,
      kind: row.kind,
      filePath: stagingPath(deps, row.id),
      size: row.length_bytes,
      name: row.original_name,
      sha256: running?.bytes === row.length_bytes ? running.hash.digest('hex') : undefined,
    });
    await updateTusUpload(db, row.id, token, { status: 'stored', file_key: stored.key, release: true });
    return stored;
  } catch (err) {
    if (err instanceof AppError) {
      const failure: Failure = { key: err.key, ...(err.details ? { details: err.details } : {}) };
      await updateTusUpload(db, row.id, token, { status: 'refused', failure, release: true });
    } else {
      await updateTusUpload(db, row.id, token, { release: true }).catch(() => undefined);
    }
    throw err;
  }
}

/** DELETE (termination): an unfinished upload and its bytes go; a finished one only stops being tracked. */
export async function terminateUpload(deps: Deps, userId: number, id: string): Promise<void> {
  const row = await ownUpload(deps, userId, id);
  if (row.status === 'receiving') {
    const token = randomBytes(16).toString('hex');
    if (!(await takeTusLease(deps.database.db, id, token, LEASE_SECONDS, ['receiving'])))
      throw new AppError('UPLOAD_BUSY');
  } else if (row.status === 'processing') {
    throw new AppError('UPLOAD_BUSY');
  }
  await deleteTusUpload(deps.database.db, id);
  await rm(stagingPath(deps, id), { force: true });
  runningHashes.delete(id);
}

/** The text of a refusal: the catalogue's, followed by the analyzer's rules when it named any. */
export function refusalText(f: Failure, lang: Lang): { code: number; msg: string; issues: RuleIssue[] } {
  const issues = (f.details?.issues as RuleIssue[] | undefined) ?? [];
  const extra = issues.map((i) => issueText(i, lang)).join(lang === 'en' ? '; ' : '；');
  return { code: errorCatalogue[f.key].code, msg: envelopeFailure(f.key, lang, null, extra || undefined).msg, issues };
}

/**
 * GET /api/upload/file?id=: how the caller's upload stands. An upload left 'processing' by a process that died
 * (its lease ran out) is completed here.
 */
export async function uploadState(deps: Deps, userId: number, id: string, lang: Lang): Promise<ResumableUploadState> {
  let row = await ownUpload(deps, userId, id);
  if (row.status === 'processing') {
    const token = randomBytes(16).toString('hex');
    const held = await takeTusLease(deps.database.db, id, token, LEASE_SECONDS, ['processing']);
    if (held) {
      try {
        await completeUpload(deps, held, token);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      row = await ownUpload(deps, userId, id);
    }
  }
  let file: StoredFile | null = null;
  if (row.status === 'stored' && row.file_key) {
    const f = await findUserFileWithMeta(deps.database.db, userId, row.file_key);
    if (f)
      file = {
        key: f.key,
        url: await privateFileUrl(deps, f.key),
        name: f.original_name,
        size: Number(f.size_bytes),
        content_type: f.content_type,
        kind: f.kind as StoredFile['kind'],
        sha256: f.sha256 ?? '',
        meta: (f.meta ?? {}) as StoredFile['meta'],
      };
  }
  return {
    id: row.id,
    kind: row.kind,
    name: row.original_name,
    status: row.status,
    offset: row.received_bytes,
    length: row.length_bytes,
    file,
    failure: row.status === 'refused' ? refusalText(row.failure as Failure, lang) : null,
  };
}

/** Drops this process's running hashes of uploads abandoned for a day (checked as each new upload starts). */
function forgetIdleHashes(): void {
  const cutoff = Date.now() - STALE_HOURS * 3600_000;
  for (const [id, running] of runningHashes) if (running.usedAt < cutoff) runningHashes.delete(id);
}

/**
 * Deletes uploads untouched for a day (unfinished ones with their bytes, ended ones' records), staging files no
 * upload owns any more, and old grant nonces. A background job every hour (storage.tasks.ts): it may run in a
 * worker process, so it touches only the database and the staging directory, never this process's memory.
 * Deleting twice is harmless.
 */
export async function sweepStaleUploads(deps: Deps): Promise<number> {
  const db = deps.database.db;
  let removed = 0;
  for (const row of await staleTusUploads(db, STALE_HOURS)) {
    await rm(stagingPath(deps, row.id), { force: true });
    await deleteTusUpload(db, row.id);
    removed += 1;
  }
  const names = await readdir(deps.config.uploadStagingDir).catch(() => [] as string[]);
  const uploads = names.filter((n) => /^[0-9a-f]{32}$/.test(n));
  const known = await existingTusIds(db, uploads);
  const cutoff = Date.now() - STALE_HOURS * 3600_000;
  for (const name of names) {
    if (known.has(name) || !(/^[0-9a-f]{32}$/.test(name) || name.startsWith('grant-'))) continue;
    const s = await stat(stagingPath(deps, name)).catch(() => null);
    if (s && s.mtimeMs < cutoff) {
      await rm(stagingPath(deps, name), { force: true });
      removed += 1;
    }
  }
  await deleteOldGrantUses(db, STALE_HOURS);
  return removed;
}
